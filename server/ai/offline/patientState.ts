import { analyseTurn } from './analyseTurn';
import type { TurnAnalysis } from './analyseTurn';
import { findCheckpoint, prefixKeys, saveCheckpoint } from './replayCheckpoints';
import { scenarioIndex } from './scenarioIndex';
import type { ScenarioIndex } from './scenarioIndex';
import { clamp, sameWords } from './textTools';
import type { ChatTurn } from '../types';
import type { ScenarioRecord } from '../../scenarios/schema';

/**
 * The simulated patient's state as a pure function of the conversation, replayed from the
 * scenario's start. A reply replays only the turns since the previous one: where the replay
 * stood is kept as a checkpoint (replayCheckpoints.ts), and without one it starts over.
 */

/** Past this trust the patient opens up about a hidden worry even to a plain question. */
export const HIGH_TRUST = 0.75;
/** Readiness the patient needs before saying yes. */
export const ACCEPT_READINESS = 0.6;
/** ...and the trust, so a patient who feels pushed does not agree just because time passed. */
export const ACCEPT_TRUST = 0.45;

export interface StatedProgress {
  /** The patient has voiced it at least once. */
  raised: boolean;
  touches: number;
  /** Touched by an open question, an acknowledgement or a reflection. */
  explored: boolean;
  /** Touched by an explanation (the "respond" step). */
  answered: boolean;
  /** For the first answer: had it been explored in an earlier turn? null until answered. */
  exploredBeforeAnswer: boolean | null;
  settled: boolean;
  /**
   * Objection handling (Listen, Acknowledge, Explore, Respond, check): whether the first turn
   * after the patient raised it let them go on (a question, an acknowledgement or a
   * reflection) rather than answering, brushing it off or pushing; null until raised.
   */
  listened: boolean | null;
  /** Acknowledged or reflected back in the patient's terms. */
  acknowledged: boolean;
  /** After it was answered, the clinician asked whether that settled it. */
  checked: boolean;
  /** Brushed aside ("nothing to worry about") in a turn about it. */
  dismissed: boolean;
}

export interface HiddenProgress {
  revealed: boolean;
  /** The clinician turned to it after it came out. */
  addressed: boolean;
}

export interface PatientState {
  trust: number;
  anxiety: number;
  readiness: number;
  stated: StatedProgress[];
  hidden: HiddenProgress[];
  clinicianTurns: number;
  pressureCount: number;
  jargonCount: number;
  ignoredCount: number;
  offTaskCount: number;
  /** Reassurance that dismissed a worry. */
  dismissalCount: number;
  /** Turns that talked the patient out of another opinion or ran down another clinician. */
  runsDownCount: number;
  /** Asked for a decision while a concern in play was still unexplored. */
  earlyAskCount: number;
  /** Offered records, figures or written questions to take away. */
  takeAwayOffered: boolean;
  accepted: boolean;
}

export interface RaisedConcerns {
  stated: number[];
  hidden: number[];
}

export interface ClinicianTurnReplay {
  /** Position in the history as given. */
  historyIndex: number;
  text: string;
  analysis: TurnAnalysis;
  /** What the patient had just raised when the clinician spoke. */
  raisedBefore: RaisedConcerns;
  touchedStated: number[];
  touchedHidden: number[];
  newlyRevealed: number[];
  newlySettled: number[];
  /** The patient had just raised a concern and this turn neither touched nor explored it. */
  ignoredConcern: boolean;
  acceptedNow: boolean;
  /** State after this turn. */
  state: PatientState;
}

export interface ConversationReplay {
  initial: PatientState;
  turns: readonly ClinicianTurnReplay[];
  final: PatientState;
  /** Concerns raised by the last patient turn when the patient spoke last, else none. */
  pendingRaised: RaisedConcerns;
  patientLines: readonly string[];
  /** Each patient line as `sameWords` compares it, worked out once. */
  patientSaid: readonly string[];
}

const RECEPTIVENESS_RATE = { low: 0.75, medium: 1, high: 1.3 } as const;

interface Delta {
  trust?: number;
  anxiety?: number;
  readiness?: number;
}

