import { plainWordsFor } from './jargon';
import { onTaskTurns } from './rubric';
import { OBJECTION_ANCHORS } from '../objectionRubric';
import { lowerFirst } from './textTools';
import type { SentenceAnalysis } from './analyseTurn';
import type { ClinicianTurnReplay, ConversationReplay, PatientState } from './patientState';
import type { FeedbackItem } from '#shared/feedback';
import type { ScenarioRecord } from '../../scenarios/schema';

/**
 * Strengths and areas for improvement, each tied to the trainee's own words. Quotes are whole
 * sentences taken from the analysed message, so they are always verbatim spans of it.
 */

interface Candidate extends FeedbackItem {
  kind: string;
  weight: number;
}

export interface FeedbackLists {
  strengths: FeedbackItem[];
  areasForImprovement: FeedbackItem[];
}

const MAX_ITEMS = 3;
const MIN_ITEMS = 2;

export function whoFor(scenario: ScenarioRecord): string {
  return { patient: 'the patient', parent: 'the parent', carer: 'the carer' }[
    scenario.extras.speaker
  ];
}

function firstSentence(
  turns: readonly ClinicianTurnReplay[],
  test: (sentence: SentenceAnalysis, turn: ClinicianTurnReplay) => boolean,
): { sentence: SentenceAnalysis; turn: ClinicianTurnReplay } | undefined {
  for (const turn of turns) {
    const sentence = turn.analysis.sentences.find((s) => test(s, turn));
    if (sentence !== undefined) return { sentence, turn };
  }
  return undefined;
}

function quoteOf(found: { sentence: SentenceAnalysis } | undefined): string | null {
  return found === undefined ? null : found.sentence.text;
}

function concernName(scenario: ScenarioRecord, index: number | undefined): string | undefined {
  if (index === undefined) return undefined;
  const concern = scenario.extras.statedConcerns[index]?.concern;
  return concern === undefined ? undefined : `"${concern}"`;
}

/** The turn at which a stated concern first reached a stage, with the state just before. */
function turnWhere(
  replay: ConversationReplay,
  changed: (before: PatientState, after: PatientState) => boolean,
): ClinicianTurnReplay | undefined {
  let before = replay.initial;
  for (const turn of replay.turns) {
    if (changed(before, turn.state)) return turn;
    before = turn.state;
  }
  return undefined;
}

