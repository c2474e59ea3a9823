import { plainWordsFor } from './jargon';
import { onTaskTurns } from './rubric';
import { objectionBand } from '../objectionRubric';
import { reportText, whoParams } from './reportText';
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
  const who = whoParams(scenario);
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
      text: reportText('strength.revealed', { ...who, concern: lowerFirst(hidden.concern) }),
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
          ? reportText('strength.acknowledgedFeeling', who)
          : reportText('strength.acknowledgedConcern', { ...who, concern }),
      quote: quoteOf(acknowledged),
    });
  }

  const explored = firstSentence(turns, (s, t) => s.openQuestion && t.touchedStated.length > 0);
  if (explored !== undefined) {
    const concern =
      concernName(scenario, explored.turn.touchedStated[0]) ?? reportText('strength.theirConcern');
    out.push({
      kind: 'open-question',
      weight: 4.5,
      text:
        explored.turn.state.stated[explored.turn.touchedStated[0] ?? -1]?.exploredBeforeAnswer ===
        false
          ? reportText('strength.openQuestionTalk', { ...who, concern })
          : reportText('strength.openQuestionExplore', { ...who, concern }),
      quote: quoteOf(explored),
    });
  }

  const accepted = turns.find((t) => t.acceptedNow);
  if (accepted !== undefined) {
    const proposal = accepted.analysis.sentences.find((s) => s.proposal);
    out.push({
      kind: 'accepted',
      weight: 4.5,
      text: reportText('strength.accepted', { goal: lowerFirst(goal) }),
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
        ? reportText('strength.noTreatment', who)
        : reportText('strength.options'),
      quote: quoteOf(options),
    });
  }

  const cost = firstSentence(turns, (s) => s.cost && !s.pressure);
  if (cost !== undefined) {
    out.push({
      kind: 'cost',
      weight: 3.5,
      text: reportText('strength.cost', who),
      quote: quoteOf(cost),
    });
  }

  const benefit = firstSentence(turns, (s) => s.benefit && !s.pressure);
  if (benefit !== undefined) {
    out.push({
      kind: 'benefit',
      weight: 3,
      text: reportText('strength.benefit'),
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
          ? reportText('strength.checked', who)
          : reportText('strength.checkedResolved'),
      quote: quoteOf(check),
    });
  }

  const takeAway = firstSentence(turns, (s) => s.takeAway && !s.pressure);
  if (takeAway !== undefined) {
    out.push({
      kind: 'take-away',
      weight: 3.5,
      text: reportText('strength.takeAway', who),
      quote: quoteOf(takeAway),
    });
  }

  const plain = firstSentence(turns, (s) => s.jargon.some((j) => j.explained));
  if (plain !== undefined) {
    const term =
      plain.sentence.jargon.find((j) => j.explained)?.term ??
      reportText('strength.theClinicalTerm');
    out.push({
      kind: 'plain-words',
      weight: 3,
      text: reportText('strength.plainWords', { term }),
      quote: quoteOf(plain),
    });
  }
  return out;
}

