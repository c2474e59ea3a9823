import type { CohortSort, CohortTable, Invite } from '#shared/api/organisations';
import { formatScore } from '#shared/format';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { joinPath } from '../../lib/paths';

/**
 * Pure rules of the trainer's organisations page: the cohort table's order, a trainee's trend as
 * a sparkline, an invite's link and state, and a due date typed into a date field.
 */

// The contract's types, re-exported so the page's components import from one place.
export type { CohortSort, CohortTable, Invite };
export type CohortRow = CohortTable['rows'][number];

export const COHORT_SORTS: readonly CohortSort[] = ['name', 'done', 'average'];

/** Names A to Z; done and average highest first. The server's CSV sorts the same way. */
export function sortDirection(sort: CohortSort): 'ascending' | 'descending' {
  return sort === 'name' ? 'ascending' : 'descending';
}

const byName = (a: CohortRow, b: CohortRow): number => {
  const left = a.fullName.toLowerCase();
  const right = b.fullName.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
};

/**
 * The rows in the order the server's `?sort=` gives (name; done, most first; average, highest
 * first with no score last), ties by name, so sorting on the page needs no round trip and the
 * exported CSV reads in the order the trainer sees.
 */
export function sortCohortRows(rows: readonly CohortRow[], sort: CohortSort): CohortRow[] {
  const copy = [...rows];
  if (sort === 'name') return copy.sort(byName);
  if (sort === 'done') return copy.sort((a, b) => b.done - a.done || byName(a, b));
  return copy.sort((a, b) => {
    if (a.average === null || b.average === null) {
      if (a.average === b.average) return byName(a, b);
      return a.average === null ? 1 : -1;
    }
    return b.average - a.average || byName(a, b);
  });
}

export interface Sparkline {
  /** The SVG polyline's points, "x,y x,y"; empty when there is nothing to draw. */
  points: string;
  /** The last score's dot, so a single score still shows. */
  last: { x: number; y: number } | null;
}

/**
 * A trend of scores (1-10, oldest first) as points in a `width` × `height` box: the x spread
 * evenly, a score of 10 at the top edge and 0 at the bottom, with `pad` kept clear for the dot.
 */
export function trendPoints(
  scores: readonly number[],
  { width, height, pad = 2 }: { width: number; height: number; pad?: number },
): Sparkline {
  if (scores.length === 0) return { points: '', last: null };
  const span = height - 2 * pad;
  const step = scores.length === 1 ? 0 : (width - 2 * pad) / (scores.length - 1);
  // A single score sits at the right end, where the newest score of a longer trend would be.
  const start = scores.length === 1 ? width - pad : pad;
  const round = (n: number) => Math.round(n * 10) / 10;
  const xy = scores.map((score, i) => {
    const clamped = Math.max(0, Math.min(10, score));
    return { x: round(start + i * step), y: round(pad + span - (clamped / 10) * span) };
  });
  return { points: xy.map((p) => `${p.x},${p.y}`).join(' '), last: xy[xy.length - 1]! };
}

/** The trend in words for a screen reader and a phone: "6, 7, 8 (up 2)". */
export function trendText(scores: readonly number[]): string {
  if (scores.length === 0) return T.noTrend;
  const list = scores.map(formatScore).join(T.trendSeparator);
  if (scores.length === 1) return list;
  const change = Math.round((scores[scores.length - 1]! - scores[0]!) * 10) / 10;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return T.trendLine(list, direction, formatScore(Math.abs(change)));
}

/** The link a trainee opens to join: the app's own origin and the join path (/join/CODE). */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${joinPath(code)}`;
}

export type InviteState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: the trainer's act is what they remember. */
export function inviteState(
  invite: Pick<Invite, 'expiresAt' | 'revokedAt'>,
  now: Date,
): InviteState {
  if (invite.revokedAt !== null) return 'revoked';
  return Date.parse(invite.expiresAt) > now.getTime() ? 'active' : 'expired';
}

export { dueAtFromDateInput } from '../../lib/dueDate';

/** Invite lifetime typed by the trainer: whole days within the contract's bounds. */
export function inviteDays(value: string, max: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const days = Number(value);
  return days >= 1 && days <= max ? days : null;
}