const EFFECTS = {
  acknowledgement: { trust: 0.08, anxiety: -0.06, readiness: 0.02 },
  reflection: { trust: 0.05, anxiety: -0.02 },
  openQuestion: { trust: 0.03 },
  options: { trust: 0.03, readiness: 0.06 },
  noTreatment: { trust: 0.03 },
  cost: { readiness: 0.05, anxiety: -0.02 },
  benefit: { readiness: 0.04 },
  check: { trust: 0.04, readiness: 0.03 },
  settled: { trust: 0.02, anxiety: -0.05, readiness: 0.08 },
  revealed: { trust: 0.04 },
  pressure: { trust: -0.12, anxiety: 0.08, readiness: -0.08 },
  // "Nothing to worry about" tells the patient their worry does not count.
  dismissal: { trust: -0.06, anxiety: 0.03 },
  jargon: { trust: -0.03, anxiety: 0.04, readiness: -0.02 },
  ignored: { trust: -0.07, anxiety: 0.04, readiness: -0.02 },
  offTask: { trust: -0.05 },
  longSentence: { anxiety: 0.02 },
} satisfies Record<string, Delta>;

function initialState(scenario: ScenarioRecord): PatientState {
  const { extras } = scenario;
  return {
    ...extras.start,
    stated: extras.statedConcerns.map(() => ({
      raised: false,
      touches: 0,
      explored: false,
      answered: false,
      exploredBeforeAnswer: null,
      settled: false,
      listened: null,
      acknowledged: false,
      checked: false,
      dismissed: false,
    })),
    hidden: extras.hiddenConcerns.map(() => ({ revealed: false, addressed: false })),
    clinicianTurns: 0,
    pressureCount: 0,
    jargonCount: 0,
    ignoredCount: 0,
    offTaskCount: 0,
    dismissalCount: 0,
    runsDownCount: 0,
    earlyAskCount: 0,
    takeAwayOffered: false,
    accepted: false,
  };
}

function copyState(state: PatientState): PatientState {
  return {
    ...state,
    stated: state.stated.map((s) => ({ ...s })),
    hidden: state.hidden.map((h) => ({ ...h })),
  };
}

function apply(state: PatientState, delta: Delta, rate: number): void {
  state.trust = clamp(state.trust + (delta.trust ?? 0), 0, 1);
  state.anxiety = clamp(state.anxiety + (delta.anxiety ?? 0), 0, 1);
  const readiness = delta.readiness ?? 0;
  // Receptiveness sets how fast a patient warms to the plan; an anxious one warms slower.
  const gain = readiness > 0 ? readiness * rate * (1.2 - 0.4 * state.anxiety) : readiness;
  state.readiness = clamp(state.readiness + gain, 0, 1);
}

export function readyToAccept(state: PatientState): boolean {
  return (
    state.stated.every((s) => s.explored) &&
    state.hidden.every((h) => !h.revealed || h.addressed) &&
    state.readiness >= ACCEPT_READINESS &&
    state.trust >= ACCEPT_TRUST
  );
}

/**
 * Which concerns a patient turn brings up: by one of the concern's own lines, or by its topic
 * words. One topic word is enough in the scenario's opening line, which is written to raise
 * them; elsewhere it takes two, because a lone "why" or "pay" is too common to mean much.
 */
export function concernsRaisedBy(
  scenario: ScenarioRecord,
  patientText: string,
  opening = false,
): RaisedConcerns {
  const said = sameWords(patientText);
  const { statedConcerns, hiddenConcerns } = scenario.extras;
  const mentioned = scenarioIndex(scenario).mentions(patientText);
  const stated: number[] = [];
  statedConcerns.forEach((concern, i) => {
    if (said.includes(sameWords(concern.settled))) return;
    const byLine = concern.lines.some((line) => said.includes(sameWords(line)));
    const topicWords = mentioned.stated[i] ?? 0;
    if (byLine || topicWords >= (opening ? 1 : 2)) stated.push(i);
  });
  const hidden: number[] = [];
  hiddenConcerns.forEach((concern, i) => {
    if (said.includes(sameWords(concern.reveal))) hidden.push(i);
  });
  return { stated, hidden };
}

function indicesWhere<T>(items: readonly T[], test: (item: T, index: number) => boolean): number[] {
  const out: number[] = [];
  items.forEach((item, i) => {
    if (test(item, i)) out.push(i);
  });
  return out;
}

function unlocks(unlock: 'open_question' | 'acknowledgement' | 'either', a: TurnAnalysis): boolean {
  const acknowledges = a.acknowledgement || a.reflection;
  if (unlock === 'open_question') return a.openQuestion;
  if (unlock === 'acknowledgement') return acknowledges;
  return a.openQuestion || acknowledges;
}

