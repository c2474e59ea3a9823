import type { CohortTable } from './api/organisations';

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
 * columns (done, score, date) per assignment.
 */
export function cohortCsv(table: CohortTable): string {
  const header = ['Trainee', 'Email', 'Left', 'Done', 'Average'];
  for (const a of table.assignments)
    header.push(`${a.title}: done`, `${a.title}: score`, `${a.title}: date`);
  const lines = [header.map(csvField).join(',')];
  for (const row of table.rows) {
    const fields: Array<string | number | null> = [
      row.fullName,
      row.email,
      row.leftAt?.slice(0, 10) ?? null,
      row.done,
      row.average === null ? null : Math.round(row.average * 10) / 10,
    ];
    for (const cell of row.cells) {
      fields.push(cell.doneAt ? 'yes' : 'no', cell.score, cell.doneAt?.slice(0, 10) ?? null);
    }
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
