import { normaliseSpeech, topicsOf } from './clinicianTurn';
import type { TurnUnderstanding } from './clinicianTurn';
import { namesOnlyWordsSaid } from './jargon';
import { hasSaid, joinReply, pickLine, sentenceCount } from './lines';
import {
  AGAIN,
  CONFIRMATIONS,
  CORRECTIONS,
  SHORT_ANSWERS,
  TAKING_IN,
  UNDERSTOOD,
  smallTalkKind,
  smallTalkLines,
  topicAnswers,
} from './patientAnswers';
import { replayConversation } from './patientState';
import type { ClinicianTurnReplay } from './patientState';
import { scenarioIndex } from './scenarioIndex';
import { hashText, lowerFirst, sameWords, splitSentences } from './textTools';
import type { ChatTurn } from '../types';
import type { ConversationTopic, ScenarioRecord } from '../../scenarios/schema';

/**
 * The offline patient's next line, from the state after the clinician's newest turn. Every
 * word comes from the scenario's own in-voice lines (or the in-role deflections below), so the
 * patient never coaches, never lists and never steps out of the role.
 */

const TOPIC = {
  patient: 'my teeth',
  parent: "my child's teeth",
  carer: 'the treatment we came in about',
} as const;

// Deliberately bland: whatever the clinician tried, the patient just does not follow it.
const DEFLECTIONS = [
  "Sorry, I don't know what you mean by that. I'm only here about {topic}.",
  "That's an odd thing to say. Can we get back to {topic}?",
  "I'm a bit lost, to be honest. I thought we were talking about {topic}.",
  "I'm not sure what you're getting at. Could we just talk about {topic}, please?",
];
const ANNOYED_DEFLECTIONS = [
  "You've said something strange like that already. Please, can we just talk about {topic}?",
  "I really don't follow any of that. I came here to sort out {topic}.",
];

interface Moment {
  scenario: ScenarioRecord;
  turn: ClinicianTurnReplay;
  pick: (pool: readonly string[], salt: string) => string | undefined;
  /** A deterministic roll in 0..sides-1 for this moment. */
  roll: (salt: string, sides: number) => number;
  said: (line: string) => boolean;
}

function deflect(moment: Moment): string | undefined {
  const { scenario, turn, pick } = moment;
  const pool = turn.state.offTaskCount > 1 ? ANNOYED_DEFLECTIONS : DEFLECTIONS;
  const topic = TOPIC[scenario.extras.speaker];
  return pick(pool, 'deflect')?.replace('{topic}', topic);
}

/** The next thing the patient would say about a stated concern, deeper each time. */
function nextConcernLine(moment: Moment, index: number): string | undefined {
  const concern = moment.scenario.extras.statedConcerns[index];
  if (concern === undefined) return undefined;
  return concern.lines.find((line) => !moment.said(line));
}

/**
 * A concern the patient still carries: one they already raised if any, else any not yet
 * explored. Which one comes back is up to the moment, like a real patient's mind wandering.
 */
function nudge(moment: Moment): string | undefined {
  const open = moment.turn.state.stated
    .map((progress, i) => ({ progress, line: nextConcernLine(moment, i) }))
    .filter(({ progress, line }) => !progress.explored && line !== undefined);
  const raised = open.filter(({ progress }) => progress.raised);
  const pool = (raised.length > 0 ? raised : open).map(({ line }) => line ?? '');
  return moment.pick(pool, 'nudge-concern');
}

/** What the patient says once a concern is settled by this turn. */
function settledReply(moment: Moment): string | undefined {
  const { statedConcerns } = moment.scenario.extras;
  for (const i of moment.turn.newlySettled) {
    const settled = statedConcerns[i]?.settled;
    if (settled !== undefined && !moment.said(settled)) return settled;
  }
  return undefined;
}

/** The next line about a stated concern this turn touched, deeper each time. */
function touchedConcernLine(moment: Moment): string | undefined {
  const { turn } = moment;
  for (const i of turn.touchedStated) {
    if (turn.state.stated[i]?.settled) continue;
    const line = nextConcernLine(moment, i);
    if (line !== undefined) return line;
  }
  return undefined;
}

function again(moment: Moment, line: string, salt: string): string {
  const lead = moment.pick(AGAIN, `${salt}|again`) ?? 'Like I said, ';
  const body = /^I\b/.test(line) ? line : lowerFirst(line);
  return `${lead}${body}`;
}

