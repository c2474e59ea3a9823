import { clamp } from './textTools';
import type { ClinicianTurnReplay, ConversationReplay, StatedProgress } from './patientState';
import type { FeedbackScores, ScoreKey } from '#shared/feedback';
import { skillRubric, type SkillRubric } from '#shared/rubric';

/**
 * The offline grader's rubric: each skill from the trainee's own turns and the replayed patient
 * state. Off-task turns (talking to the grader or trying to end the role-play) never earn
 * points; they can only cost clarity and persuasion.
 */

export type SkillScores = FeedbackScores;

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

type SkillScorer = (replay: ConversationReplay, turns: readonly ClinicianTurnReplay[]) => number;

export interface OfflineSkill {
  /** The shared rubric entry: the name and measure the trainee reads, and the grader is given. */
  rubric: SkillRubric;
  /** What this engine counts as evidence for the skill, in the rubric's terms. */
  evidence: readonly string[];
  score: SkillScorer;
}

type ScoredSkill = Exclude<ScoreKey, 'overallScore'>;

/**
 * The four skills this engine scores directly, each tied to the shared rubric, so the anchor a
 * trainee sees under a score describes what was counted for it here. The overall score is
 * weighed from them (OVERALL_WEIGHTS).
 */
export const OFFLINE_SKILLS: Record<ScoredSkill, OfflineSkill> = {
  empathyScore: {
    rubric: skillRubric('empathyScore'),
    evidence: [
      'feelings acknowledged and reflected back',
      'stated concerns explored with open questions',
      'hidden concerns revealed',
      'concerns ignored, dismissed or met with pressure (count against)',
    ],
    score: empathy,
  },
  clarityScore: {
    rubric: skillRubric('clarityScore'),
    evidence: [
      'jargon explained in plain words, or left unexplained (counts against)',
      'long sentences and a long average sentence (count against)',
      'questions that check understanding',
      'too few words to judge, or off-task turns (count against)',
    ],
    score: clarity,
  },
  persuasionScore: {
    rubric: skillRubric('persuasionScore'),
    evidence: [
      'benefits, options, the choice of no treatment and the cost explained',
      'a next step proposed without pressure, and the patient agreeing',
      "the patient's readiness rising over the conversation",
      'pressure and off-task turns (count against)',
    ],
    score: persuasion,
  },
  objectionHandlingScore: {
    rubric: skillRubric('objectionHandlingScore'),
    evidence: [
      'how far each objection got through Listen, Acknowledge, Explore, Respond and the check',
      'revealed worries addressed, something to take away offered',
      'dismissing, running down, answering before exploring, asking early, pressure (count against)',
    ],
    score: (replay) => objectionHandling(replay),
  },
};

export function scoreSkills(replay: ConversationReplay): SkillScores {
  const turns = onTaskTurns(replay);
  const scoreOf = (skill: ScoredSkill) => toScore(OFFLINE_SKILLS[skill].score(replay, turns));
  const empathyScore = scoreOf('empathyScore');
  const clarityScore = scoreOf('clarityScore');
  const persuasionScore = scoreOf('persuasionScore');
  const objectionHandlingScore = scoreOf('objectionHandlingScore');
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