function strengthCandidates(scenario: ScenarioRecord, replay: ConversationReplay): Candidate[] {
  const who = whoFor(scenario);
  const turns = onTaskTurns(replay);
  const out: Candidate[] = [];
  const { hiddenConcerns, goal } = scenario.extras;

  for (const turn of turns) {
    const index = turn.newlyRevealed[0];
    const hidden = index === undefined ? undefined : hiddenConcerns[index];
    if (hidden === undefined) continue;
    const sentence =
      turn.analysis.sentences.find((s) => s.openQuestion || s.acknowledgement || s.reflection) ??
      turn.analysis.sentences[0];
    out.push({
      kind: 'revealed',
      weight: 6,
      text: `Your question uncovered something ${who} had not volunteered: ${lowerFirst(hidden.concern)}`,
      quote: sentence?.text ?? null,
    });
    break;
  }

  const acknowledged = firstSentence(
    turns,
    (s) => (s.acknowledgement || s.reflection) && !s.dismissal && !s.pressure,
  );
  if (acknowledged !== undefined) {
    const concern = concernName(scenario, acknowledged.turn.touchedStated[0]);
    out.push({
      kind: 'acknowledgement',
      weight: 5,
      text:
        concern === undefined
          ? `You named how ${who} was feeling before moving on, which lowers their guard and builds trust.`
          : `Acknowledge (LAER): you acknowledged how ${who} felt about ${concern} in their terms before answering it, which built trust.`,
      quote: quoteOf(acknowledged),
    });
  }

  const explored = firstSentence(turns, (s, t) => s.openQuestion && t.touchedStated.length > 0);
  if (explored !== undefined) {
    const concern = concernName(scenario, explored.turn.touchedStated[0]) ?? 'their concern';
    out.push({
      kind: 'open-question',
      weight: 4.5,
      text:
        explored.turn.state.stated[explored.turn.touchedStated[0] ?? -1]?.exploredBeforeAnswer ===
        false
          ? `Your open question let ${who} talk about ${concern} in their own words rather than answer yes or no.`
          : `Explore (LAER): your open question found out what lay behind ${concern} before you answered it, so your answer could fit the real worry.`,
      quote: quoteOf(explored),
    });
  }

  const accepted = turns.find((t) => t.acceptedNow);
  if (accepted !== undefined) {
    const proposal = accepted.analysis.sentences.find((s) => s.proposal);
    out.push({
      kind: 'accepted',
      weight: 4.5,
      text: `You asked for a decision only after the concerns were explored, and you reached the goal (${lowerFirst(goal)}).`,
      quote: proposal?.text ?? null,
    });
  }

  const options =
    firstSentence(turns, (s) => s.noTreatment) ?? firstSentence(turns, (s) => s.options);
  if (options !== undefined) {
    out.push({
      kind: 'options',
      weight: 4,
      text: options.sentence.noTreatment
        ? `You offered waiting or no treatment as a real option, so ${who} could make an informed choice.`
        : `You set out more than one option, so the recommendation felt like a choice rather than a sale.`,
      quote: quoteOf(options),
    });
  }

  const cost = firstSentence(turns, (s) => s.cost && !s.pressure);
  if (cost !== undefined) {
    out.push({
      kind: 'cost',
      weight: 3.5,
      text: `You talked about cost and payment openly instead of leaving ${who} to worry about it.`,
      quote: quoteOf(cost),
    });
  }

  const benefit = firstSentence(turns, (s) => s.benefit && !s.pressure);
  if (benefit !== undefined) {
    out.push({
      kind: 'benefit',
      weight: 3,
      text: `You explained what the treatment would do, not just what it is.`,
      quote: quoteOf(benefit),
    });
  }

  const resolved = firstSentence(
    turns,
    (s, t) => s.checksUnderstanding && t.state.stated.some((c) => c.answered),
  );
  const check = resolved ?? firstSentence(turns, (s) => s.checksUnderstanding);
  if (check !== undefined) {
    out.push({
      kind: 'check',
      weight: resolved === undefined ? 3.5 : 4,
      text:
        resolved === undefined
          ? `You checked what ${who} had taken in instead of assuming your explanation landed.`
          : `Check (LAER): after answering, you asked whether that resolved the worry instead of assuming it had.`,
      quote: quoteOf(check),
    });
  }

  const takeAway = firstSentence(turns, (s) => s.takeAway && !s.pressure);
  if (takeAway !== undefined) {
    out.push({
      kind: 'take-away',
      weight: 3.5,
      text: `Respond (LAER): you offered ${who} something to take away, so they can weigh it up without being rushed.`,
      quote: quoteOf(takeAway),
    });
  }

  const plain = firstSentence(turns, (s) => s.jargon.some((j) => j.explained));
  if (plain !== undefined) {
    const term = plain.sentence.jargon.find((j) => j.explained)?.term ?? 'the clinical term';
    out.push({
      kind: 'plain-words',
      weight: 3,
      text: `You explained "${term}" in plain words in the same breath.`,
      quote: quoteOf(plain),
    });
  }
  return out;
}