/** A fresh line from a pool, or a used one said as a repeat ("Like I said, ..."). */
function pick(moment: Moment, pool: readonly string[], salt: string): string | undefined {
  const fresh = pool.filter((line) => !moment.said(line));
  if (fresh.length > 0) return moment.pick(fresh, salt);
  const line = moment.pick(pool, salt);
  return line === undefined ? undefined : again(moment, line, salt);
}

/**
 * The topic to answer: the one the question is most surely about (the model ranks a
 * question's topics by its confidence), so "what does your family think of the cost?" is
 * answered about the family.
 */
function topicToAnswer(topics: readonly ConversationTopic[]): ConversationTopic | undefined {
  return topics[0];
}

function firstSentenceOf(line: string | undefined): string | undefined {
  return line === undefined ? undefined : (splitSentences(line)[0]?.text ?? line);
}

/** After answering, the patient adds a concern of their own when the moment fits. */
function ownAgenda(moment: Moment, concernLine: string | undefined): string | undefined {
  if (concernLine !== undefined) return concernLine;
  if (moment.turn.state.accepted || moment.roll('agenda', 2) !== 0) return undefined;
  return nudge(moment);
}

function answers(line: string, topics: readonly ConversationTopic[]): boolean {
  const states = splitSentences(line).some((sentence) => !sentence.text.endsWith('?'));
  return states && topicsOf(line).some((topic) => topics.includes(topic));
}

function answerQuestion(
  moment: Moment,
  question: NonNullable<TurnUnderstanding['question']>,
  concernLine: string | undefined,
): string {
  const { scenario, turn } = moment;
  const asked = turn.analysis.understanding.sentences.find((s) => s.text === question.text);
  const acts = asked?.acts ?? [];
  const topic = topicToAnswer(question.topics);
  if (topic === undefined) {
    if (acts.includes('check_understanding')) {
      return joinReply([pick(moment, UNDERSTOOD, 'understood'), concernLine ?? nudge(moment)]);
    }
    if (concernLine !== undefined) return joinReply([concernLine]);
    if (acts.includes('small_talk')) {
      const kind = smallTalkKind(normaliseSpeech(question.text));
      return joinReply([pick(moment, smallTalkLines(scenario, kind), 'small-talk')]);
    }
    if (question.kind === 'closed') return joinReply([pick(moment, SHORT_ANSWERS, 'short')]);
    // "What brings you in?", "Tell me more": whatever is on their mind.
    return joinReply([nudge(moment) ?? pick(moment, topicAnswers(scenario, 'feelings'), 'open')]);
  }
  // A line about the concern that says something on the topic asked is the answer; one that
  // only asks back comes after an answer.
  if (
    question.kind === 'open' &&
    concernLine !== undefined &&
    answers(concernLine, question.topics)
  )
    return joinReply([concernLine]);
  const answer = topicAnswer(moment, question.kind, topic);
  if (question.kind === 'closed') return joinReply([answer]);
  return joinReply([answer, ownAgenda(moment, concernLine)]);
}

/** The patient's answer on a topic: a closed question gets its first sentence only. */
function topicAnswer(
  moment: Moment,
  kind: 'open' | 'closed',
  topic: ConversationTopic,
): string | undefined {
  const answer = pick(moment, topicAnswers(moment.scenario, topic), `topic-${topic}`);
  return kind === 'closed' ? firstSentenceOf(answer) : answer;
}

function summaryReply(moment: Moment): string {
  const { scenario, turn } = moment;
  // Named in the summary's own words, not merely following the patient's last line.
  const mentioned = scenarioIndex(scenario).mentions(turn.analysis.lower);
  const named = (i: number) => (mentioned.stated[i] ?? 0) > 0;
  const left = turn.state.stated.findIndex(
    (progress, i) => progress.raised && !progress.settled && !named(i),
  );
  const concern = scenario.extras.statedConcerns[left]?.concern;
  if (concern === undefined) return joinReply([pick(moment, CONFIRMATIONS, 'confirm')]);
  const correction = pick(moment, CORRECTIONS, 'correct') ?? '';
  return joinReply([correction.replace('{concern}', `the ${lowerFirst(concern)}`)]);
}

/** Brushed off with "nothing to worry about": the patient does not feel better for it. */
const BRUSHED_OFF = [
  "That's easy for you to say.",
  "It doesn't feel like nothing to me.",
  "Hm. I'm not sure that helps, honestly.",
  "I'd still like to understand it properly.",
];

