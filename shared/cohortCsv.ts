import type { CohortTable } from './api/organisations';
import { cohortCellStatus } from './organisations';
import { COHORT_CELL_TEXT } from './text';

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ (or tab,
 * carriage return) gets an apostrophe, so a spreadsheet never runs a trainee's name as a formula.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The cohort table as CSV: a row per trainee (with the date they left, if they did), three
 * columns (status, score, date) per assignment. The status is the page's own (Done, Overdue,
 * Not done: cohortCellStatus at `now`).
 */
export function cohortCsv(table: CohortTable, now: Date): string {
  const header = ['Trainee', 'Email', 'Left', 'Done', 'Average'];
  for (const a of table.assignments)
    header.push(`${a.title}: status`, `${a.title}: score`, `${a.title}: date`);
  const lines = [header.map(csvField).join(',')];
  for (const row of table.rows) {
    const fields: Array<string | number | null> = [
      row.fullName,
      row.email,
      row.leftAt?.slice(0, 10) ?? null,
      row.done,
      row.average === null ? null : Math.round(row.average * 10) / 10,
    ];
    table.assignments.forEach((assignment, index) => {
      // A row's cells follow the assignments, one each (the contract's order).
      const cell = row.cells[index];
      const doneAt = cell?.doneAt ?? null;
      const status = cohortCellStatus({ dueAt: assignment.dueAt, doneAt, leftAt: row.leftAt, now });
      fields.push(COHORT_CELL_TEXT[status], cell?.score ?? null, doneAt?.slice(0, 10) ?? null);
    });
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
