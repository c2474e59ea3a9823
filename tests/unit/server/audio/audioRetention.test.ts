import { describe, expect, it } from 'vitest';
import { decideKeep, isExpired, type KeptRecording } from '#server/audio/retention';
import { loadConfig } from '#server/config';

const NOW = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const rec = (id: string, bytes: number, days: number): KeptRecording => ({
  id,
  bytes,
  createdAt: daysAgo(days),
});

/** The default rule: 30 days, 200 MB a user (numbers in bytes, MB = 1,000,000). */
const RULE = { retentionDays: 30, maxBytesPerUser: 200_000_000 };
const MB = 1_000_000;

describe('which recordings a user keeps (retention and the per-user cap, decision 020)', () => {
  it.each<[string, typeof RULE, number, KeptRecording[], ReturnType<typeof decideKeep>]>([
    [
      'retention 0: nothing is kept',
      { ...RULE, retentionDays: 0 },
      MB,
      [],
      { keep: false, reason: 'off' },
    ],
    ['an empty recording is not kept', RULE, 0, [], { keep: false, reason: 'empty' }],
    ['the first recording fits', RULE, MB, [], { keep: true, drop: [] }],
    [
      'under the cap: nothing dropped',
      RULE,
      50 * MB,
      [rec('a', 100 * MB, 3), rec('b', 50 * MB, 2)],
      { keep: true, drop: [] },
    ],
    [
      'exactly at the cap still fits',
      RULE,
      50 * MB,
      [rec('a', 150 * MB, 3)],
      { keep: true, drop: [] },
    ],
    [
      'one byte over: the oldest goes',
      RULE,
      50 * MB + 1,
      [rec('b', 50 * MB, 2), rec('a', 100 * MB, 3)],
      { keep: true, drop: ['a'] },
    ],
    [
      'oldest first, as many as it takes',
      RULE,
      150 * MB,
      [
        rec('new', 10 * MB, 1),
        rec('old', 60 * MB, 9),
        rec('mid', 60 * MB, 5),
        rec('x', 60 * MB, 4),
      ],
      { keep: true, drop: ['old', 'mid', 'x'] },
    ],
    [
      'expired recordings always go, and count for nothing',
      RULE,
      150 * MB,
      [rec('stale', 190 * MB, 31), rec('fresh', 40 * MB, 29)],
      { keep: true, drop: ['stale'] },
    ],
    [
      'a day past the retention period is expired; a day short is not',
      { ...RULE, retentionDays: 1 },
      MB,
      [rec('2d', MB, 2), rec('half', MB, 0.5)],
      { keep: true, drop: ['2d'] },
    ],
    [
      'a recording larger than the whole cap is not kept, and drops nothing',
      RULE,
      200 * MB + 1,
      [rec('a', MB, 1)],
      { keep: false, reason: 'too_large' },
    ],
  ])('%s', (_label, rule, incomingBytes, kept, expected) => {
    expect(decideKeep(rule, { incomingBytes, kept, now: NOW })).toEqual(expected);
  });

  it('recordings made at the same moment go in id order, so every instance drops the same', () => {
    const kept = [rec('b', 60 * MB, 1), rec('a', 60 * MB, 1), rec('c', 60 * MB, 1)];
    expect(decideKeep(RULE, { incomingBytes: 100 * MB, kept, now: NOW })).toEqual({
      keep: true,
      drop: ['a', 'b'],
    });
  });

  it.each([
    [29.99, 30, false],
    [30, 30, true],
    [0, 0, true],
    [400, 365, true],
  ])('made %d days ago with %d days of retention: expired %s', (age, days, expired) => {
    expect(isExpired(daysAgo(age), NOW, days)).toBe(expired);
  });
});

describe('audio settings (AUDIO_*)', () => {
  it('defaults to 30 days in the database, 200 MB a user, purged hourly', () => {
    expect(loadConfig({}).audio).toEqual({
      retentionDays: 30,
      store: { kind: 'database' },
      maxBytesPerUser: 200_000_000,
      purgeMs: 3_600_000,
    });
  });

  it('keeps files under AUDIO_DIR, or under DATA_DIR/audio without it', () => {
    expect(loadConfig({ AUDIO_STORE: 'folder', AUDIO_DIR: '/srv/audio' }).audio.store).toEqual({
      kind: 'folder',
      dir: '/srv/audio',
    });
    expect(loadConfig({ AUDIO_STORE: 'folder', DATA_DIR: '/var/ct' }).audio.store).toEqual({
      kind: 'folder',
      dir: '/var/ct/audio',
    });
  });

  it.each([
    ['AUDIO_RETENTION_DAYS', '-1'],
    ['AUDIO_RETENTION_DAYS', 'forever'],
    ['AUDIO_STORE', 's3'],
    ['AUDIO_MAX_MB_PER_USER', '0'],
  ])('refuses %s=%s at start, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('takes 0 days (storing off)', () => {
    expect(loadConfig({ AUDIO_RETENTION_DAYS: '0' }).audio.retentionDays).toBe(0);
  });
});
