/**
 * The progress rules of spec §2 Tab 2, §3 (progress summary), §5 and §8 as pure functions.
 * The server's SQL (server/db/progress.ts) computes the count, the average and the chart points
 * itself; these functions are the reference it is tested against on generated data
 * (tests/integration/server/db/progressQueries.test.ts), and they compute everything derived from the
 * ordered points.
 */

import { skill, SKILLS, type SkillKey } from './skills';
import { INSIGHT_TEXT } from './text';

/** One feedback row as far as progress cares; any score may be missing in old data. */
export interface ProgressFeedback {
  overallScore: number | null;
  empathyScore: number | null;
  clarityScore: number | null;
  persuasionScore: number | null;
  objectionHandlingScore: number | null;
}

/** A session with its linked feedback rows, as spec §7 'Read stats' returns it. */
export interface ProgressConversation {
  id: string;
  createdAt: string;
  endedAt: string | null;
  successRating: number | null;
  /** Every feedback linked to the session; only the first one counts (spec §5). */
  feedback: readonly ProgressFeedback[];
}

/** Spec §3: one chart point per session. */
export interface ProgressPoint {
  /** The session's creation time (ISO 8601). */
  date: string;
  overall: number;
  empathy: number;
  clarity: number;
  persuasion: number;
  /** Treated as 0 when missing (spec §3). */
  objection: number;
}

/** Ranking order; ties go to the earlier skill for 'best' and the later one for 'weakest'. */
const SKILL_ORDER: readonly SkillKey[] = SKILLS.map((s) => s.key);

/** Spec §9: the weak-skill threshold for insights. */
export const WEAK_SKILL_THRESHOLD = 7;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Oldest first; equal times fall back to the id, the same tie-break the SQL uses. */
function oldestFirst(a: ProgressConversation, b: ProgressConversation): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Spec §4: only completed sessions appear in progress. */
function completed(sessions: readonly ProgressConversation[]): ProgressConversation[] {
  return sessions.filter((s) => s.endedAt !== null && s.endedAt !== '');
}

/**
 * Spec §5: the value a completed session adds to the average: its first feedback's numeric
 * overall score, else its success_rating, else nothing (it does not count).
 */
export function conversationScore(session: ProgressConversation): number | null {
  const overall = session.feedback[0]?.overallScore;
  if (isNumber(overall)) return overall;
  return isNumber(session.successRating) ? session.successRating : null;
}

/** Spec §5 average score; 0 when no session counts. Unrounded: round only for display. */
export function averageScore(sessions: readonly ProgressConversation[]): number {
  const scores = completed(sessions)
    .map(conversationScore)
    .filter((s): s is number => s !== null);
  if (scores.length === 0) return 0;
  return scores.reduce((sum, s) => sum + s, 0) / scores.length;
}

/** The summary carries the average to one decimal (spec §9), so every screen shows the same. */
export function roundToOneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Spec §5 chart points: completed sessions whose first feedback has a numeric overall score,
 * oldest first (sessions started at the same moment in id order). A missing objection score is 0 (spec §3); the other sub-scores, which the spec
 * says always exist, get the same treatment rather than dropping the point.
 */
export function chartPoints(sessions: readonly ProgressConversation[]): ProgressPoint[] {
  const points: ProgressPoint[] = [];
  for (const session of [...completed(sessions)].sort(oldestFirst)) {
    const first = session.feedback[0];
    if (!first || !isNumber(first.overallScore)) continue;
    const orZero = (value: number | null) => (isNumber(value) ? value : 0);
    points.push({
      date: session.createdAt,
      overall: first.overallScore,
      empathy: orZero(first.empathyScore),
      clarity: orZero(first.clarityScore),
      persuasion: orZero(first.persuasionScore),
      objection: orZero(first.objectionHandlingScore),
    });
  }
  return points;
}

/**
 * Spec §5 improvement rate: percentage change from the first to the last point's overall
 * score, rounded, never below 0; 0 with fewer than two points or a first score of 0.
 */
export function improvementRate(points: readonly Pick<ProgressPoint, 'overall'>[]): number {
  if (points.length < 2) return 0;
  const first = points[0]!.overall;
  const last = points[points.length - 1]!.overall;
  if (first === 0) return 0;
  // `+ 0` turns Math.round's -0 (a tiny decline) into a plain 0.
  return Math.max(0, Math.round(((last - first) / first) * 100)) + 0;
}