function areaCandidates(scenario: ScenarioRecord, replay: ConversationReplay): Candidate[] {
  const who = whoFor(scenario);
  const turns = onTaskTurns(replay);
  const { final } = replay;
  const out: Candidate[] = [];

  const pressure = firstSentence(turns, (s) => s.pressure);
  if (pressure !== undefined) {
    out.push({
      kind: 'pressure',
      weight: 7,
      text: `With lines like this you put pressure on ${who}, and someone hesitant who feels pushed digs in. Give your reasons, then let them choose the timing.`,
      quote: quoteOf(pressure),
    });
  }

  const offTask = replay.turns
    .flatMap((t) => t.analysis.sentences)
    .find((s) => s.graderInjection || s.roleBreak);
  if (offTask !== undefined) {
    out.push({
      kind: 'off-task',
      weight: 6,
      text: `You aimed this at the exercise rather than at ${who}. It earns nothing; stay in the consultation.`,
      quote: offTask.text,
    });
  }

  const runsDown = firstSentence(turns, (s) => s.runsDownOthers);
  if (runsDown !== undefined) {
    out.push({
      kind: 'runs-down',
      weight: 6.5,
      text: `Respond, don't defend (LAER): talking ${who} out of another opinion, or running down another clinician, sounds like you have something to hide. Offer records to take to them instead.`,
      quote: quoteOf(runsDown),
    });
  }

  const dismissed = firstSentence(turns, (s) => s.dismissal && !s.runsDownOthers);
  if (dismissed !== undefined) {
    out.push({
      kind: 'dismissal',
      weight: 6.5,
      text: `Acknowledge, don't dismiss (LAER): reassurance like this tells ${who} the worry doesn't count, so it stays. Name the worry, then ask what is behind it.`,
      quote: quoteOf(dismissed),
    });
  }

  const jargon = firstSentence(turns, (s) => s.jargon.some((j) => !j.explained));
  if (jargon !== undefined) {
    const term = jargon.sentence.jargon.find((j) => !j.explained)?.term ?? '';
    const plain = plainWordsFor(term);
    out.push({
      kind: 'jargon',
      weight: 6,
      text: `You said "${term}" without explaining it, and ${who} is unlikely to know the word.${plain === undefined ? '' : ` Try "${plain}".`}`,
      quote: quoteOf(jargon),
    });
  }

  const ignored = turns.find((t) => t.ignoredConcern);
  if (ignored !== undefined) {
    const concern = concernName(scenario, ignored.raisedBefore.stated[0]) ?? 'a worry';
    out.push({
      kind: 'ignored',
      weight: 6,
      text: `When ${who} raised ${concern}, your reply moved on without acknowledging it. Acknowledge and explore a concern before answering it.`,
      quote: ignored.analysis.sentences[0]?.text ?? null,
    });
  }

  final.stated.forEach((progress, i) => {
    if (progress.exploredBeforeAnswer !== false) return;
    const answered = turnWhere(replay, (b, a) => !b.stated[i]?.answered && !!a.stated[i]?.answered);
    const sentence = answered?.analysis.sentences.find((s) => s.explanation);
    out.push({
      kind: 'answered-early',
      weight: 4.5,
      text: `Explore before you respond (LAER): you answered ${concernName(scenario, i) ?? 'a concern'} before finding out what exactly worried ${who} about it. Ask first, then respond.`,
      quote: sentence?.text ?? null,
    });
  });

  const deferred = turns.find((t) => t.analysis.proposal && !t.state.accepted);
  if (deferred !== undefined && !final.accepted) {
    out.push({
      kind: 'early-ask',
      weight: 4,
      text: `You asked for a decision before ${who}'s concerns were explored, so they put it off. Explore and check each concern (LAER) before you ask.`,
      quote: deferred.analysis.sentences.find((s) => s.proposal)?.text ?? null,
    });
  }

  const unchecked = final.stated.findIndex((c) => c.answered && !c.checked && !c.settled);
  if (unchecked !== -1) {
    const answered = turnWhere(
      replay,
      (b, a) => !b.stated[unchecked]?.answered && !!a.stated[unchecked]?.answered,
    );
    out.push({
      kind: 'unchecked',
      weight: 3,
      text: `Check (LAER): after answering ${concernName(scenario, unchecked) ?? 'a concern'} you moved on without asking whether it resolved the worry.`,
      quote: answered?.analysis.sentences.find((s) => s.explanation)?.text ?? null,
    });
  }

  if (turns.length > 0 && !turns.some((t) => t.analysis.acknowledgement || t.analysis.reflection)) {
    out.push({
      kind: 'no-acknowledgement',
      weight: 5,
      text: `You never acknowledged how ${who} felt. A short "that sounds worrying" before the facts makes the facts easier to hear.`,
      quote: null,
    });
  }

  const long = firstSentence(turns, (s) => s.long);
  if (long !== undefined) {
    out.push({
      kind: 'long',
      weight: 3.5,
      text: `Your sentence here runs to ${long.sentence.words} words; spoken aloud it is hard to follow. Break it into short ones.`,
      quote: quoteOf(long),
    });
  }

  const open = turns.filter((t) => t.analysis.openQuestion).length;
  const closed = turns.filter((t) => t.analysis.closedQuestion).length;
  const closedSentence = firstSentence(turns, (s) => s.closedQuestion && !s.checksUnderstanding);
  if (closed >= 2 && closed > open && closedSentence !== undefined) {
    out.push({
      kind: 'closed',
      weight: 3.5,
      text: `Most of your questions could be answered with yes or no, like this one. Start with "what" or "how" to hear more.`,
      quote: quoteOf(closedSentence),
    });
  }

  const unexplored = final.stated.findIndex((s) => !s.explored);
  if (unexplored !== -1) {
    out.push({
      kind: 'unexplored',
      weight: 3.5,
      text: `You never explored ${concernName(scenario, unexplored) ?? 'one of the concerns'} with ${who}; ask what worries them about it.`,
      quote: null,
    });
  }

  const locked = scenario.extras.hiddenConcerns.find((_, i) => !final.hidden[i]?.revealed);
  if (locked !== undefined) {
    out.push({
      kind: 'hidden',
      weight: 3,
      text: `You never drew out a worry ${who} was keeping back. Next time: ${lowerFirst(locked.hint)}`,
      quote: null,
    });
  }

  if (!turns.some((t) => t.analysis.checksUnderstanding)) {
    out.push({
      kind: 'no-check',
      weight: 2.5,
      text: `You never checked what ${who} understood. Ask them to put the plan in their own words.`,
      quote: null,
    });
  }

  if (!turns.some((t) => t.analysis.explainsOptions || t.analysis.mentionsNoTreatment)) {
    out.push({
      kind: 'no-options',
      weight: 2.5,
      text: `You did not lay out the options, including waiting, so the plan could feel like the only way.`,
      quote: null,
    });
  }
  return out;
}

