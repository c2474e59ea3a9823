import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessageInput, ServerMessage } from '#shared/protocol';
import { MicrophoneError } from '#client/lib/audio/microphone';
import { SpeechPlayer } from '#client/lib/audio/speechPlayer';
import { SCHEDULE_LEAD_SECONDS } from '#client/lib/audio/playbackSchedule';
import type { SpeechChunk } from '#client/lib/audio/speechQueue';
import type {
  ChannelListener,
  ChannelState,
  ConversationChannel,
} from '#client/lib/conversationChannel';
import { VadInitError, type VadCallbacks } from '#client/lib/audio/vad';
import { VoiceController, type VoiceControllerDeps } from '#client/features/voice/voiceController';
import { NOTHING_HEARD } from '#shared/heardPart';
import { SPEECH_PCM_MIME } from '#shared/speechAudio';
import { FakeAudioContext } from '../../../helpers/fakeAudioContext';

type AudioMessage = Extract<ClientMessageInput, { type: `audio${string}` }>;

/** The chat's socket as voice mode sees it, recording what is sent. */
class FakeChannel implements ConversationChannel {
  state: ChannelState = {
    ready: true,
    ended: false,
    voice: { transcription: true, speech: true, realtime: false },
  };
  /** Everything but the streamed utterances' own messages (cancel, turn...). */
  sent: ClientMessageInput[] = [];
  /** audio_start / audio_commit / audio_cancel, and each binary frame as `frame <seq> <samples>`. */
  stream: Array<AudioMessage | string> = [];
  /** Every JSON message's type (and clientId, if any), in the order sent. */
  order: string[] = [];
  listeners = new Set<ChannelListener>();
  getState = () => this.state;
  send(message: ClientMessageInput) {
    if (!this.state.ready) return false;
    this.order.push('clientId' in message ? `${message.type} ${message.clientId}` : message.type);
    if (message.type.startsWith('audio')) this.stream.push(message as AudioMessage);
    else this.sent.push(message);
    return true;
  }
  sendFrame(frame: Uint8Array) {
    if (!this.state.ready) return false;
    const seq = new DataView(frame.buffer, frame.byteOffset).getUint32(0, true);
    this.stream.push(`frame ${seq} ${(frame.byteLength - 4) / 2}`);
    return true;
  }
  /** The JSON messages of the streams, without their frames. */
  get streamMessages() {
    return this.stream.filter((entry): entry is AudioMessage => typeof entry !== 'string');
  }
  setState(state: Partial<ChannelState>) {
    this.state = { ...this.state, ...state };
    for (const l of this.listeners) l.onState?.(this.state);
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

function setup(
  deps: Partial<VoiceControllerDeps> = {},
  detector: Promise<void> = Promise.resolve(),
  hearsWhenReady = true,
) {
  const channel = new FakeChannel();
  const clock = new FakeAudioContext();
  let vad: VadCallbacks | null = null;
  const vadCalls: string[] = [];
  const stream = { getTracks: () => [{ stop: () => vadCalls.push('track stopped') }] };
  let ids = 0;
  const session = new VoiceController(channel, {
    openMicrophone: async () => stream as unknown as MediaStream,
    createVad: async (_stream, callbacks) => {
      vad = callbacks;
      // Like the real VAD, it hears once its detector has loaded (and caught up).
      if (hearsWhenReady)
        void detector.then(
          () => callbacks.onHearing?.(),
          () => undefined,
        );
      return {
        ready: detector,
        start: async () => {
          vadCalls.push('start');
          if (hearsWhenReady) callbacks.onHearing?.();
        },
        pause: async () => void vadCalls.push('pause'),
        destroy: async () => void vadCalls.push('destroy'),
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

/** The VAD hears one utterance: lead-in (26 frames of 32 ms), then `frames` more, then its end. */
function speak(t: ReturnType<typeof setup>, frames = 20) {
  t.vad().onSpeechStart(new Float32Array(26 * 512));
  t.vad().onSpeechRealStart();
  for (let i = 0; i < frames; i += 1) t.vad().onSpeechAudio(new Float32Array(512));
  t.vad().onSpeechEnd();
}

/** Mic on, one utterance, its transcript and the first sentence of the reply playing. */
async function untilSpeaking(t: ReturnType<typeof setup>) {
  t.session.toggleMicrophone();
  await tick();
  speak(t);
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

describe('VoiceController (voice mode engine, with a fake socket, VAD and speaker)', () => {
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
    // Streamed as it was spoken: 46 detector frames as 23 frames of 64 ms, then the commit.
    expect(t.channel.stream).toEqual([
      {
        type: 'audio_start',
        clientId: 'c1',
        format: 'pcm16',
        sampleRate: 16_000,
        purpose: 'turn',
        stream: true,
        speak: true,
      },
      ...Array.from({ length: 23 }, (_, seq) => `frame ${seq} 1024`),
      { type: 'audio_commit', clientId: 'c1', frames: 23 },
    ]);
    expect(t.snapshot()).toMatchObject({ you: 'What worries you?', patient: REPLY, played: 1 });
    t.channel.server({
      type: 'reply_done',
      replyId: 'r1',
      message: storedReply(REPLY),
    });
    t.channel.server({ type: 'speech_done', replyId: 'r1' });
    t.clock.advance(LEAD + 4);
    expect(seen).toEqual([
      'Click the microphone button to start speaking',
      'Getting ready to listen...',
      'Listening... (speak now)',
      'Processing your message...',
      'Getting response from AI...',
      'Converting response to speech...',
      'Playing AI response...',
      'Listening... (speak now)',
    ]);
    expect(t.snapshot()).toMatchObject({ state: 'listening', micOn: true, finished: 1 });
  });

  it("says 'Listening' only once the detector hears the microphone, after each start", async () => {
    const t = setup({}, Promise.resolve(), false);
    t.session.toggleMicrophone();
    expect(t.snapshot()).toMatchObject({ phase: 'starting', status: 'Getting ready to listen...' });
    await tick();
    // The microphone is open (it can be switched off) but the detector has not caught up.
    expect(t.snapshot()).toMatchObject({
      phase: 'preparing',
      state: 'idle',
      status: 'Getting ready to listen...',
      micOn: true,
    });
    t.vad().onHearing!();
    expect(t.snapshot()).toMatchObject({
      phase: 'listening',
      state: 'listening',
      status: 'Listening... (speak now)',
    });

    // Off and on again: a new microphone stream, which the detector must hear first.
    t.session.toggleMicrophone();
    await tick();
    expect(t.snapshot()).toMatchObject({ micOn: false, state: 'idle' });
    t.session.toggleMicrophone();
    await tick();
    expect(t.vadCalls).toEqual(['pause', 'start']);
    expect(t.snapshot()).toMatchObject({ phase: 'preparing', micOn: true });
    t.vad().onHearing!();
    expect(t.snapshot()).toMatchObject({ phase: 'listening', micOn: true });
  });

  it('barge-in: real speech over the patient stops the audio and cancels with what was heard', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.clock.advance(LEAD + 2);
    t.channel.order = [];
    t.vad().onSpeechStart(new Float32Array(26 * 512));
    t.vad().onSpeechAudio(new Float32Array(512));
    // Paused at once, while the VAD makes sure it is speech; nothing is sent yet.
    expect(t.clock.state).toBe('suspended');
    expect(t.snapshot().state).toBe('listening');
    expect(t.channel.order).toEqual([]);
    t.vad().onSpeechRealStart();
    expect(t.channel.sent).toEqual([
      { type: 'cancel', heardChars: 'I suppose the cost is'.length },
    ]);
    // The cancel first, then the utterance with everything since its lead-in.
    expect(t.channel.order).toEqual(['cancel', 'audio_start c2']);
    expect(t.snapshot()).toMatchObject({ state: 'listening', audioActive: false });
    // Every scheduled chunk was stopped, and the 'Patient:' line shows what was heard.
    expect(t.clock.live).toEqual([]);
    expect(t.snapshot().patient).toBe('I suppose the cost is');
    // The new utterance is the next turn.
    t.vad().onSpeechEnd();
    expect(t.channel.streamMessages.filter((m) => m.type === 'audio_commit')).toEqual([
      { type: 'audio_commit', clientId: 'c1', frames: 23 },
      { type: 'audio_commit', clientId: 'c2', frames: 14 },
    ]);
    expect(t.snapshot().state).toBe('processing');
  });

  it('cutting the patient off after the server finished the turn still reports what was heard', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.channel.server({
      type: 'reply_done',
      replyId: 'r1',
      message: storedReply(REPLY),
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
    t.channel.sent = [];
    t.session.stopAudio();
    expect(t.channel.sent).toEqual([]);
  });

  it('a misfire (a cough) over the patient lets them carry on, and sends nothing', async () => {
    const t = setup();
    await untilSpeaking(t);
    t.channel.order = [];
    t.vad().onSpeechStart(new Float32Array(4 * 512));
    expect(t.clock.state).toBe('suspended');
    t.vad().onSpeechAudio(new Float32Array(512));
    t.vad().onMisfire();
    expect(t.clock.state).toBe('running');
    expect(t.channel.order).toEqual([]);
    expect(t.snapshot()).toMatchObject({ state: 'speaking', error: null });
  });

  it('a misfire while only listening says no audio was recorded', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart(new Float32Array(512));
    t.vad().onMisfire();
    expect(t.snapshot().error).toBe('No audio recorded. Please try again and speak clearly.');
    expect(t.channel.streamMessages.map((m) => m.type)).toEqual(['audio_start', 'audio_cancel']);
  });

  it("partial transcripts grow the 'You:' line while the clinician speaks; the final one replaces them", async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart(new Float32Array(26 * 512));
    t.vad().onSpeechRealStart();
    t.channel.server({ type: 'transcript_partial', clientId: 'c1', text: 'What' });
    expect(t.snapshot()).toMatchObject({ you: 'What', state: 'listening' });
    t.channel.server({ type: 'transcript_partial', clientId: 'c1', text: 'What worries' });
    // Someone else's stream is not ours.
    t.channel.server({ type: 'transcript_partial', clientId: 'other', text: 'Nope' });
    expect(t.snapshot().you).toBe('What worries');
    t.vad().onSpeechEnd();
    expect(t.snapshot()).toMatchObject({ you: 'What worries', state: 'processing' });
    t.channel.server({ type: 'transcript_partial', clientId: 'c1', text: 'What worries you' });
    expect(t.snapshot().you).toBe('What worries you');
    t.channel.server({ type: 'transcript', clientId: 'c1', text: 'What worries you?' });
    expect(t.snapshot().you).toBe('What worries you?');
    // Once the reply has started, a late partial changes nothing.
    t.channel.server({ type: 'reply_start', replyId: 'r1' });
    t.channel.server({ type: 'transcript_partial', clientId: 'c1', text: 'What worries' });
    expect(t.snapshot().you).toBe('What worries you?');
  });

  it('speech before the reply starts continues the turn: streamed at once, no cancel, no new turn', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    speak(t);
    t.channel.server({ type: 'transcript', clientId: 'c1', text: 'I was wondering, um' });
    // The server waits for more after a mid-thought transcript; the clinician goes on.
    t.vad().onSpeechStart(new Float32Array(2048));
    expect(t.snapshot().state).toBe('listening');
    t.vad().onSpeechRealStart();
    t.vad().onSpeechAudio(new Float32Array(1024));
    // The joined words come under the turn's id.
    t.channel.server({
      type: 'transcript_partial',
      clientId: 'c1',
      text: 'I was wondering, um whether it will',
    });
    expect(t.snapshot().you).toBe('I was wondering, um whether it will');
    t.vad().onSpeechEnd();
    expect(t.channel.sent).toEqual([]);
    expect(
      t.channel.order.filter((o) => o.startsWith('audio_start') || o.startsWith('audio_commit')),
    ).toEqual(['audio_start c1', 'audio_commit c1', 'audio_start c2', 'audio_commit c2']);
    expect(t.snapshot().state).toBe('replying');
    t.channel.server({
      type: 'transcript',
      clientId: 'c1',
      text: 'I was wondering, um whether it will hurt?',
    });
    t.channel.server({ type: 'reply_start', replyId: 'r1' });
    t.channel.server({ type: 'reply_delta', replyId: 'r1', text: 'A little.' });
    expect(t.snapshot()).toMatchObject({
      you: 'I was wondering, um whether it will hurt?',
      patient: 'A little.',
    });
  });

  it('a stream the server refuses stops at once with its message', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart(new Float32Array(2048));
    t.channel.server({
      type: 'error',
      code: 'bad_request:audio',
      message: 'The audio stream stopped.',
      clientId: 'c1',
    });
    expect(t.snapshot().error).toBe('The audio stream stopped.');
    t.vad().onSpeechAudio(new Float32Array(2048));
    t.vad().onSpeechEnd();
    expect(t.channel.stream).toEqual([
      expect.objectContaining({ type: 'audio_start' }),
      'frame 0 1024',
      'frame 1 1024',
    ]);
    expect(t.snapshot()).toMatchObject({ state: 'listening', error: 'The audio stream stopped.' });
  });

  it("a misfire's partial transcript is taken back", async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart(new Float32Array(512));
    t.channel.server({ type: 'transcript_partial', clientId: 'c1', text: 'Um' });
    expect(t.snapshot().you).toBe('Um');
    t.vad().onMisfire();
    expect(t.snapshot().you).toBeNull();
  });

  it('with the socket down the utterance cannot go out: the end of speech says so', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.channel.setState({ ready: false });
    speak(t);
    expect(t.channel.stream).toEqual([]);
    expect(t.snapshot()).toMatchObject({
      error: 'Failed to process your message. Please try again.',
      state: 'listening',
    });
  });

  it('a socket that drops mid-utterance ends its stream: nothing is sent on the next socket', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart(new Float32Array(2048));
    t.channel.setState({ ready: false });
    t.channel.setState({ ready: true });
    t.vad().onSpeechAudio(new Float32Array(2048));
    t.vad().onSpeechEnd();
    expect(t.channel.stream).toEqual([
      expect.objectContaining({ type: 'audio_start' }),
      'frame 0 1024',
      'frame 1 1024',
    ]);
    expect(t.snapshot().error).toBe('Failed to process your message. Please try again.');
  });

