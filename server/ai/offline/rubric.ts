import { clamp } from './text';
import type { ClinicianTurnReplay, ConversationReplay, StatedProgress } from './patientState';

/**
 * The offline scorer's rubric: each skill from the trainee's own turns and the replayed patient
 * state. Off-task turns (talking to the scorer or trying to end the role-play) never earn
 * points; they can only cost clarity and persuasion.
 */

export interface SkillScores {
  overallScore: number;
  empathyScore: number;
  clarityScore: number;
  persuasionScore: number;
  objectionHandlingScore: number;
}

/** How much each skill weighs in the overall score. */
export const OVERALL_WEIGHTS = {
  empathy: 0.3,
  clarity: 0.2,
  persuasion: 0.25,
  objectionHandling: 0.25,
} as const;

function toScore(value: number): number {
  return clamp(Math.round(value), 1, 10);
}

function count(turns: readonly ClinicianTurnReplay[], test: (t: ClinicianTurnReplay) => boolean) {
  return turns.filter(test).length;
}

export function onTaskTurns(replay: ConversationReplay): ClinicianTurnReplay[] {
  return replay.turns.filter((turn) => !turn.analysis.offTask);
}

function empathy(replay: ConversationReplay, turns: readonly ClinicianTurnReplay[]): number {
  const { final } = replay;
  const acknowledged = count(turns, (t) => t.analysis.acknowledgement);
  const reflected = count(turns, (t) => t.analysis.reflection);
  const explored = final.stated.filter((s) => s.explored).length / final.stated.length;
  const revealed = final.hidden.filter((h) => h.revealed).length;
  return (
    2 +
    Math.min(4, 1.5 * acknowledged) +
    Math.min(2, reflected) +
    2 * explored +
    Math.min(1, 0.5 * revealed) -
    final.ignoredCount -
    final.pressureCount -
    Math.min(2, final.dismissalCount)
  );
}

function clarity(replay: ConversationReplay, turns: readonly ClinicianTurnReplay[]): number {
  const sentences = turns.flatMap((t) => t.analysis.sentences);
  const words = sentences.reduce((sum, s) => sum + s.words, 0);
  const unexplained = turns.reduce((sum, t) => sum + t.analysis.jargonUnexplained.length, 0);
  const explained = turns.reduce((sum, t) => sum + t.analysis.jargonExplained.length, 0);
  const long = sentences.filter((s) => s.long).length;
  const checks = count(turns, (t) => t.analysis.checksUnderstanding);
  const averageLength = sentences.length === 0 ? 0 : words / sentences.length;
  const plainThroughout = words >= 15 && unexplained === 0 && long === 0;
  return (
    6 -
    Math.min(4, unexplained) +
    Math.min(1, 0.5 * explained) -
    Math.min(3, long) -
    (averageLength > 20 ? 1 : 0) +
    (checks > 0 ? 1.5 : 0) +
    (checks > 1 ? 0.5 : 0) +
    (plainThroughout ? 1 : 0) -
    (words < 15 ? 2 : 0) -
    Math.min(2, replay.final.offTaskCount)
  );
}

function persuasion(replay: ConversationReplay, turns: readonly ClinicianTurnReplay[]): number {
  const { final, initial } = replay;
  const some = (test: (t: ClinicianTurnReplay) => boolean) => (turns.some(test) ? 1 : 0);
  return (
    3 +
    1.5 * some((t) => t.analysis.benefits) +
    1.5 * some((t) => t.analysis.explainsOptions) +
    some((t) => t.analysis.mentionsNoTreatment) +
    1.5 * some((t) => t.analysis.discussesCost) +
    0.5 * some((t) => t.analysis.proposal && !t.analysis.pressure) +
    (final.accepted ? 1.5 : 0) +
    clamp((final.readiness - initial.readiness) * 4, -2, 2) -
    Math.min(5, 2 * final.pressureCount) -
    Math.min(2, final.offTaskCount)
  );
}

/** How far one concern got through the LAER steps, 0..1. */
function laer(progress: StatedProgress): number {
  const listened = progress.listened ?? progress.exploredBeforeAnswer === true;
  const explore =
    progress.exploredBeforeAnswer === true || (progress.explored && !progress.answered)
      ? 1.5
      : progress.explored
        ? 0.5
        : 0;
  const steps =
    (listened ? 1 : 0) +
    (progress.acknowledged ? 1 : 0) +
    explore +
    (progress.answered ? 1.5 : 0) +
    (progress.answered && progress.checked ? 1 : 0) +
    (progress.settled ? 0.5 : 0);
  return steps / 6.5;
}

function objectionHandling(replay: ConversationReplay): number {
  const { final } = replay;
  const inPlay = final.stated.filter((s) => s.raised || s.touches > 0);
  const handled =
    inPlay.length === 0 ? 0 : inPlay.reduce((sum, s) => sum + laer(s), 0) / inPlay.length;
  const unvoiced = final.stated.length - inPlay.length;
  const addressed = final.hidden.filter((h) => h.revealed && h.addressed).length;
  const answeredEarly = final.stated.filter((s) => s.exploredBeforeAnswer === false).length;
  return (
    2 +
    6.5 * handled * (inPlay.length / (inPlay.length + unvoiced)) +
    Math.min(1, 0.5 * addressed) +
    (final.takeAwayOffered ? 0.5 : 0) +
    (final.accepted ? 0.5 : 0) -
    Math.min(3, 1.5 * final.dismissalCount) -
    Math.min(2, 1.5 * final.runsDownCount) -
    Math.min(2, 0.5 * answeredEarly) -
    Math.min(2, final.earlyAskCount) -
    final.ignoredCount -
    Math.min(2, final.pressureCount)
  );
}

export function scoreSkills(replay: ConversationReplay): SkillScores {
  const turns = onTaskTurns(replay);
  const empathyScore = toScore(empathy(replay, turns));
  const clarityScore = toScore(clarity(replay, turns));
  const persuasionScore = toScore(persuasion(replay, turns));
  const objectionHandlingScore = toScore(objectionHandling(replay));
  const overall =
    OVERALL_WEIGHTS.empathy * empathyScore +
    OVERALL_WEIGHTS.clarity * clarityScore +
    OVERALL_WEIGHTS.persuasion * persuasionScore +
    OVERALL_WEIGHTS.objectionHandling * objectionHandlingScore;
  return {
    overallScore: toScore(overall),
    empathyScore,
    clarityScore,
    persuasionScore,
    objectionHandlingScore,
  };
}