/**
 * A line the patient must say this turn (a concern coming out, a worry settled), after a
 * one-sentence answer to the direct question the turn asked, if it asked one on a topic: the
 * question is answered before anything else. The authored line is said whole.
 */
function answerThen(moment: Moment, line: string | undefined): string {
  const asked = moment.turn.analysis.understanding.question;
  const topic = asked === null ? undefined : topicToAnswer(asked.topics);
  const answer = topic === undefined ? undefined : topicAnswer(moment, 'closed', topic);
  return joinReply([answer, line], sentenceCount(answer ?? '') + sentenceCount(line ?? ''));
}

function chooseReply(moment: Moment): string {
  const { scenario, turn, pick: pickFrom } = moment;
  const { lines, hiddenConcerns } = scenario.extras;
  const { analysis, state } = turn;
  const { understanding } = analysis;

  if (analysis.offTask) return joinReply([deflect(moment)]);
  if (analysis.pressure) return joinReply([pickFrom(lines.pushback, 'pushback')]);
  const term = analysis.jargonUnexplained[0];
  if (term !== undefined) {
    // Never a line that objects to a word the clinician did not say ("Onlay? Cusp?").
    const fitting = lines.confusion.filter((line) => namesOnlyWordsSaid(line, analysis.text));
    const confused = pickFrom(fitting, 'confusion');
    // Echo the word as the clinician said it ("CBCT", not "cbct").
    const spoken = analysis.text.match(new RegExp(term, 'i'))?.[0] ?? term;
    const asks = confused?.trim().endsWith('?') ? undefined : `What does ${spoken} mean?`;
    return joinReply([confused, asks]);
  }
  const revealed = turn.newlyRevealed[0];
  if (revealed !== undefined) return answerThen(moment, hiddenConcerns[revealed]?.reveal);
  if (turn.acceptedNow || (state.accepted && analysis.proposal)) {
    return joinReply([pickFrom(lines.acceptance, 'acceptance')]);
  }
  if (analysis.proposal) {
    return joinReply([pickFrom(lines.deferral, 'deferral'), nudge(moment)]);
  }
  const settled = settledReply(moment);
  if (settled !== undefined) return answerThen(moment, settled);
  if (understanding.acts.includes('summary')) return summaryReply(moment);

  const concernLine = touchedConcernLine(moment);
  if (understanding.question !== null) {
    return answerQuestion(moment, understanding.question, concernLine);
  }
  if (concernLine !== undefined) return joinReply([concernLine]);
  if (analysis.dismissal) return joinReply([pick(moment, BRUSHED_OFF, 'brushed-off')]);
  const acts = understanding.acts;
  if (acts.includes('small_talk') && !acts.includes('information')) {
    const kind = smallTalkKind(analysis.lower);
    const line = pick(moment, smallTalkLines(scenario, kind), 'small-talk');
    return joinReply([line, kind === 'filler' ? ownAgenda(moment, undefined) : undefined]);
  }
  // An explanation that touched nothing they are worried about: they take it in, and may
  // come back to what still worries them.
  return joinReply([pick(moment, TAKING_IN, 'taking-in'), ownAgenda(moment, undefined)]);
}

export function composePatientReply(
  scenario: ScenarioRecord,
  history: readonly ChatTurn[],
): string {
  const replay = replayConversation(scenario, history);
  const said = (line: string): boolean => hasSaid(replay.patientSaid, line);
  const turn = replay.turns.at(-1);
  const newest = history.at(-1);
  if (turn === undefined || newest?.role !== 'user') {
    // Asked to speak without a new clinician turn: the patient fills the silence themself.
    const seed = `${scenario.slug}|${history.length}|`;
    const pool = smallTalkLines(scenario, 'filler');
    return pickLine(pool, seed, replay.patientSaid) ?? pool[0] ?? '';
  }
  const seedBase = `${scenario.slug}|${turn.historyIndex}|${turn.text}`;
  const moment: Moment = {
    scenario,
    turn,
    said,
    pick: (pool, salt) => pickLine(pool, `${seedBase}|${salt}`, replay.patientSaid),
    roll: (salt, sides) => hashText(`${seedBase}|${salt}`) % sides,
  };
  const reply = chooseReply(moment);
  // Never the same reply twice in one conversation: said again, it is said as a repeat.
  const repeated = replay.patientSaid.includes(sameWords(reply));
  return repeated ? again(moment, reply, 'repeat') : reply;
}