function strengthFallbacks(scenario: ScenarioRecord, replay: ConversationReplay): Candidate[] {
  const who = whoFor(scenario);
  const turns = onTaskTurns(replay);
  // A fallback strength must not hold up a line that is itself a problem.
  const clean = (s: SentenceAnalysis) =>
    !s.pressure && !s.dismissal && !s.long && s.jargon.every((j) => j.explained);
  const onTopic = firstSentence(turns, (s, t) => clean(s) && t.touchedStated.length > 0);
  const question = firstSentence(turns, (s) => clean(s) && (s.openQuestion || s.closedQuestion));
  const first = firstSentence(turns, clean);
  return [
    {
      kind: 'on-topic',
      weight: 1,
      text: `You kept to what ${who} came in about rather than drifting.`,
      quote: quoteOf(onTopic),
    },
    {
      kind: 'asked',
      weight: 1,
      text: `You asked ${who} questions rather than only talking at them.`,
      quote: quoteOf(question),
    },
    {
      kind: 'engaged',
      weight: 0.5,
      text: `You engaged with ${who} and kept the conversation going.`,
      quote: quoteOf(first),
    },
    {
      kind: 'room',
      weight: 0.25,
      text: `You gave ${who} room to say what was on their mind.`,
      quote: null,
    },
  ].filter((c) => c.quote !== null || c.kind === 'engaged' || c.kind === 'room');
}

function areaFallbacks(scenario: ScenarioRecord): Candidate[] {
  const who = whoFor(scenario);
  return [
    {
      kind: 'summarise',
      weight: 1,
      text: `Before you recommend, summarise what ${who} told you, so they can hear that you listened.`,
      quote: null,
    },
    {
      kind: 'deeper',
      weight: 1,
      text: `Follow each answer with one more open question to get beneath the first reply.`,
      quote: null,
    },
  ];
}

function top(candidates: readonly Candidate[], fallbacks: readonly Candidate[]): Candidate[] {
  const chosen = [...candidates].sort((a, b) => b.weight - a.weight).slice(0, MAX_ITEMS);
  for (const fallback of fallbacks) {
    if (chosen.length >= MIN_ITEMS) break;
    const repeats = chosen.some(
      (c) => c.kind === fallback.kind || (fallback.quote !== null && c.quote === fallback.quote),
    );
    if (!repeats) chosen.push(fallback);
  }
  return chosen;
}

/** Items that speak about a step of LAER; one of them carries the score's anchor. */
const LAER_AREAS = [
  'runs-down',
  'dismissal',
  'answered-early',
  'unchecked',
  'early-ask',
  'ignored',
];
const LAER_STRENGTHS = ['check', 'open-question', 'acknowledgement', 'take-away'];

/** The rubric anchor for an objection-handling score, in the words the grader is given. */
export function objectionAnchor(score: number): string {
  const band = OBJECTION_ANCHORS[Math.min(4, Math.max(0, Math.ceil(score / 2) - 1))] ?? '';
  const [range, meaning] = band.split(': ');
  return `Your objection handling scored ${score}/10; on Listen, Acknowledge, Explore, Respond and check, ${range} means ${meaning}.`;
}

function withAnchor(items: Candidate[], kinds: readonly string[], score: number): boolean {
  const item = items.find((c) => kinds.includes(c.kind));
  if (item === undefined) return false;
  item.text = `${item.text} ${objectionAnchor(score)}`;
  return true;
}

function plain(items: readonly Candidate[]): FeedbackItem[] {
  return items.map(({ text, quote }) => ({ text, quote }));
}

/**
 * `objectionScore`, when given, is explained in the wording of the rubric's anchors on the
 * first item about a LAER step, an area to improve before a strength.
 */
export function feedbackLists(
  scenario: ScenarioRecord,
  replay: ConversationReplay,
  objectionScore?: number,
): FeedbackLists {
  const strengths = top(strengthCandidates(scenario, replay), strengthFallbacks(scenario, replay));
  const areas = top(areaCandidates(scenario, replay), areaFallbacks(scenario));
  if (objectionScore !== undefined && !withAnchor(areas, LAER_AREAS, objectionScore)) {
    withAnchor(strengths, LAER_STRENGTHS, objectionScore);
  }
  return { strengths: plain(strengths), areasForImprovement: plain(areas) };
}
