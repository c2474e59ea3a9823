import { describe, expect, it } from 'vitest';
import {
  streamRefusal,
  turnRefusal,
  type AdmissionState,
  type StreamAdmissionState,
} from '#server/conversations/admission';
import { createPerUserCount } from '#server/conversations/perUserCount';

const OPEN: AdmissionState = {
  closing: false,
  ended: false,
  busy: false,
  userTurns: 0,
  concurrentTurnsPerUser: 2,
};

describe('admitting a turn on a conversation socket', () => {
  it.each<[string, Partial<AdmissionState>, ReturnType<typeof turnRefusal>]>([
    ['an open conversation with nothing running', {}, null],
    ['one turn elsewhere, under the per-user limit', { userTurns: 1 }, null],
    ['the per-user limit reached on other sockets', { userTurns: 2 }, 'rate_limit:concurrent'],
    ['over the per-user limit', { userTurns: 5 }, 'rate_limit:concurrent'],
    ['a turn already running on this socket', { busy: true, userTurns: 1 }, 'conflict:busy'],
    ['an ended conversation', { ended: true }, 'conflict:ended'],
    ['the server shutting down', { closing: true }, 'unavailable:restarting'],
    // When several reasons hold, the first in this order is the one the user hears.
    ['ended and busy', { ended: true, busy: true }, 'conflict:ended'],
    ['busy and at the per-user limit', { busy: true, userTurns: 2 }, 'conflict:busy'],
    [
      'shutting down, ended, busy and at the limit',
      { closing: true, ended: true, busy: true, userTurns: 2 },
      'unavailable:restarting',
    ],
  ])('%s → %s', (_name, state, expected) => {
    expect(turnRefusal({ ...OPEN, ...state })).toBe(expected);
  });
});

describe('admitting a streamed utterance (voice mode)', () => {
  const NONE: StreamAdmissionState = { ...OPEN, joinsTurn: false, userStreams: 0 };
  it.each<[string, Partial<StreamAdmissionState>, ReturnType<typeof streamRefusal>]>([
    ['nothing running', {}, null],
    ['one stream elsewhere, under the limit', { userStreams: 1 }, null],
    ['as many streams as turns allowed', { userStreams: 2 }, 'too_many_streams'],
    ['a turn replying on this socket', { busy: true, userTurns: 1 }, 'conflict:busy'],
    ['the per-user turn limit reached', { userTurns: 2 }, 'rate_limit:concurrent'],
    ['an ended conversation', { ended: true }, 'conflict:ended'],
    ['the server shutting down', { closing: true }, 'unavailable:restarting'],
    // A continuation belongs to a turn already admitted: its own turn does not count against it.
    ['a continuation of the running turn', { joinsTurn: true, busy: true, userTurns: 2 }, null],
    [
      'a continuation past the stream limit',
      { joinsTurn: true, busy: true, userStreams: 2 },
      'too_many_streams',
    ],
    ['a continuation on an ended conversation', { joinsTurn: true, ended: true }, 'conflict:ended'],
    [
      'a continuation while shutting down',
      { joinsTurn: true, closing: true },
      'unavailable:restarting',
    ],
  ])('%s → %s', (_name, state, expected) => {
    expect(streamRefusal({ ...NONE, ...state })).toBe(expected);
  });
});

describe('turns running per user on this instance', () => {
  it('counts each user apart, across starts and finishes', () => {
    const turns = createPerUserCount();
    turns.start('ann');
    turns.start('ann');
    turns.start('bob');
    expect([turns.running('ann'), turns.running('bob'), turns.running('cy')]).toEqual([2, 1, 0]);
    turns.finish('ann');
    turns.finish('bob');
    expect([turns.running('ann'), turns.running('bob')]).toEqual([1, 0]);
  });

  it('never goes below zero', () => {
    const turns = createPerUserCount();
    turns.finish('ann');
    expect(turns.running('ann')).toBe(0);
    turns.start('ann');
    expect(turns.running('ann')).toBe(1);
  });
});
