import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/conversation';
import { formatClipLength, nextInOrder, replayOrder } from '#client/features/history/replay';

const message = (id: string, role: Message['role']): Message => ({
  id,
  role,
  content: id,
  createdAt: '2026-11-25T12:00:00.000Z',
  source: role === 'user' ? 'voice' : 'typed',
  partial: false,
});

describe('replaying a transcript', () => {
  const messages = [
    message('opening', 'assistant'),
    message('t1', 'user'),
    message('r1', 'assistant'),
    message('typed', 'user'),
    message('r2', 'assistant'),
  ];
  const audio = { r2: { durationMs: 900 }, t1: { durationMs: 2100 }, r1: { durationMs: null } };

  it('plays the turns with recordings in transcript order, whatever order the map lists them', () => {
    expect(replayOrder(messages, audio)).toEqual(['t1', 'r1', 'r2']);
    expect(replayOrder(messages, {})).toEqual([]);
  });

  it.each([
    ['t1', 'r1'],
    ['r1', 'r2'],
    ['r2', null],
    ['typed', null],
  ])('play all after %s: %s', (current, next) => {
    expect(nextInOrder(['t1', 'r1', 'r2'], current)).toBe(next);
  });

  it.each<[number | null, string | null]>([
    [null, null],
    [0, '0:01'],
    [400, '0:01'],
    [2100, '0:02'],
    [59_400, '0:59'],
    [59_600, '1:00'],
    [125_000, '2:05'],
  ])('a recording of %s ms reads %s', (ms, text) => {
    expect(formatClipLength(ms)).toBe(text);
  });
});
