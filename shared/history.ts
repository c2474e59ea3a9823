import { countedScores, graderScores, type ReviewScores } from './countedScore';
import { translate } from './i18n/translate';
import type { LanguageCode } from './languages';
import { difficultyName } from './scenario';
import { SKILLS } from './skills';
import type { ProgressFeedback } from './progress';

/** The history rules of spec §2 Tab 3 and §5 as pure functions. */

/** A session with its scenario and linked feedback, as spec §7 'Read a user's sessions' has it. */
export interface HistorySource {
  id: string;
  createdAt: string;
  endedAt: string | null;
  successRating: number | null;
  scenario: {
    title: string | null;
    difficulty: string | null;
    /** The language its title is written in (decision 048). */
    language: LanguageCode;
  } | null;
  /** Every feedback linked to the session; the first one is shown. */
  feedback: readonly ProgressFeedback[];
  /** The conversation this one branched from ("Try another answer here"), if any. */
  branchOf?: string | null;
  /** The trainers' reviews of it; those that count replace the grader's scores (decision 043). */
  reviews?: readonly ReviewScores[];
}

export interface HistorySubScores {
  empathy: number | null;
  clarity: number | null;
  persuasion: number | null;
  objectionHandling: number | null;
}

/** One entry of the history list, as the API sends it. */
export interface HistoryEntry {
  conversationId: string;
  scenarioTitle: string | null;
  /** The language the scenario's title is written in, for its `lang` (WCAG 3.1.2). */
  scenarioLanguage: LanguageCode | null;
  difficulty: string | null;
  createdAt: string;
  endedAt: string | null;
  /** The counted overall score (decision 043), else the session's success_rating. */
  overallScore: number | null;
  /** The grader's overall score when a trainer's counts instead; null otherwise. */
  aiOverallScore?: number | null;
  /** Null when the session has a success rating but no feedback. */
  subScores: HistorySubScores | null;
  /** The original's session id when this conversation is a branch of it; absent or null if not. */
  branchOf?: string | null;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const num = (value: number | null | undefined) => (isNumber(value) ? value : null);

/** Newest first; equal times fall back to the id, the same tie-break the SQL uses. */
export function compareNewestFirst(
  a: { createdAt: string; conversationId: string },
  b: { createdAt: string; conversationId: string },
): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0) return byTime;
  return a.conversationId < b.conversationId ? 1 : a.conversationId > b.conversationId ? -1 : 0;
}

export function toHistoryEntry(source: HistorySource): HistoryEntry {
  const first = source.feedback[0];
  const counted = first ? countedScores(graderScores(first), source.reviews ?? []) : null;
  const overall = counted?.overall;
  return {
    conversationId: source.id,
    scenarioTitle: source.scenario?.title ?? null,
    scenarioLanguage: source.scenario?.language ?? null,
    difficulty: source.scenario?.difficulty ?? null,
    createdAt: source.createdAt,
    endedAt: source.endedAt,
    overallScore: num(overall?.score) ?? num(source.successRating),
    aiOverallScore: overall?.byTrainer ? num(overall.ai) : null,
    subScores: counted
      ? {
          empathy: num(counted.empathy.score),
          clarity: num(counted.clarity.score),
          persuasion: num(counted.persuasion.score),
          objectionHandling: num(counted.objection.score),
        }
      : null,
    branchOf: source.branchOf ?? null,
  };
}

/**
 * Spec §5: only completed sessions that have feedback or a success_rating, duplicates by id
 * removed (the first occurrence wins), newest first.
 */
export function historyEntries(sources: readonly HistorySource[]): HistoryEntry[] {
  const seen = new Set<string>();
  const entries: HistoryEntry[] = [];
  for (const source of sources) {
    if (source.endedAt === null || source.endedAt === '') continue;
    if (source.feedback.length === 0 && !isNumber(source.successRating)) continue;
    if (seen.has(source.id)) continue;
    seen.add(source.id);
    entries.push(toHistoryEntry(source));
  }
  return entries.sort(compareNewestFirst);
}

/**
 * 'Load more' appends a page to what is shown. A session finished in between shifts nothing
 * under a keyset cursor, but a refresh racing a page can still repeat one; ids stay unique.
 */
export function mergeHistoryPages(
  shown: readonly HistoryEntry[],
  page: readonly HistoryEntry[],
): HistoryEntry[] {
  const seen = new Set(shown.map((e) => e.conversationId));
  return [...shown, ...page.filter((e) => !seen.has(e.conversationId))].sort(compareNewestFirst);
}

/** A history entry with the branches tried from it ("Try another answer here"), newest first. */
export interface HistoryGroup {
  entry: HistoryEntry;
  branches: HistoryEntry[];
}

/**
 * History shows each branch under its original. A branch whose original is not in the list
 * (still open, on a page not loaded yet, or deleted) stands on its own at its own date; a
 * branch of a branch sits under the first ancestor the list holds. Order otherwise as given.
 */
export function groupBranches(entries: readonly HistoryEntry[]): HistoryGroup[] {
  const byId = new Map(entries.map((e) => [e.conversationId, e]));
  const rootOf = (entry: HistoryEntry): HistoryEntry => {
    const seen = new Set<string>([entry.conversationId]);
    let current = entry;
    for (;;) {
      const parent = current.branchOf ? byId.get(current.branchOf) : undefined;
      if (!parent || seen.has(parent.conversationId)) return current;
      seen.add(parent.conversationId);
      current = parent;
    }
  };
  const groups = new Map<string, HistoryGroup>();
  for (const entry of entries) {
    const root = rootOf(entry);
    if (root === entry) groups.set(entry.conversationId, { entry, branches: [] });
  }
  const loose: HistoryGroup[] = [];
  for (const entry of entries) {
    const root = rootOf(entry);
    if (root === entry) continue;
    const group = groups.get(root.conversationId);
    // Only a cycle (which the database cannot hold) leaves a branch without a group.
    if (group) group.branches.push(entry);
    else loose.push({ entry, branches: [] });
  }
  return [...groups.values(), ...loose];
}

/** Spec §2: the scenario title, or 'Untitled Scenario'. */
export function historyTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : translate('history.untitled');
}

/** Spec §2: a capitalised difficulty (in the interface language), or 'Unknown' when missing. */
export function difficultyLabel(difficulty: string | null | undefined): string {
  const trimmed = difficulty?.trim();
  return trimmed ? difficultyName(trimmed) : translate('scenario.unknownDifficulty');
}

/** Spec §2 history entry: the four sub-scores, in this order, with these labels. */
export const SUB_SCORE_ROWS: readonly { key: keyof HistorySubScores; label: string }[] = SKILLS.map(
  (s) => ({
    key: s.historyKey,
    // Read when shown, in the current locale (decision 049).
    get label() {
      return s.label;
    },
  }),
);
