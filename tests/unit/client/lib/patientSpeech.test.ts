import { describe, expect, it } from 'vitest';
import { PatientSpeech } from '#client/lib/audio/patientSpeech';
import { SCHEDULE_LEAD_SECONDS } from '#client/lib/audio/playbackSchedule';
import { SpeechPlayer } from '#client/lib/audio/speechPlayer';
import type { SpeechChunk } from '#client/lib/audio/speechQueue';
import { SPEECH_PCM_MIME } from '#shared/speechAudio';
import { FakeAudioContext } from '../../../helpers/fakeAudioContext';

const REPLY = 'Mostly the cost. How much is it?';
const SENTENCES = ['Mostly the cost.', 'How much is it?'];
/** One second of 24 kHz PCM16. */
const SECOND = 24_000 * 2;

function frame(seq: number, final = false, replyId = 'r1'): SpeechChunk {
  return {
    replyId,
    seq,
    text: SENTENCES[seq] ?? '',
    mime: SPEECH_PCM_MIME,
    final,
    data: final ? null : new ArrayBuffer(SECOND),
  };
}

function setup() {
  const clock = new FakeAudioContext();
  const events = { idle: 0, changes: 0, failed: [] as string[] };
  const browser = {
    speak: [] as { text: string; finish: () => void; isCurrent: () => boolean }[],
    cancelled: 0,
  };
  const speech = new PatientSpeech(
    {
      onIdle: () => (events.idle += 1),
      onFailed: (message) => events.failed.push(message),
      onChange: () => (events.changes += 1),
    },
    {
      createPlayer: (playerEvents) =>
        new SpeechPlayer(playerEvents, { createContext: () => clock }),
      speakWithBrowser: (text, options = {}) =>
        new Promise<void>((finish) => {
          options.onStart?.();
          browser.speak.push({ text, finish, isCurrent: options.isCurrent ?? (() => true) });
        }),
      cancelBrowserSpeech: () => (browser.cancelled += 1),
    },
  );
  return { clock, events, browser, speech };
}

/** Lets the clock run past the scheduling lead and `seconds` of audio. */
function play(clock: FakeAudioContext, seconds: number) {
  clock.advance(SCHEDULE_LEAD_SECONDS + seconds);
}

describe("PatientSpeech: the server's voice for one reply", () => {
  it('plays only the followed reply, and says when all of it was handed out', () => {
    const { clock, speech } = setup();
    expect(speech.add(frame(0))).toBe(false);
    speech.follow('r1');
    expect(speech.add(frame(0, false, 'other'))).toBe(false);
    expect(speech.add(frame(0))).toBe(true);
    expect(speech.speaking).toBe(true);
    expect(speech.active).toBe(true);
    expect(clock.sources).toHaveLength(1);
    expect(speech.end('other')).toBe(false);
    expect(speech.end('r1')).toBe(true);
    expect(speech.drained).toBe(false);
    speech.add(frame(0, true));
    expect(speech.drained).toBe(true);
  });

  it('counts what was heard: the sentences played to the end, not the one just starting', () => {
    const { clock, speech } = setup();
    speech.follow('r1');
    speech.add(frame(0));
    speech.add(frame(0, true));
    speech.add(frame(1));
    play(clock, 1);
    expect(speech.finished).toBe(1);
    expect(speech.heardOf(REPLY)).toBe('Mostly the cost.'.length);
  });

  it('a stop lets go of the reply; silencing it keeps following (the server decides)', () => {
    const { clock, speech } = setup();
    speech.follow('r1');
    speech.add(frame(0));
    speech.silence();
    expect(speech.talking).toBe(false);
    expect(speech.add(frame(1))).toBe(true);
    speech.stop();
    expect(speech.replyId).toBeNull();
    expect(speech.add(frame(1))).toBe(false);
    expect(clock.live).toHaveLength(0);
    expect(speech.heardOf('')).toBe(0);
  });

  it('a hold pauses the patient; a misfire lets them carry on', () => {
    const { speech } = setup();
    expect(speech.resumeHeld()).toBe(false);
    speech.follow('r1');
    speech.add(frame(0));
    speech.hold();
    expect(speech.held).toBe(true);
    expect(speech.resumeHeld()).toBe(true);
    expect(speech.held).toBe(false);
    expect(speech.speaking).toBe(true);
  });
});

describe("PatientSpeech: the browser's voice", () => {
  it('counts the reading as played and finished, then is idle', async () => {
    const { browser, events, speech } = setup();
    const reading = speech.speakInBrowser(REPLY);
    expect(speech.talking).toBe(true);
    expect(speech.played).toBe(1);
    browser.speak[0]?.finish();
    await reading;
    expect(speech.finished).toBe(1);
    expect(speech.talking).toBe(false);
    expect(events.idle).toBe(1);
  });

  it('a stop cancels the reading, and a stopped reading never counts as current again', async () => {
    const { browser, events, speech } = setup();
    const first = speech.speakInBrowser('First.');
    speech.stop();
    expect(browser.cancelled).toBe(1);
    const second = speech.speakInBrowser('Second.');
    expect(browser.speak[0]?.isCurrent()).toBe(false);
    expect(browser.speak[1]?.isCurrent()).toBe(true);
    browser.speak[0]?.finish();
    await first;
    expect(speech.talking).toBe(true);
    browser.speak[1]?.finish();
    await second;
    expect(events.idle).toBe(1);
    // Nothing was speaking: nothing to cancel.
    speech.stop();
    expect(browser.cancelled).toBe(1);
  });
});
