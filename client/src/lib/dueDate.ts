import { dueDateInRange } from '#shared/organisations';

/**
 * A date field's value (YYYY-MM-DD) as the due moment: the end of that day in the trainer's own
 * time zone, so "due on the 5th" still allows work done on the evening of the 5th. Empty is no
 * due date; anything else is not a date, and a date outside DUE_YEARS is refused here as the
 * server would refuse it.
 */
export function dueAtFromDateInput(value: string): string | null | 'invalid' | 'out_of_range' {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (!match) return 'invalid';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setFullYear, because the Date constructor reads years 0 to 99 as 1900 to 1999.
  const date = new Date(2000, 0, 1, 23, 59, 59, 999);
  date.setFullYear(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return 'invalid';
  const iso = date.toISOString();
  return dueDateInRange(iso) ? iso : 'out_of_range';
}
