import { hasSaid, joinReply, pickLine } from './lines';
import { replayConversation } from './patientState';
import type { ClinicianTurnReplay } from './patientState';
import { hashText } from './text';
import type { ChatTurn } from '../types';
import type { ScenarioRecord } from '../../scenarios/schema';

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

function concernReply(moment: Moment): string | undefined {
  const { scenario, turn } = moment;
  const { statedConcerns } = scenario.extras;
  for (const i of turn.newlySettled) {
    const settled = statedConcerns[i]?.settled;
    if (settled !== undefined && !moment.said(settled)) return settled;
  }
  for (const i of turn.touchedStated) {
    if (turn.state.stated[i]?.settled) continue;
    const line = nextConcernLine(moment, i);
    if (line !== undefined) return line;
  }
  return undefined;
}

function chooseReply(moment: Moment): string {
  const { scenario, turn, pick } = moment;
  const { lines, hiddenConcerns } = scenario.extras;
  const { analysis, state } = turn;

  if (analysis.offTask) return joinReply([deflect(moment)]);
  if (analysis.pressure) return joinReply([pick(lines.pushback, 'pushback')]);
  const term = analysis.jargonUnexplained[0];
  if (term !== undefined) {
    const confused = pick(lines.confusion, 'confusion');
    // Echo the word as the clinician said it ("CBCT", not "cbct").
    const spoken = analysis.text.match(new RegExp(term, 'i'))?.[0] ?? term;
    const asks = confused?.trim().endsWith('?') ? undefined : `What does ${spoken} mean?`;
    return joinReply([confused, asks]);
  }
  const revealed = turn.newlyRevealed[0];
  if (revealed !== undefined) {
    return joinReply([hiddenConcerns[revealed]?.reveal]);
  }
  if (turn.acceptedNow || (state.accepted && analysis.proposal)) {
    return joinReply([pick(lines.acceptance, 'acceptance')]);
  }
  if (analysis.proposal) {
    return joinReply([pick(lines.deferral, 'deferral'), nudge(moment)]);
  }
  const aboutConcern = concernReply(moment);
  if (aboutConcern !== undefined) return joinReply([aboutConcern]);

  // Nothing specific to answer: sometimes a short "go on", sometimes back to what still worries
  // them, decided by the moment so the pattern cannot be learned.
  const neutralLeft = lines.neutral.some((line) => !moment.said(line));
  const backToConcern = nudge(moment);
  const preferNudge = !state.accepted && (!neutralLeft || moment.roll('nudge', 3) !== 0);
  if (backToConcern !== undefined && preferNudge) return joinReply([backToConcern]);
  return joinReply([pick(lines.neutral, 'neutral')]);
}

export function composePatientReply(
  scenario: ScenarioRecord,
  history: readonly ChatTurn[],
): string {
  const replay = replayConversation(scenario, history);
  const said = (line: string): boolean => hasSaid(replay.patientLines, line);
  const turn = replay.turns.at(-1);
  const newest = history.at(-1);
  if (turn === undefined || newest?.role !== 'user') {
    // Asked to speak without a new clinician turn: a holding line, still in voice.
    const seed = `${scenario.slug}|${history.length}|`;
    return pickLine(scenario.extras.lines.neutral, seed, replay.patientLines) ?? '';
  }
  const seedBase = `${scenario.slug}|${turn.historyIndex}|${turn.text}`;
  const moment: Moment = {
    scenario,
    turn,
    said,
    pick: (pool, salt) => pickLine(pool, `${seedBase}|${salt}`, replay.patientLines),
    roll: (salt, sides) => hashText(`${seedBase}|${salt}`) % sides,
  };
  return chooseReply(moment);
}
