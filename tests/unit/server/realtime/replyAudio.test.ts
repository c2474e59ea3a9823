import { describe, expect, it } from 'vitest';
import {
  createReplyAudio,
  MIN_RATE_SAMPLE_MS,
  SPOKEN_CHARS_PER_SECOND,
  type ReplyAudio,
} from '#server/realtime/replyAudio';

/** A reply as the sideband tells it: created, its item, its audio started at `startedAt`. */
function playing(audio: ReplyAudio, n: number, startedAt: number) {
  audio.created(`resp_${n}`);
  audio.item(`resp_${n}`, `item_${n}`);
  audio.started(`resp_${n}`, startedAt);
}

describe("the patient's audio in a Realtime call", () => {
  it('Stop audio cuts the reply playing at the time since its audio started, once', () => {
    const audio = createReplyAudio();
    playing(audio, 1, 1_000);
    expect(audio.cut(4_500)).toEqual({ responseId: 'resp_1', itemId: 'item_1', playedMs: 3_500 });
    expect(audio.cut(5_000)).toBeNull();
    // The provider's `cleared` for the same reply finds it over already.
    expect(audio.interrupted('resp_1', 5_100)).toBeNull();
  });

  it('nothing is cut when no audio is playing: not started, or played to its end', () => {
    const audio = createReplyAudio();
    audio.created('resp_1');
    audio.item('resp_1', 'item_1');
    expect(audio.cut(100)).toBeNull();
    audio.started('resp_1', 200);
    expect(audio.stopped('resp_1', 2_200)).toEqual({
      responseId: 'resp_1',
      itemId: 'item_1',
      playedMs: 2_000,
    });
    expect(audio.cut(3_000)).toBeNull();
  });

  it('knows which response is still generated: the text often ends before the audio starts', () => {
    const audio = createReplyAudio();
    playing(audio, 1, 0);
    expect(audio.generating()).toBe('resp_1');
    audio.done('resp_1');
    expect(audio.generating()).toBeNull();
    // Done, and still playing: Stop audio cuts it without a cancel.
    expect(audio.cut(700)?.playedMs).toBe(700);
  });

  it('the latest reply playing is the one cut; the provider stopping one cuts it too', () => {
    const audio = createReplyAudio();
    playing(audio, 1, 0);
    audio.stopped('resp_1', 1_000);
    playing(audio, 2, 2_000);
    expect(audio.interrupted('resp_2', 2_740)).toEqual({
      responseId: 'resp_2',
      itemId: 'item_2',
      playedMs: 740,
    });
    expect(audio.interrupted('resp_unknown', 3_000)).toBeNull();
  });

  it.each([
    [0, 0],
    [1_000, SPOKEN_CHARS_PER_SECOND],
    [3_500, Math.round(3.5 * SPOKEN_CHARS_PER_SECOND)],
    [-5, 0],
  ])('before any reply was heard to its end, %i ms of audio are %i characters', (ms, chars) => {
    expect(createReplyAudio().heardChars(ms)).toBe(chars);
  });

  it("learns this voice's rate from replies heard to their end, ignoring what is not speech", () => {
    const audio = createReplyAudio();
    // 76 characters in 3.8 s: 20 a second.
    audio.learn(76, 3_800);
    expect(audio.heardChars(3_500)).toBe(70);
    // Too short to say anything, or no speaking rate at all: ignored.
    audio.learn(40, MIN_RATE_SAMPLE_MS - 1);
    audio.learn(10, 10_000);
    audio.learn(300, 2_000);
    expect(audio.heardChars(3_500)).toBe(70);
    // A slower one: the rate is over all the audio heard.
    audio.learn(48, 4_000);
    expect(audio.heardChars(1_000)).toBe(Math.round((124 / 7_800) * 1_000));
  });
});
