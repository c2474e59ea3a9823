/**
 * What one author's own scenarios may take (decision 028): how many they keep and how
 * many bytes of JSON they hold in all. Counted over the scenarios they own and have not deleted;
 * kept versions (the scenario as an old conversation used it) are not theirs to delete, so they
 * do not count.
 */

export interface ScenarioBudget {
  maxScenarios: number;
  maxBytes: number;
}

/** What an author holds now, or what a write adds to it (negative when it frees room). */
export interface ScenarioUsage {
  scenarios: number;
  bytes: number;
}

/** Which part of the budget a write would cross. */
export type BudgetExceeded = 'scenarios' | 'bytes';

const utf8 = new TextEncoder();

/**
 * A scenario's size as the budget counts it: the UTF-8 bytes of its JSON, as export writes it
 * (without the file's indentation). The same on both sides, so a form could show it.
 */
export function scenarioBytes(seed: unknown): number {
  return utf8.encode(JSON.stringify(seed)).length;
}

/**
 * Whether a write fits: `change` is what it adds (create, duplicate, import: every new
 * scenario; an edit: no scenario and the difference in bytes). A write that does not grow a
 * part is never refused for it, so an author already past a lowered budget can still edit,
 * shorten and delete; null when it fits.
 */
export function exceededBudget(
  usage: ScenarioUsage,
  change: ScenarioUsage,
  budget: ScenarioBudget,
): BudgetExceeded | null {
  if (change.scenarios > 0 && usage.scenarios + change.scenarios > budget.maxScenarios)
    return 'scenarios';
  if (change.bytes > 0 && usage.bytes + change.bytes > budget.maxBytes) return 'bytes';
  return null;
}