/** A 0 on the 1-10 feedback scale can only mean "not scored", so it never ranks. */
function scoredSkills(point: ProgressPoint): { skill: SkillKey; score: number }[] {
  return SKILL_ORDER.map((skill) => ({ skill, score: point[skill] })).filter((s) => s.score > 0);
}

/**
 * Spec §2 insight rules and §8 texts. With data: the latest session's best skill, its weakest
 * skill when below 7, then the first-vs-last trend. Ties name the earlier skill as best and the
 * later one as weakest, so a flat session never calls one skill both strong and weak.
 */
export function progressInsights(points: readonly ProgressPoint[]): string[] {
  if (points.length === 0) return [...INSIGHT_TEXT.fallback];
  const first = points[0]!;
  const latest = points[points.length - 1]!;
  const insights: string[] = [];

  const skills = scoredSkills(latest);
  if (skills.length > 0) {
    let best = skills[0]!;
    let weakest = skills[0]!;
    for (const s of skills) {
      if (s.score > best.score) best = s;
      if (s.score <= weakest.score) weakest = s;
    }
    insights.push(INSIGHT_TEXT.strongSkill(skill(best.skill).inSentence));
    if (weakest.score < WEAK_SKILL_THRESHOLD && weakest.skill !== best.skill) {
      insights.push(INSIGHT_TEXT.weakSkill(skill(weakest.skill).inSentence));
    }
  }

  if (latest.overall > first.overall) insights.push(INSIGHT_TEXT.trendUpward);
  else if (latest.overall === first.overall) insights.push(INSIGHT_TEXT.trendSteady);
  else insights.push(INSIGHT_TEXT.trendDecline);
  return insights;
}

/**
 * Beyond the spec: each skill's recency-weighted proficiency. A session's weight halves for
 * every PROFICIENCY_HALF_LIFE sessions that came after it (the latest weighs 1, the one three
 * sessions earlier 0.5, six earlier 0.25), so the figure follows current ability while one
 * off day moves it only part of the way.
 */
export const PROFICIENCY_HALF_LIFE = 3;

export interface SkillProficiency {
  skill: SkillKey;
  /** Null when no session scored this skill. */
  value: number | null;
  /** How many sessions scored this skill. */
  sessions: number;
}

export function skillProficiency(points: readonly ProgressPoint[]): SkillProficiency[] {
  const n = points.length;
  return SKILL_ORDER.map((skill) => {
    let weighted = 0;
    let weights = 0;
    let sessions = 0;
    points.forEach((point, index) => {
      const score = point[skill];
      if (score <= 0) return;
      const weight = 0.5 ** ((n - 1 - index) / PROFICIENCY_HALF_LIFE);
      weighted += weight * score;
      weights += weight;
      sessions++;
    });
    return {
      skill,
      value: sessions === 0 ? null : roundToOneDecimal(weighted / weights),
      sessions,
    };
  });
}

/** Spec §3 progress summary, plus what the panel derives from it. */
export interface ProgressSummary {
  completedConversations: number;
  /** Rounded to one decimal (spec §9). */
  avgScore: number;
  improvementRate: number;
  points: ProgressPoint[];
  insights: string[];
  proficiency: SkillProficiency[];
}

/** Spec §8: after a failed load the summary is reset to zeros. */
export function emptyProgressSummary(): ProgressSummary {
  return {
    completedConversations: 0,
    avgScore: 0,
    improvementRate: 0,
    points: [],
    insights: [...INSIGHT_TEXT.fallback],
    proficiency: skillProficiency([]),
  };
}

/** Everything from the completed-count and average on; see summarizeProgress for the whole. */
export function summaryFromPoints(
  counts: { completedConversations: number; avgScore: number },
  points: ProgressPoint[],
): ProgressSummary {
  return {
    completedConversations: counts.completedConversations,
    avgScore: roundToOneDecimal(counts.avgScore),
    improvementRate: improvementRate(points),
    points,
    insights: progressInsights(points),
    proficiency: skillProficiency(points),
  };
}

/** The whole summary from the user's sessions (any order; open sessions are ignored). */
export function summarizeProgress(sessions: readonly ProgressConversation[]): ProgressSummary {
  return summaryFromPoints(
    { completedConversations: completed(sessions).length, avgScore: averageScore(sessions) },
    chartPoints(sessions),
  );
}

/** The panel shows its empty state when no completed session exists. */
export function hasProgressData(summary: ProgressSummary): boolean {
  return summary.completedConversations > 0;
}
