import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessageInput, ServerMessage } from '../../shared/protocol';
import { MicrophoneError } from '../../client/src/lib/audio/microphone';
import { SpeechPlayer } from '../../client/src/lib/audio/speechPlayer';
import { SCHEDULE_LEAD_SECONDS } from '../../client/src/lib/audio/playbackSchedule';
import type { SpeechChunk } from '../../client/src/lib/audio/speechQueue';
import type {
  AudioHeader,
  ChannelListener,
  ChannelState,
  ConversationChannel,
} from '../../client/src/lib/conversationChannel';
import { VadInitError, type VadCallbacks } from '../../client/src/features/voice/vad';
import { VoiceSession, type VoiceSessionDeps } from '../../client/src/features/voice/voiceSession';
import { NOTHING_HEARD } from '../../shared/heardPart';
import { SPEECH_PCM_MIME } from '../../shared/speechAudio';
import { FakeAudioContext } from '../helpers/fakeAudioContext';

/** The chat's socket as voice mode sees it, recording what is sent. */
class FakeChannel implements ConversationChannel {
  state: ChannelState = { ready: true, ended: false, voice: { transcription: true, speech: true } };
  sent: ClientMessageInput[] = [];
  audio: Array<{ header: AudioHeader; bytes: number }> = [];
  listeners = new Set<ChannelListener>();
  getState = () => this.state;
  send(message: ClientMessageInput) {
    this.sent.push(message);
    return true;
  }
  sendAudio(header: AudioHeader, audio: ArrayBuffer) {
    this.audio.push({ header, bytes: audio.byteLength });
    return true;
  }
  subscribe(listener: ChannelListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  server(message: ServerMessage) {
    for (const l of this.listeners) l.onMessage?.(message);
  }
  speech(chunk: SpeechChunk) {
    for (const l of this.listeners) l.onSpeech?.(chunk);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(deps: Partial<VoiceSessionDeps> = {}) {
  const channel = new FakeChannel();
  const clock = new FakeAudioContext();
  let vad: VadCallbacks | null = null;
  const vadCalls: string[] = [];
  const stream = { getTracks: () => [{ stop: () => vadCalls.push('track stopped') }] };
  let ids = 0;
  const session = new VoiceSession(channel, {
    openMicrophone: async () => stream as unknown as MediaStream,
    createVad: async (_stream, callbacks) => {
      vad = callbacks;
      return {
        start: async () => void vadCalls.push('start'),
        pause: async () => void vadCalls.push('pause'),
        destroy: async () => void vadCalls.push('destroy'),
        encodeWav: (samples) => new ArrayBuffer(44 + samples.length * 2),
      };
    },
    createPlayer: (events) => new SpeechPlayer(events, { createContext: () => clock }),
    hasSpeechRecognition: () => false,
    hasBrowserSpeech: () => true,
    newClientId: () => `c${++ids}`,
    ...deps,
  });
  session.attach();
  const snapshot = () => session.getSnapshot();
  const vadCallbacks = () => {
    if (!vad) throw new Error('the VAD was not created');
    return vad;
  };
  return { channel, clock, session, snapshot, vad: vadCallbacks, vadCalls };
}

const REPLY = 'I suppose the cost is what worries me most. How much would it be?';
const FIRST = 'I suppose the cost is what worries me most.';
/** Four seconds of the first sentence's voice, as the server streams it (24 kHz PCM16). */
const VOICE = new ArrayBuffer(4 * 24_000 * 2);
const LEAD = SCHEDULE_LEAD_SECONDS;

function storedReply(content: string, partial = false) {
  return {
    id: 'm2',
    role: 'assistant' as const,
    content,
    createdAt: new Date().toISOString(),
    source: 'typed' as const,
    partial,
  };
}

/** Mic on, one utterance, its transcript and the first sentence of the reply playing. */
async function untilSpeaking(t: ReturnType<typeof setup>) {
  t.session.toggleMicrophone();
  await tick();
  t.vad().onSpeechStart();
  t.vad().onSpeechRealStart();
  t.vad().onSpeechEnd(new Float32Array(16_000));
  t.channel.server({ type: 'transcript', clientId: 'c1', text: 'What worries you?' });
  t.channel.server({
    type: 'turn_stored',
    clientId: 'c1',
    message: {
      id: 'm1',
      role: 'user',
      content: 'What worries you?',
      createdAt: new Date().toISOString(),
      source: 'voice',
      partial: false,
    },
  });
  t.channel.server({ type: 'reply_start', replyId: 'r1' });
  t.channel.server({ type: 'reply_delta', replyId: 'r1', text: REPLY });
  t.channel.speech({
    replyId: 'r1',
    seq: 0,
    text: FIRST,
    mime: SPEECH_PCM_MIME,
    final: false,
    data: VOICE,
  });
  t.channel.speech({
    replyId: 'r1',
    seq: 0,
    text: FIRST,
    mime: SPEECH_PCM_MIME,
    final: true,
    data: null,
  });
  await tick();
}

describe('VoiceSession (voice mode engine, with a fake socket, VAD and speaker)', () => {
  // The engine logs what it cannot show (a VAD that failed to load); keep the output clean.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('walks through the spec status lines and, hands-free, listens again after the patient', async () => {
    const t = setup();
    const seen: string[] = [t.snapshot().status];
    t.session.subscribe(() => {
      if (seen.at(-1) !== t.snapshot().status) seen.push(t.snapshot().status);
    });
    await untilSpeaking(t);
    expect(t.channel.audio).toEqual([
      {
        header: { clientId: 'c1', format: 'wav', purpose: 'turn', stream: true, speak: true },
        bytes: 44 + 32_000,
      },
    ]);
    expect(t.snapshot()).toMatchObject({ you: 'What worries you?', patient: REPLY, played: 1 });
    t.channel.server({
      type: 'reply_done',
      replyId: 'r1',
      message: {
        id: 'm2',
        role: 'assistant',
        content: REPLY,
        createdAt: new Date().toISOString(),
        source: 'typed',
        partial: false,
      },
    });
    t.channel.server({ type: 'speech_done', replyId: 'r1' });
    t.clock.advance(LEAD + 4);
    expect(seen).toEqual([
      'Click the microphone button to start speaking',
      'Listening... (speak now)',
      'Processing your message...',
      'Getting response from AI...',
      'Converting response to speech...',
      'Playing AI response...',
      'Listening... (speak now)',
    ]);
    expect(t.snapshot()).toMatchObject({ state: 'listening', micOn: true, finished: 1 });
  });

  it('barge-in: real speech over the patient stops the audio and cancels with what was heard', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.clock.advance(LEAD + 2);
    t.vad().onSpeechStart();
    // Paused at once, while the VAD makes sure it is speech.
    expect(t.clock.state).toBe('suspended');
    expect(t.snapshot().state).toBe('listening');
    t.vad().onSpeechRealStart();
    expect(t.channel.sent).toEqual([
      { type: 'cancel', heardChars: 'I suppose the cost is'.length },
    ]);
    expect(t.snapshot()).toMatchObject({ state: 'listening', audioActive: false });
    // Every scheduled chunk was stopped, and the 'Patient:' line shows what was heard.
    expect(t.clock.live).toEqual([]);
    expect(t.snapshot().patient).toBe('I suppose the cost is');
    // The new utterance is the next turn.
    t.vad().onSpeechEnd(new Float32Array(8000));
    expect(t.channel.audio.map((a) => a.header.clientId)).toEqual(['c1', 'c2']);
    expect(t.snapshot().state).toBe('processing');
  });

  it('cutting the patient off after the server finished the turn still reports what was heard', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.channel.server({
      type: 'reply_done',
      replyId: 'r1',
      message: {
        id: 'm2',
        role: 'assistant',
        content: REPLY,
        createdAt: new Date().toISOString(),
        source: 'typed',
        partial: false,
      },
    });
    t.channel.server({ type: 'speech_done', replyId: 'r1' });
    // The server is done; the first sentence is still playing, three quarters through.
    expect(t.snapshot().state).toBe('speaking');
    t.clock.advance(LEAD + 3);
    t.session.stopAudio();
    expect(t.channel.sent).toEqual([
      { type: 'cancel', heardChars: 'I suppose the cost is what'.length },
    ]);
    expect(t.snapshot().state).toBe('listening');
    // Once everything was heard there is nothing to cut.
    t.channel.sent.length = 0;
    t.session.stopAudio();
    expect(t.channel.sent).toEqual([]);
  });

