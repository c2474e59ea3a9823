import type { ClassSummary, SummaryScoreKey } from './api/organisations';
import { CONSENT_ITEMS, consentStatusShown, type ConsentItem, type ConsentStatus } from './debrief';

/**
 * A cohort's class summary (decision 044), what a lecturer teaches from: the average of each
 * score, how often each consent item was met, and the hidden concerns most often left hidden,
 * over the graded conversations the cohort's members started while members. One pass over the
 * conversations; the database hands over only the few facts each one needs.
 */

/** The scores in the report's order: overall (the one that counts), then the four skills. */
export const SUMMARY_SCORE_KEYS: readonly SummaryScoreKey[] = [
  'overall',
  'empathy',
  'clarity',
  'persuasion',
  'objection',
];

/** How many missed concerns the summary lists, most often missed first. */
export const MISSED_CONCERNS_SHOWN = 5;

/** What one graded conversation contributes. */
export interface ClassConversation {
  userId: string;
  scenarioId: string;
  scenarioTitle: string;
  /** The overall score is the counted one (the cohort table's); the skills are the grader's. */
  scores: Record<SummaryScoreKey, number>;
  /** Null when it was graded before debriefs existed, or none could be made. */
  debrief: {
    consent: Array<{ item: ConsentItem; status: ConsentStatus; hasEvidence: boolean }>;
    concerns: Array<{ id: string; concern: string; uncovered: boolean }>;
  } | null;
}

const STATUS_POINTS: Record<ConsentStatus, number> = { met: 2, partly_met: 1, not_met: 0 };

const mean = (sum: number, count: number): number | null =>
  count === 0 ? null : Math.round((sum / count) * 10) / 10;

export function summariseClass(
  conversations: readonly ClassConversation[],
  { concernsShown = MISSED_CONCERNS_SHOWN }: { concernsShown?: number } = {},
): ClassSummary {
  const trainees = new Set<string>();
  const scoreSums = new Map<SummaryScoreKey, number>(SUMMARY_SCORE_KEYS.map((k) => [k, 0]));
  const consent = new Map(
    CONSENT_ITEMS.map((item) => [item, { met: 0, partlyMet: 0, notMet: 0, points: 0 }]),
  );
  const concerns = new Map<
    string,
    {
      scenarioId: string;
      scenarioTitle: string;
      concernId: string;
      concern: string;
      missed: number;
      of: number;
    }
  >();
  let debriefed = 0;

  for (const conversation of conversations) {
    trainees.add(conversation.userId);
    for (const key of SUMMARY_SCORE_KEYS) {
      scoreSums.set(key, scoreSums.get(key)! + conversation.scores[key]);
    }
    const { debrief } = conversation;
    if (debrief === null) continue;
    debriefed += 1;
    for (const check of debrief.consent) {
      const counts = consent.get(check.item);
      if (!counts) continue;
      // As the debrief shows it: met only by something said (consentStatusShown).
      const status = consentStatusShown(check.status, check.hasEvidence);
      counts.points += STATUS_POINTS[status];
      if (status === 'met') counts.met += 1;
      else if (status === 'partly_met') counts.partlyMet += 1;
      else counts.notMet += 1;
    }
    for (const hidden of debrief.concerns) {
      // A concern's id is its scenario's, so the same id in two scenarios is two concerns.
      const key = `${conversation.scenarioId}\u0000${hidden.id}`;
      let entry = concerns.get(key);
      if (!entry) {
        entry = {
          scenarioId: conversation.scenarioId,
          scenarioTitle: conversation.scenarioTitle,
          concernId: hidden.id,
          concern: hidden.concern,
          missed: 0,
          of: 0,
        };
        concerns.set(key, entry);
      }
      entry.of += 1;
      if (!hidden.uncovered) entry.missed += 1;
    }
  }

  const count = conversations.length;
  return {
    conversations: count,
    trainees: trainees.size,
    scores: SUMMARY_SCORE_KEYS.map((key) => ({
      key,
      average: mean(scoreSums.get(key)!, count),
      count,
    })),
    debriefed,
    consent: CONSENT_ITEMS.map((item) => {
      const { met, partlyMet, notMet, points } = consent.get(item)!;
      return { item, met, partlyMet, notMet, average: mean(points, met + partlyMet + notMet) };
    }),
    missedConcerns: [...concerns.values()]
      .filter((c) => c.missed > 0)
      // Most often missed first; then the larger share missed; then by scenario and concern, so
      // the order never depends on the order rows arrived in.
      .sort(
        (a, b) =>
          b.missed - a.missed ||
          b.missed / b.of - a.missed / a.of ||
          a.scenarioTitle.localeCompare(b.scenarioTitle) ||
          a.concern.localeCompare(b.concern) ||
          (a.concernId < b.concernId ? -1 : a.concernId > b.concernId ? 1 : 0),
      )
      .slice(0, concernsShown),
  };
}