function replayClinicianTurn(
  scenario: ScenarioRecord,
  index: ScenarioIndex,
  before: PatientState,
  historyIndex: number,
  text: string,
  previousPatientText: string,
  raisedBefore: RaisedConcerns,
): ClinicianTurnReplay {
  const { extras } = scenario;
  const rate = RECEPTIVENESS_RATE[extras.receptiveness];
  const analysis = analyseTurn(text, previousPatientText);
  const state = copyState(before);
  state.clinicianTurns++;
  const exploring = analysis.openQuestion || analysis.acknowledgement || analysis.reflection;
  // "Tell me more" straight after the patient raised something is about that concern even
  // without naming it.
  const mentioned = index.mentions(analysis.lower);
  const touchedStated = indicesWhere(
    extras.statedConcerns,
    (_, i) => (mentioned.stated[i] ?? 0) > 0 || (exploring && raisedBefore.stated.includes(i)),
  );
  const touchedHidden = indicesWhere(
    extras.hiddenConcerns,
    (_, i) => (mentioned.hidden[i] ?? 0) > 0,
  );
  const raisedTouched =
    raisedBefore.stated.some((i) => touchedStated.includes(i)) ||
    raisedBefore.hidden.some((i) => touchedHidden.includes(i));
  const raisedAny = raisedBefore.stated.length > 0 || raisedBefore.hidden.length > 0;
  const result: ClinicianTurnReplay = {
    historyIndex,
    text,
    analysis,
    raisedBefore,
    touchedStated,
    touchedHidden,
    newlyRevealed: [],
    newlySettled: [],
    ignoredConcern: false,
    acceptedNow: false,
    state,
  };

  // A message to the machinery, not the patient, earns nothing and costs a little trust.
  if (analysis.offTask) {
    state.offTaskCount++;
    apply(state, EFFECTS.offTask, rate);
    if (raisedAny) {
      state.ignoredCount++;
      result.ignoredConcern = true;
      apply(state, EFFECTS.ignored, rate);
    }
    return result;
  }

  if (raisedAny && !exploring && !raisedTouched) {
    state.ignoredCount++;
    result.ignoredConcern = true;
    apply(state, EFFECTS.ignored, rate);
  }

  const respondsWell =
    !analysis.pressure && !analysis.dismissal && analysis.jargonUnexplained.length === 0;
  const acknowledges = analysis.acknowledgement || analysis.reflection;
  for (const i of raisedBefore.stated) {
    const progress = state.stated[i];
    if (progress === undefined || progress.listened !== null) continue;
    progress.listened =
      exploring && !analysis.dismissal && !analysis.pressure && !analysis.proposal;
  }
  for (const i of touchedStated) {
    const progress = state.stated[i];
    if (progress === undefined) continue;
    const exploredEarlier = progress.explored;
    progress.touches++;
    if (exploring) progress.explored = true;
    if (acknowledges) progress.acknowledged = true;
    if (analysis.dismissal) progress.dismissed = true;
    if (analysis.explanation && respondsWell && !progress.answered) {
      progress.answered = true;
      progress.exploredBeforeAnswer = exploredEarlier;
    }
    const responds = acknowledges || analysis.explanation;
    if (!progress.settled && exploredEarlier && responds && respondsWell) {
      progress.settled = true;
      result.newlySettled.push(i);
    }
  }

  extras.hiddenConcerns.forEach((concern, i) => {
    const progress = state.hidden[i];
    if (progress === undefined) return;
    const touched = touchedHidden.includes(i);
    if (progress.revealed) {
      if (!progress.addressed && (touched || analysis.acknowledgement || analysis.reflection))
        progress.addressed = true;
      return;
    }
    // One confidence per turn: the patient voices one worry and the next one needs its own turn.
    const unlocked = unlocks(concern.unlock, analysis) || before.trust >= HIGH_TRUST;
    if (touched && unlocked && result.newlyRevealed.length === 0) {
      progress.revealed = true;
      result.newlyRevealed.push(i);
    }
  });

  if (analysis.acknowledgement) apply(state, EFFECTS.acknowledgement, rate);
  if (analysis.reflection) apply(state, EFFECTS.reflection, rate);
  if (analysis.openQuestion) apply(state, EFFECTS.openQuestion, rate);
  if (analysis.explainsOptions) apply(state, EFFECTS.options, rate);
  if (analysis.mentionsNoTreatment) apply(state, EFFECTS.noTreatment, rate);
  if (analysis.discussesCost) apply(state, EFFECTS.cost, rate);
  if (analysis.benefits) apply(state, EFFECTS.benefit, rate);
  if (analysis.checksUnderstanding) apply(state, EFFECTS.check, rate);
  for (const _ of result.newlySettled) apply(state, EFFECTS.settled, rate);
  for (const _ of result.newlyRevealed) apply(state, EFFECTS.revealed, rate);
  // Checking once an answer is given: "does that settle it?" covers every concern answered so far.
  if (analysis.checksUnderstanding) {
    for (const progress of state.stated) if (progress.answered) progress.checked = true;
  }
  if (analysis.takeAway) state.takeAwayOffered = true;
  if (analysis.runsDownOthers) state.runsDownCount++;
  if (analysis.dismissal) {
    state.dismissalCount++;
    apply(state, EFFECTS.dismissal, rate);
  }
  const unexplored = state.stated.some((s) => (s.raised || s.touches > 0) && !s.explored);
  if (analysis.proposal && unexplored) state.earlyAskCount++;
  if (analysis.pressure) {
    state.pressureCount++;
    apply(state, EFFECTS.pressure, rate);
  }
  state.jargonCount += analysis.jargonUnexplained.length;
  // Two baffling words already lose the patient; more do not make it much worse.
  for (const _ of analysis.jargonUnexplained.slice(0, 2)) apply(state, EFFECTS.jargon, rate);
  if (analysis.longSentences > 0) apply(state, EFFECTS.longSentence, rate);

  if (analysis.proposal && !analysis.pressure && !state.accepted && readyToAccept(state)) {
    state.accepted = true;
    result.acceptedNow = true;
  }
  return result;
}