  it('turning the microphone off mid-utterance cancels it quietly', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart(new Float32Array(2048));
    t.vad().onSpeechDropped();
    expect(t.channel.streamMessages.map((m) => m.type)).toEqual(['audio_start', 'audio_cancel']);
    expect(t.snapshot().error).toBeNull();
  });

  it('an utterance past 30 s is cancelled with the limit message', async () => {
    const t = setup();
    t.session.toggleMicrophone();
    await tick();
    t.vad().onSpeechStart(new Float32Array(16_000));
    for (let s = 0; s < 30; s += 1) t.vad().onSpeechAudio(new Float32Array(16_000));
    t.vad().onSpeechEnd();
    expect(t.channel.streamMessages.map((m) => m.type)).toEqual(['audio_start', 'audio_cancel']);
    expect(t.snapshot().error).toMatch(/30 seconds/);
    expect(t.snapshot().state).toBe('listening');
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
    u.vad().onSpeechStart(new Float32Array(26 * 512));
    u.vad().onSpeechRealStart();
    for (let i = 0; i < 10; i += 1) u.vad().onSpeechAudio(new Float32Array(512));
    u.vad().onSpeechEnd();
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
    speak(t);
    await tick();
    expect(t.vadCalls).toEqual(['pause']);
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
    speak(t);
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

    // The microphone is captured at once; a detector that then fails to load lets it go.
    const late = setup({}, Promise.reject(new VadInitError(new Error('no wasm'))));
    late.session.toggleMicrophone();
    await tick();
    await tick();
    expect(late.snapshot()).toMatchObject({
      error: 'Failed to initialize audio recording. Please try a different browser.',
      micOn: false,
    });
    expect(late.vadCalls).toEqual(['destroy']);

    // A detector that breaks while listening: the utterance is dropped and the mic let go.
    const failing = setup();
    failing.session.toggleMicrophone();
    await tick();
    failing.vad().onSpeechStart(new Float32Array(2048));
    failing.vad().onSpeechDropped();
    failing.vad().onDetectorError(new Error('wasm trap'));
    expect(failing.snapshot()).toMatchObject({
      error: 'Recording error occurred. Please try again.',
      micOn: false,
    });
    expect(failing.channel.streamMessages.map((m) => m.type)).toEqual([
      'audio_start',
      'audio_cancel',
    ]);
    expect(failing.vadCalls).toEqual(['destroy']);
  });

  it('without server transcription or browser recognition it says what to configure', async () => {
    const t = setup();
    t.channel.state = {
      ...t.channel.state,
      voice: { transcription: false, speech: false, realtime: false },
    };
    for (const l of t.channel.listeners) l.onState?.(t.channel.state);
    expect(t.snapshot().input).toBe('none');
    t.session.toggleMicrophone();
    expect(t.snapshot().error).toMatch(/connect an AI provider/);
    expect(t.channel.stream).toEqual([]);
  });
});