function areaCandidates(scenario: ScenarioRecord, replay: ConversationReplay): Candidate[] {
  const who = whoParams(scenario);
  const turns = onTaskTurns(replay);
  const { final } = replay;
  const out: Candidate[] = [];

  const pressure = firstSentence(turns, (s) => s.pressure);
  if (pressure !== undefined) {
    out.push({
      kind: 'pressure',
      weight: 7,
      text: reportText('area.pressure', who),
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
      text: reportText('area.offTask', who),
      quote: offTask.text,
    });
  }

  const runsDown = firstSentence(turns, (s) => s.runsDownOthers);
  if (runsDown !== undefined) {
    out.push({
      kind: 'runs-down',
      weight: 6.5,
      text: reportText('area.runsDown', who),
      quote: quoteOf(runsDown),
    });
  }

  const dismissed = firstSentence(turns, (s) => s.dismissal && !s.runsDownOthers);
  if (dismissed !== undefined) {
    out.push({
      kind: 'dismissal',
      weight: 6.5,
      text: reportText('area.dismissal', who),
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
      text:
        plain === undefined
          ? reportText('area.jargon', { ...who, term })
          : reportText('area.jargonWithPlain', { ...who, term, plain }),
      quote: quoteOf(jargon),
    });
  }

  const ignored = turns.find((t) => t.ignoredConcern);
  if (ignored !== undefined) {
    const concern =
      concernName(scenario, ignored.raisedBefore.stated[0]) ?? reportText('area.aWorry');
    out.push({
      kind: 'ignored',
      weight: 6,
      text: reportText('area.ignored', { ...who, concern }),
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
      text: reportText('area.answeredEarly', {
        ...who,
        concern: concernName(scenario, i) ?? reportText('area.aConcern'),
      }),
      quote: sentence?.text ?? null,
    });
  });

  const deferred = turns.find((t) => t.analysis.proposal && !t.state.accepted);
  if (deferred !== undefined && !final.accepted) {
    out.push({
      kind: 'early-ask',
      weight: 4,
      text: reportText('area.earlyAsk', who),
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
      text: reportText('area.unchecked', {
        concern: concernName(scenario, unchecked) ?? reportText('area.aConcern'),
      }),
      quote: answered?.analysis.sentences.find((s) => s.explanation)?.text ?? null,
    });
  }

  if (turns.length > 0 && !turns.some((t) => t.analysis.acknowledgement || t.analysis.reflection)) {
    out.push({
      kind: 'no-acknowledgement',
      weight: 5,
      text: reportText('area.noAcknowledgement', who),
      quote: null,
    });
  }

  const long = firstSentence(turns, (s) => s.long);
  if (long !== undefined) {
    out.push({
      kind: 'long',
      weight: 3.5,
      text: reportText('area.long', { words: long.sentence.words }),
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
      text: reportText('area.closed'),
      quote: quoteOf(closedSentence),
    });
  }

  const unexplored = final.stated.findIndex((s) => !s.explored);
  if (unexplored !== -1) {
    out.push({
      kind: 'unexplored',
      weight: 3.5,
      text: reportText('area.unexplored', {
        ...who,
        concern: concernName(scenario, unexplored) ?? reportText('area.oneOfTheConcerns'),
      }),
      quote: null,
    });
  }

  const locked = scenario.extras.hiddenConcerns.find((_, i) => !final.hidden[i]?.revealed);
  if (locked !== undefined) {
    out.push({
      kind: 'hidden',
      weight: 3,
      text: reportText('area.hidden', { ...who, hint: lowerFirst(locked.hint) }),
      quote: null,
    });
  }

  if (!turns.some((t) => t.analysis.checksUnderstanding)) {
    out.push({
      kind: 'no-check',
      weight: 2.5,
      text: reportText('area.noCheck', who),
      quote: null,
    });
  }

  if (!turns.some((t) => t.analysis.explainsOptions || t.analysis.mentionsNoTreatment)) {
    out.push({
      kind: 'no-options',
      weight: 2.5,
      text: reportText('area.noOptions'),
      quote: null,
    });
  }
  return out;
}

function strengthFallbacks(scenario: ScenarioRecord, replay: ConversationReplay): Candidate[] {
  const who = whoParams(scenario);
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
      text: reportText('strength.onTopic', who),
      quote: quoteOf(onTopic),
    },
    {
      kind: 'asked',
      weight: 1,
      text: reportText('strength.asked', who),
      quote: quoteOf(question),
    },
    {
      kind: 'engaged',
      weight: 0.5,
      text: reportText('strength.engaged', who),
      quote: quoteOf(first),
    },
    {
      kind: 'room',
      weight: 0.25,
      text: reportText('strength.room', who),
      quote: null,
    },
  ].filter((c) => c.quote !== null || c.kind === 'engaged' || c.kind === 'room');
}

function areaFallbacks(scenario: ScenarioRecord): Candidate[] {
  const who = whoParams(scenario);
  return [
    {
      kind: 'summarise',
      weight: 1,
      text: reportText('area.summarise', who),
      quote: null,
    },
    {
      kind: 'deeper',
      weight: 1,
      text: reportText('area.deeper'),
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

/**
 * The rubric anchor for an objection-handling score, in the words the grader is given (in
 * English; the reader's language otherwise).
 */
export function objectionAnchor(score: number): string {
  const { range, meaning } = objectionBand(score);
  return reportText('anchor', { score, range, meaning });
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