/** Where a replay stands after some turns; never changed once made, so it can be kept. */
interface ReplayPoint {
  state: PatientState;
  lastPatientText: string;
  raised: RaisedConcerns;
  turns: readonly ClinicianTurnReplay[];
  patientLines: readonly string[];
  patientSaid: readonly string[];
}

const NOTHING_RAISED: RaisedConcerns = { stated: [], hidden: [] };

function withRaised(
  point: ReplayPoint,
  scenario: ScenarioRecord,
  text: string,
  opening: boolean,
): ReplayPoint {
  const raised = concernsRaisedBy(scenario, text, opening);
  if (raised.stated.length === 0 && raised.hidden.length === 0) {
    return { ...point, lastPatientText: text, raised };
  }
  const state = copyState(point.state);
  for (const i of raised.stated) {
    const progress = state.stated[i];
    if (progress !== undefined) progress.raised = true;
  }
  return { ...point, state, lastPatientText: text, raised };
}

function startingPoint(scenario: ScenarioRecord, history: readonly ChatTurn[]): ReplayPoint {
  const start: ReplayPoint = {
    state: initialState(scenario),
    lastPatientText: '',
    raised: NOTHING_RAISED,
    turns: [],
    patientLines: [],
    patientSaid: [],
  };
  // Without the opening line in the history, the patient has still said it.
  const opened = history[0]?.role === 'assistant';
  return opened ? start : withRaised(start, scenario, scenario.initialMessage, true);
}

export function replayConversation(
  scenario: ScenarioRecord,
  history: readonly ChatTurn[],
): ConversationReplay {
  const index = scenarioIndex(scenario);
  const keys = prefixKeys(index.key, history);
  const resumed = findCheckpoint<ReplayPoint>(keys);
  let point = resumed?.value ?? startingPoint(scenario, history);
  const turns = [...point.turns];
  const patientLines = [...point.patientLines];
  const patientSaid = [...point.patientSaid];
  for (let historyIndex = resumed?.length ?? 0; historyIndex < history.length; historyIndex++) {
    const turn = history[historyIndex]!;
    if (turn.role === 'assistant') {
      patientLines.push(turn.content);
      patientSaid.push(sameWords(turn.content));
      point = withRaised(point, scenario, turn.content, historyIndex === 0);
      continue;
    }
    const replay = replayClinicianTurn(
      scenario,
      index,
      point.state,
      historyIndex,
      turn.content,
      point.lastPatientText,
      point.raised,
    );
    turns.push(replay);
    point = { ...point, state: replay.state, lastPatientText: '', raised: NOTHING_RAISED };
  }
  point = { ...point, turns, patientLines, patientSaid };
  saveCheckpoint(keys, history, point, resumed?.length ?? 0);
  return {
    initial: initialState(scenario),
    turns,
    final: point.state,
    pendingRaised: point.raised,
    patientLines,
    patientSaid,
  };
}
