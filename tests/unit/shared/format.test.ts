import { describe, expect, it } from 'vitest';
import {
  formatAverageScore,
  formatChartDate,
  formatClockTime,
  formatDuration,
  formatImprovement,
  formatLongDate,
  formatOutOfTen,
  formatShortDate,
  subScoreColour,
} from '#shared/format';

const UTC = { timeZone: 'UTC' };

describe('formatDuration (spec §5)', () => {
  const start = '2025-01-05T15:00:00.000Z';
  const plus = (ms: number) => new Date(Date.parse(start) + ms).toISOString();
  it.each([
    ['0 s', plus(0), 'Less than a minute'],
    ['59.999 s', plus(59_999), 'Less than a minute'],
    ['60 s', plus(60_000), '1 minute'],
    ['1 min 59 s', plus(119_000), '1 minute'],
    ['2 min', plus(120_000), '2 minutes'],
    ['12 min 30 s', plus(750_000), '12 minutes'],
    ['90 min', plus(5_400_000), '90 minutes'],
  ])('%s → %s', (_name, end, expected) => {
    expect(formatDuration(start, end)).toBe(expected);
  });

  it.each([
    [null, plus(60_000)],
    [start, null],
    [undefined, undefined],
    ['', plus(60_000)],
    ['not a date', plus(60_000)],
    // An end before the start is a clock problem, not a duration.
    [plus(60_000), start],
  ])('%j → %j is Unknown duration', (from, to) => {
    expect(formatDuration(from, to)).toBe('Unknown duration');
  });

  it('accepts Date objects', () => {
    expect(formatDuration(new Date(start), new Date(plus(180_000)))).toBe('3 minutes');
  });
});

describe('dates (spec §5, §2)', () => {
  it.each([
    ['2025-01-05T15:04:00.000Z', 'Jan 5, 2025'],
    ['2024-12-31T23:59:59.000Z', 'Dec 31, 2024'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['garbage', 'N/A'],
  ])('short date %j → %s', (value, expected) => {
    expect(formatShortDate(value, UTC)).toBe(expected);
  });

  it('uses the given time zone', () => {
    expect(formatShortDate('2025-01-05T02:00:00.000Z', { timeZone: 'America/New_York' })).toBe(
      'Jan 4, 2025',
    );
  });

  it.each([
    ['2025-01-05T15:04:00.000Z', 'January 5, 2025'],
    [null, 'N/A'],
  ])('long date %j → %s', (value, expected) => {
    expect(formatLongDate(value, UTC)).toBe(expected);
  });

  it.each([
    ['2025-01-05T15:04:00.000Z', '3:04 PM'],
    ['2025-01-05T09:30:00.000Z', '9:30 AM'],
    [null, 'N/A'],
  ])('time %j → %s', (value, expected) => {
    expect(formatClockTime(value, UTC)).toBe(expected);
  });

  it.each([
    ['2025-01-05T15:04:00.000Z', 'Jan 5'],
    ['2025-11-22T15:04:00.000Z', 'Nov 22'],
  ])('chart label %s → %s', (value, expected) => {
    expect(formatChartDate(value, UTC)).toBe(expected);
  });
});

describe('scores (spec §2, §9)', () => {
  it.each([
    [7, '7.0/10'],
    [7.3, '7.3/10'],
    [0, '0.0/10'],
    [10, '10.0/10'],
    [6.25, '6.3/10'],
  ])('average %s → %s', (value, expected) => {
    expect(formatAverageScore(value)).toBe(expected);
  });

  it.each([
    [0, '+0%'],
    [33, '+33%'],
    [125, '+125%'],
  ])('improvement %s → %s', (value, expected) => {
    expect(formatImprovement(value)).toBe(expected);
  });

  it.each([
    [8, '8/10'],
    [10, '10/10'],
    [7.5, '7.5/10'],
  ])('out of ten %s → %s', (value, expected) => {
    expect(formatOutOfTen(value)).toBe(expected);
  });

  it.each([
    [10, 'green'],
    [7, 'green'],
    [6.5, 'yellow'],
    [6, 'yellow'],
    [5, 'yellow'],
    [4.9, 'red'],
    [4, 'red'],
    [1, 'red'],
    [0, 'red'],
  ] as const)('sub-score %s is %s (green ≥ 7, yellow 5–6, red < 5)', (score, colour) => {
    expect(subScoreColour(score)).toBe(colour);
  });
});
