import { concernsRaisedBy } from './patientState';
import type { ClinicianTurnReplay, ConversationReplay, PatientState } from './patientState';
import { reportText } from './reportText';
import { usesFearTactic } from './turnNotes';
import type { DebriefDraft } from '#shared/debrief';
import type { ChatTurn } from '../types';
import type { ScenarioRecord } from '../../scenarios/schema';

/**
 * The patient's side of the debrief, from the same replay the offline patient answered from:
 * her state as she spoke each line, what changed, what she was thinking, and which hidden
 * concerns came out.
 */

type Draft = DebriefDraft;

/** A change smaller than this is noise, not a reaction worth a label. */
export const REACTION_STEP = 0.05;

export interface PatientTurnMoment {
  /** 1-based position in the history. */
  turn: number;
  text: string;
  /** The clinician turn she is answering; undefined for a line before any (the opening). */
  answering: ClinicianTurnReplay | undefined;
  before: PatientState;
  state: PatientState;
}

/** Each patient line with the clinician turn it answers and the state either side of it. */
export function patientMoments(
  replay: ConversationReplay,
  history: readonly ChatTurn[],
): PatientTurnMoment[] {
  const moments: PatientTurnMoment[] = [];
  let before = replay.initial;
  let state = replay.initial;
  let answering: ClinicianTurnReplay | undefined;
  history.forEach((line, index) => {
    if (line.role === 'user') {
      answering = replay.turns.find((t) => t.historyIndex === index);
      before = state;
      state = answering?.state ?? state;
      return;
    }
    moments.push({ turn: index + 1, text: line.content, answering, before, state });
    answering = undefined;
    before = state;
  });
  return moments;
}

function arrow(level: 'trust' | 'anxiety' | 'readiness', delta: number): string {
  return `${reportText(`reaction.${level}`)} ${delta > 0 ? '↑' : '↓'}`;
}

export function reactionsOf(
  scenario: ScenarioRecord,
  moment: PatientTurnMoment,
): Draft['reactions'] {
  const { answering, before, state, turn } = moment;
  if (answering === undefined) return [];
  const out: Draft['reactions'] = [];
  const { hiddenConcerns, statedConcerns } = scenario.extras;
  for (const index of answering.newlyRevealed) {
    const hidden = hiddenConcerns[index];
    if (hidden !== undefined) {
      out.push({
        turn,
        kind: 'revealed',
        label: reportText('reaction.revealed', { concern: lowerFirstWord(hidden.concern) }),
      });
    }
  }
  for (const index of answering.newlySettled) {
    const stated = statedConcerns[index];
    if (stated !== undefined)
      out.push({
        turn,
        kind: 'settled',
        label: reportText('reaction.settled', { concern: stated.concern }),
      });
  }
  if (answering.acceptedNow)
    out.push({ turn, kind: 'agreed', label: reportText('reaction.agreed') });
  const levels = [
    ['trust', state.trust - before.trust],
    ['anxiety', state.anxiety - before.anxiety],
    ['readiness', state.readiness - before.readiness],
  ] as const;
  for (const [name, delta] of levels) {
    if (Math.abs(delta) < REACTION_STEP) continue;
    out.push({ turn, kind: `${name}_${delta > 0 ? 'up' : 'down'}`, label: arrow(name, delta) });
  }
  return out;
}

function lowerFirstWord(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}

const round = (value: number) => Math.round(value * 100) / 100;

export function stateOf(moment: PatientTurnMoment): Draft['states'][number] {
  const { state, turn } = moment;
  return {
    turn,
    trust: round(state.trust),
    anxiety: round(state.anxiety),
    readiness: round(state.readiness),
    estimated: false,
  };
}

/**
 * What she was thinking as she said this line, in her voice. The strongest thing that just
 * happened wins: a confidence shared, a push, a word she did not know, being heard.
 */
export function thoughtOf(scenario: ScenarioRecord, moment: PatientTurnMoment): string {
  const { answering: turn, state, before } = moment;
  const keepingBack = state.hidden.some((h) => !h.revealed);
  if (turn === undefined) {
    return state.anxiety >= 0.6
      ? reportText('thought.onEdgeAtStart')
      : reportText('thought.waitAndSee');
  }
  const a = turn.analysis;
  const settled = scenario.extras.statedConcerns[turn.newlySettled[0] ?? -1]?.concern;
  const jargon = a.jargonUnexplained[0];
  if (turn.newlyRevealed.length > 0) {
    return reportText('thought.revealed');
  }
  if (a.offTask) return reportText('thought.offTask');
  if (a.sentences.some(usesFearTactic)) return reportText('thought.frightened');
  if (a.pressure) return reportText('thought.pushed');
  if (turn.acceptedNow) return reportText('thought.ready');
  if (a.dismissal) return reportText('thought.brushedOff');
  if (turn.ignoredConcern) return reportText('thought.unheard');
  if (jargon !== undefined) return reportText('thought.jargon', { term: jargon });
  // The concern's label is not spliced in: "I feel better about was it done wrong" is not a
  // sentence a patient thinks.
  if (settled !== undefined) return reportText('thought.settled');
  if (a.acknowledgement || a.reflection) {
    return keepingBack && state.trust < 0.75
      ? reportText('thought.heardMaybeMore')
      : reportText('thought.heard');
  }
  if (a.checksUnderstanding) return reportText('thought.checked');
  if (a.mentionsNoTreatment || a.explainsOptions) return reportText('thought.choice');
  if (a.discussesCost) return reportText('thought.cost');
  if (a.openQuestion) {
    return keepingBack ? reportText('thought.askedMore') : reportText('thought.asked');
  }
  if (state.trust < before.trust - 0.02) return reportText('thought.distrust');
  if (keepingBack && state.trust < 0.6) return reportText('thought.holdingBack');
  return state.anxiety >= 0.6 ? reportText('thought.onEdge') : reportText('thought.following');
}

export function hiddenConcernOutcomes(
  scenario: ScenarioRecord,
  moments: readonly PatientTurnMoment[],
): Draft['hiddenConcerns'] {
  return scenario.extras.hiddenConcerns.map((concern, index) => {
    // Where she said it: the reply to the turn that unlocked it, or any line that voices it.
    const moment =
      moments.find((m) => m.answering?.newlyRevealed.includes(index)) ??
      moments.find((m) => concernsRaisedBy(scenario, m.text).hidden.includes(index));
    return {
      id: concern.id,
      concern: concern.concern,
      uncoveredAt: moment === undefined ? null : { turn: moment.turn },
      openedBy: concern.hint,
    };
  });
}