  it('a misfire (a cough) lets the patient carry on', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.vad().onSpeechStart();
    expect(t.clock.state).toBe('suspended');
    t.vad().onMisfire();
    expect(t.clock.state).toBe('running');
    expect(t.channel.sent).toEqual([]);
    expect(t.snapshot()).toMatchObject({ state: 'speaking', error: null });
  });

  it('a misfire while only listening says no audio was recorded', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart();
    t.vad().onMisfire();
    expect(t.snapshot().error).toBe('No audio recorded. Please try again and speak clearly.');
  });

  it('stop audio cancels the running reply; closing releases the microphone and the VAD', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.session.stopAudio();
    expect(t.channel.sent).toEqual([{ type: 'cancel', heardChars: 0 }]);
    t.session.dispose();
    expect(t.vadCalls).toContain('destroy');
  });

  it("after 'Stop audio' the 'Patient:' line shows what was heard, then what the server stored", async () => {
    const t = setup();
    await untilSpeaking(t);
    t.channel.server({ type: 'reply_done', replyId: 'r1', message: storedReply(REPLY) });
    t.channel.server({ type: 'speech_done', replyId: 'r1' });
    t.clock.advance(LEAD + 3);
    t.session.stopAudio();
    // At once, by the server's own rule, without waiting for it...
    expect(t.snapshot().patient).toBe('I suppose the cost is what');
    // ...and then as the server stored it (the chat shows the same).
    t.channel.server({
      type: 'reply_revised',
      message: storedReply('I suppose the cost is what', true),
    });
    expect(t.snapshot().patient).toBe('I suppose the cost is what');
    t.channel.server({
      type: 'reply_revised',
      message: storedReply('I suppose the cost', true),
    });
    expect(t.snapshot().patient).toBe('I suppose the cost');
  });

  it('a stop within the first instant stores and shows nothing heard, not "I"', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.channel.server({ type: 'reply_done', replyId: 'r1', message: storedReply(REPLY) });
    t.clock.advance(LEAD + 0.15);
    t.session.stopAudio();
    const cancel = t.channel.sent[0];
    expect(cancel).toMatchObject({ type: 'cancel' });
    expect(t.snapshot().patient).toBe(NOTHING_HEARD);
    t.channel.server({ type: 'reply_revised', message: storedReply(NOTHING_HEARD, true) });
    expect(t.snapshot().patient).toBe(NOTHING_HEARD);
  });

  it('a reply cut while streaming shows what the server kept; a new turn is not overwritten', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.clock.advance(LEAD + 2);
    t.session.stopAudio();
    expect(t.snapshot().patient).toBe('I suppose the cost is');
    t.channel.server({
      type: 'reply_done',
      replyId: 'r1',
      message: storedReply('I suppose the cost is', true),
    });
    expect(t.snapshot().patient).toBe('I suppose the cost is');

    // Talking over the patient starts the next turn: the old reply's late frames stay out.
    const u = setup();
    await untilSpeaking(u);
    u.clock.advance(LEAD + 2);
    u.vad().onSpeechStart();
    u.vad().onSpeechRealStart();
    u.vad().onSpeechEnd(new Float32Array(8000));
    expect(u.snapshot().patient).toBeNull();
    u.channel.server({
      type: 'reply_done',
      replyId: 'r1',
      message: storedReply('I suppose the cost is', true),
    });
    expect(u.snapshot().patient).toBeNull();
  });

  it('push-to-talk: the microphone closes after each utterance', async () => {
    const t = setup();
    t.session.setHandsFree(false);
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechRealStart();
    t.vad().onSpeechEnd(new Float32Array(16_000));
    await tick();
    expect(t.vadCalls).toEqual(['start', 'pause']);
    t.channel.server({
      type: 'error',
      code: 'unprocessable:nothing_heard',
      message: 'x',
      clientId: 'c1',
    });
    expect(t.snapshot()).toMatchObject({
      state: 'idle',
      status: 'Click the microphone button to speak again',
      error: "I couldn't hear what you said. Please try speaking again.",
    });
  });

  it.each([
    ['unavailable:reply', 'Error getting response from AI. Please try again.'],
    ['unavailable:transcription', 'Failed to process your message. Please try again.'],
  ] as const)('a %s error ends the turn with its spec message', async (code, message) => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechEnd(new Float32Array(16_000));
    t.channel.server({ type: 'error', code, message: 'server text', clientId: 'c1' });
    expect(t.snapshot()).toMatchObject({ error: message, state: 'listening' });
  });

  it('speech failure keeps the words and says the voice failed', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.channel.server({ type: 'error', code: 'unavailable:speech', message: 'x', clientId: 'c1' });
    expect(t.snapshot()).toMatchObject({
      error: 'Failed to generate speech response. Please try again.',
      patient: REPLY,
    });
  });

  it('microphone and VAD problems show their own messages', async () => {
    const denied = setup({
      openMicrophone: () =>
        Promise.reject(
          new MicrophoneError(
            'Microphone access denied. Please allow microphone permissions in your browser settings.',
            null,
          ),
        ),
    });
    denied.session.toggleMicrophone();
    await tick();
    expect(denied.snapshot()).toMatchObject({
      error:
        'Microphone access denied. Please allow microphone permissions in your browser settings.',
      micOn: false,
      state: 'idle',
    });

    const broken = setup({
      createVad: () => Promise.reject(new VadInitError(new Error('no wasm'))),
    });
    broken.session.toggleMicrophone();
    await tick();
    expect(broken.snapshot().error).toBe(
      'Failed to initialize audio recording. Please try a different browser.',
    );
    expect(broken.vadCalls).toEqual(['track stopped']);
  });

  it('without server transcription or browser recognition it says what to configure', async () => {
    const t = setup();
    t.channel.state = { ...t.channel.state, voice: { transcription: false, speech: false } };
    for (const l of t.channel.listeners) l.onState?.(t.channel.state);
    expect(t.snapshot().input).toBe('none');
    t.session.toggleMicrophone();
    expect(t.snapshot().error).toMatch(/OpenAI API key/);
    expect(t.channel.audio).toEqual([]);
  });
});
