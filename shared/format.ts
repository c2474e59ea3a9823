import { INTL_TAGS } from './i18n/locales';
import { currentLocale } from './i18n/translate';
import { FORMAT_TEXT } from './text';

/**
 * Display formats of the progress, history and conversation-detail screens (spec §2, §5, §9),
 * in the current interface locale through Intl (decision 049): English keeps the spec's en-US
 * forms. Every date function takes an optional IANA time zone so tests do not depend on the
 * machine's; the browser leaves it out and gets the reader's own zone.
 */

/** The Intl tag of the current interface locale ('en-US' for English). */
export function intlLocale(): string {
  return INTL_TAGS[currentLocale()];
}

/** A number as the current locale writes it ('1,234.5'; '1234,5' in Spanish). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

export interface DateFormatOptions {
  timeZone?: string;
}

function parseDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateInput = string | Date | null | undefined;

/** Formats a date in the current locale, or 'N/A' when there is none. */
function localDate(
  value: DateInput,
  format: Intl.DateTimeFormatOptions,
  options: DateFormatOptions,
  as: 'date' | 'time' = 'date',
): string {
  const date = parseDate(value);
  if (!date) return FORMAT_TEXT.notAvailable;
  const settings = { ...format, timeZone: options.timeZone };
  return as === 'time'
    ? date.toLocaleTimeString(intlLocale(), settings)
    : date.toLocaleDateString(intlLocale(), settings);
}

/** Spec §5: short month, day, year ('Jan 5, 2025'); a missing date shows 'N/A'. */
export function formatShortDate(value: DateInput, options: DateFormatOptions = {}): string {
  return localDate(value, { month: 'short', day: 'numeric', year: 'numeric' }, options);
}

/** Spec §2 conversation detail: the long en-US date ('January 5, 2025'). */
export function formatLongDate(value: DateInput, options: DateFormatOptions = {}): string {
  return localDate(value, { dateStyle: 'long' }, options);
}

/** Spec §9: times read hour:minute in en-US ('3:04 PM'). */
export function formatClockTime(value: DateInput, options: DateFormatOptions = {}): string {
  return localDate(value, { hour: 'numeric', minute: '2-digit' }, options, 'time');
}

/** Spec §2 chart: each x label is the session date as short month and day in en-US ('Jan 5'). */
export function formatChartDate(value: DateInput, options: DateFormatOptions = {}): string {
  return localDate(value, { month: 'short', day: 'numeric' }, options);
}

const MINUTE_MS = 60_000;

/**
 * Spec §5: whole minutes, 'Less than a minute' / '1 minute' / 'N minutes', and 'Unknown
 * duration' when either time is missing. Minutes are counted down (2 min 59 s is '2 minutes':
 * the time actually spent, never more). An end before the start is a clock problem, not a
 * duration, so it reads as unknown too.
 */
export function formatDuration(
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
): string {
  const from = parseDate(start);
  const to = parseDate(end);
  if (!from || !to) return FORMAT_TEXT.unknownDuration;
  const elapsed = to.getTime() - from.getTime();
  if (elapsed < 0) return FORMAT_TEXT.unknownDuration;
  const minutes = Math.floor(elapsed / MINUTE_MS);
  if (minutes < 1) return FORMAT_TEXT.lessThanMinute;
  return FORMAT_TEXT.minutes(minutes);
}

/** Scores are whole numbers in the database; a fractional one (an average) keeps one decimal. */
export function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : oneDecimal(score);
}

function oneDecimal(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Spec §2 history entry: the overall score as 'N/10'. */
export function formatOutOfTen(score: number): string {
  return `${formatScore(score)}/10`;
}

/** Spec §2 tile and §9: the average with exactly one decimal, 'x.x/10'. */
export function formatAverageScore(average: number): string {
  return `${oneDecimal(average)}/10`;
}

/** Spec §2 tile: a plus sign, the percentage, then a percent sign ('+25%'). */
export function formatImprovement(rate: number): string {
  return `+${rate}%`;
}

export type SubScoreColour = 'green' | 'yellow' | 'red';

/**
 * Spec §9 history sub-scores: green at 7 or more, yellow at 5 to 6, red below 5. Scores are
 * whole numbers; anything between 6 and 7 is still short of 7, so it stays yellow.
 */
export function subScoreColour(score: number): SubScoreColour {
  if (score >= 7) return 'green';
  if (score >= 5) return 'yellow';
  return 'red';
}
