import type { ServerMessage } from '../../../../shared/protocol';
import { MAX_UTTERANCE_BYTES, MAX_UTTERANCE_MS } from '../../../../shared/voice';
import {
  browserSpeech,
  cancelBrowserSpeech,
  speakWithBrowser,
} from '../../lib/audio/browserSpeech';
import { heardChars } from '../../lib/audio/heardChars';
import { MicrophoneError, openMicrophone, stopStream } from '../../lib/audio/microphone';
import {
  hasSpeechRecognition,
  recognizeOnce,
  type RecognitionHandle,
} from '../../lib/audio/speechRecognition';
import { SpeechPlayer, type SpeechPlayerEvents } from '../../lib/audio/speechPlayer';
import { SpeechQueue, type SpeechChunk } from '../../lib/audio/speechQueue';
import { newClientId } from '../../lib/clientId';
import type { ChannelState, ConversationChannel } from '../../lib/conversationChannel';
import { createVad, VadInitError, type Vad, type VadCallbacks } from './vad';
import { voiceErrorMessage } from './voiceText';
import { VOICE_STATUS, VOICE_TEXT } from '../../../../shared/text';

/** Where a voice turn is, as the modal shows it. */
export type VoicePhase =
  'off' | 'starting' | 'listening' | 'processing' | 'replying' | 'converting' | 'speaking';

/** The coarse state on the modal's `data-voice-state` (what end-to-end tests watch). */
export type VoiceState = 'idle' | 'listening' | 'processing' | 'replying' | 'speaking';

export interface VoiceSnapshot {
  phase: VoicePhase;
  state: VoiceState;
  /** The spec §2 status line for the phase. */
  status: string;
  handsFree: boolean;
  /** The microphone is open (the VAD or the browser's recogniser is running). */
  micOn: boolean;
  you: string | null;
  patient: string | null;
  error: string | null;
  /** Playback failed for good: offer 'Retry Audio'. */
  canRetryAudio: boolean;
  /** The patient is talking (or about to): offer 'Stop audio'. */
  audioActive: boolean;
  /** Sentences whose audio started playing, and those that played to the end. */
  played: number;
  finished: number;
  /** Where the words come from, and where the patient's voice comes from. */
  input: 'server' | 'browser' | 'none' | 'unknown';
  output: 'server' | 'browser' | 'none';
  ready: boolean;
  ended: boolean;
}

interface Turn {
  clientId: string;
  /** sent: awaiting the transcript; heard: the words are in, awaiting the reply. */
  stage: 'sent' | 'heard';
  replyId: string | null;
  replyText: string;
  replyDone: boolean;
  /** The server was asked to speak the reply. */
  speak: boolean;
  speechDone: boolean;
  queue: SpeechQueue | null;
  /** Sentences that played to the end, for barge-in. */
  heard: string[];
}

export interface VoiceSessionDeps {
  openMicrophone: () => Promise<MediaStream>;
  createVad: (stream: MediaStream, callbacks: VadCallbacks) => Promise<Vad>;
  createPlayer: (events: SpeechPlayerEvents) => SpeechPlayer;
  hasSpeechRecognition: () => boolean;
  recognizeOnce: typeof recognizeOnce;
  hasBrowserSpeech: () => boolean;
  speakWithBrowser: typeof speakWithBrowser;
  cancelBrowserSpeech: () => void;
  newClientId: () => string;
}

const browserDeps: VoiceSessionDeps = {
  openMicrophone,
  createVad,
  createPlayer: (events) => new SpeechPlayer(events),
  hasSpeechRecognition,
  recognizeOnce,
  hasBrowserSpeech: () => browserSpeech() !== null,
  speakWithBrowser,
  cancelBrowserSpeech,
  newClientId,
};

/**
 * Voice mode's engine, free of React: the microphone and its VAD, the turn on the socket, and
 * the patient's voice. Hands-free, the VAD stays on through the whole turn, so speaking while
 * the patient talks interrupts them (barge-in); push-to-talk takes one utterance per click.
 */
export class VoiceSession {
  private readonly channel: ConversationChannel;
  private readonly deps: VoiceSessionDeps;
  private readonly player: SpeechPlayer;
  private listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private snapshot: VoiceSnapshot;

  private channelState: ChannelState;
  private handsFree = true;
  /** The user switched the microphone on (hands-free keeps it on from turn to turn). */
  private wantMic = false;
  private starting = false;
  private vad: Vad | null = null;
  private vadListening = false;
  private recognition: RecognitionHandle | null = null;
  private turn: Turn | null = null;
  /** The last turn, kept after it completes while its audio may still be playing. */
  private spoken: Turn | null = null;
  private playing = false;
  private audioFailed = false;
  /** Playback paused because speech may be starting; a misfire resumes it. */
  private holding = false;
  private browserSpeaking = 0;
  private you: string | null = null;
  private patient: string | null = null;
  private error: string | null = null;
  private played = 0;
  private finished = 0;
  private disposed = false;

  constructor(channel: ConversationChannel, deps: Partial<VoiceSessionDeps> = {}) {
    this.channel = channel;
    this.deps = { ...browserDeps, ...deps };
    this.channelState = channel.getState();
    this.player = this.deps.createPlayer({
      onPlaying: () => {
        this.playing = true;
        this.audioFailed = false;
        this.played += 1;
        this.emit();
      },
      onEnded: (sentence) => {
        this.playing = false;
        this.finished += 1;
        this.spoken?.heard.push(sentence.text);
        this.emit();
      },
      onIdle: () => {
        this.playing = false;
        this.afterPlayback();
      },
      onFailed: (message) => {
        this.playing = false;
        this.audioFailed = true;
        this.error = message;
        this.emit();
      },
    });
    this.snapshot = this.build();
  }

  // ------------------------------------------------------------------ React binding

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): VoiceSnapshot => this.snapshot;

  /** Starts following the conversation socket (again, after StrictMode's trial unmount). */
  attach(): void {
    this.disposed = false;
    this.unsubscribe?.();
    this.unsubscribe = this.channel.subscribe({
      onMessage: (message) => this.onMessage(message),
      onSpeech: (chunk) => this.onSpeech(chunk),
      onState: (state) => this.onChannelState(state),
    });
    this.channelState = this.channel.getState();
    this.emit();
  }

  /** Closing the modal: the patient stops, the microphone is released, the VAD unloaded. */
  dispose(): void {
    this.disposed = true;
    this.interrupt();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wantMic = false;
    this.recognition?.abort();
    this.recognition = null;
    const vad = this.vad;
    this.vad = null;
    this.vadListening = false;
    void vad?.destroy();
    // Not player.dispose(): StrictMode attaches this same session again right after.
    this.player.stop();
  }

  // ------------------------------------------------------------------ user actions

  /** The microphone button. */
  toggleMicrophone(): void {
    this.error = null;
    if (this.starting) return;
    const talking = this.turn !== null || this.player.busy || this.browserSpeaking > 0;
    if (!this.handsFree && talking) {
      // Push-to-talk: a click while the patient talks is the barge-in.
      this.interrupt();
      void this.startListening();
      return;
    }
    if (this.micOn) void this.stopListening();
    else void this.startListening();
    this.emit();
  }

  setHandsFree(handsFree: boolean): void {
    this.handsFree = handsFree;
    this.emit();
  }

  /** 'Stop audio': the patient stops mid-sentence; the server keeps only what was heard. */
  stopAudio(): void {
    this.interrupt();
    this.emit();
    this.resumeRecognition();
  }

  retryAudio(): void {
    this.error = null;
    this.audioFailed = false;
    this.player.retry();
    this.emit();
  }

  // ------------------------------------------------------------------ listening

  private get input(): VoiceSnapshot['input'] {
    const voice = this.channelState.voice;
    if (!voice) return 'unknown';
    if (voice.transcription) return 'server';
    return this.deps.hasSpeechRecognition() ? 'browser' : 'none';
  }

  private get output(): VoiceSnapshot['output'] {
    if (this.channelState.voice?.speech) return 'server';
    return this.deps.hasBrowserSpeech() ? 'browser' : 'none';
  }

  private get micOn(): boolean {
    return this.vadListening || this.recognition !== null;
  }

  private async startListening(): Promise<void> {
    if (!this.channelState.ready) {
      this.fail(this.channelState.ended ? VOICE_TEXT.ended : VOICE_TEXT.offline);
      return;
    }
    if (this.channelState.ended) return this.fail(VOICE_TEXT.ended);
    const input = this.input;
    if (input === 'none') return this.fail(VOICE_TEXT.notConfigured);
    this.wantMic = true;
    if (input === 'browser') {
      this.resumeRecognition();
      return;
    }
    this.starting = true;
    this.emit();
    try {
      if (this.vad) {
        await this.vad.start();
      } else {
        const stream = await this.deps.openMicrophone();
        if (this.disposed) return stopStream(stream);
        let vad: Vad;
        try {
          vad = await this.deps.createVad(stream, this.vadCallbacks);
        } catch (error) {
          stopStream(stream);
          throw error;
        }
        if (this.disposed) {
          void vad.destroy();
          return;
        }
        this.vad = vad;
        await vad.start();
      }
      if (this.disposed) return;
      this.vadListening = true;
    } catch (error) {
      this.wantMic = false;
      if (error instanceof MicrophoneError) {
        this.fail(error.message);
      } else if (error instanceof VadInitError) {
        console.error('Voice activity detector failed to load', error.cause);
        this.fail(VOICE_TEXT.initFailed);
      } else {
        console.error('Microphone failed to start', error);
        this.fail(VOICE_TEXT.recordingError);
      }
    } finally {
      this.starting = false;
      this.emit();
    }
  }

  private async stopListening(): Promise<void> {
    this.wantMic = false;
    this.recognition?.abort();
    this.recognition = null;
    if (!this.vad || !this.vadListening) return;
    this.vadListening = false;
    this.emit();
    try {
      await this.vad.pause();
    } catch (error) {
      console.error('Could not stop the microphone', error);
      this.fail(VOICE_TEXT.stopFailed);
    }
  }

  private readonly vadCallbacks: VadCallbacks = {
    onSpeechStart: () => {
      // Stop the patient at once; a misfire (a cough, a click) lets them carry on.
      if (this.player.busy && !this.audioFailed) {
        this.holding = true;
        this.player.hold();
      }
      this.emit();
    },
    onSpeechRealStart: () => {
      this.holding = false;
      this.error = null;
      if (this.turn || this.player.busy || this.browserSpeaking > 0) this.interrupt();
      this.emit();
    },
    onMisfire: () => {
      if (this.holding) {
        this.holding = false;
        this.player.resume();
      } else if (!this.turn) {
        this.error = VOICE_TEXT.noAudio;
      }
      this.emit();
    },
    onSpeechEnd: (audio) => {
      this.holding = false;
      if (audio.length === 0) return this.fail(VOICE_TEXT.noAudio);
      if (!this.handsFree) void this.stopListening();
      const vad = this.vad;
      if (!vad) return;
      let wav: ArrayBuffer;
      try {
        wav = vad.encodeWav(audio);
      } catch (error) {
        console.error('Could not encode the utterance', error);
        return this.fail(VOICE_TEXT.recordingError);
      }
      if (wav.byteLength > MAX_UTTERANCE_BYTES) {
        return this.fail(VOICE_TEXT.tooLongForTurn(MAX_UTTERANCE_MS / 1000));
      }
      this.sendUtterance(wav);
    },
  };

  /** Browser recognition: one utterance at a time, restarted when the patient has finished. */
  private resumeRecognition(): void {
    if (this.input !== 'browser' || !this.wantMic || this.recognition || this.disposed) return;
    if (this.turn || this.player.busy || this.browserSpeaking > 0) return;
    const handle = this.deps.recognizeOnce();
    this.recognition = handle;
    this.emit();
    handle.result.then(
      (text) => {
        if (this.recognition !== handle) return;
        this.recognition = null;
        if (!this.handsFree) this.wantMic = false;
        if (text === '') {
          this.error = VOICE_TEXT.nothingHeard;
          this.emit();
          this.resumeRecognition();
          return;
        }
        this.sendRecognised(text);
      },
      (error: unknown) => {
        if (this.recognition !== handle) return;
        this.recognition = null;
        this.wantMic = false;
        this.fail(error instanceof Error ? error.message : VOICE_TEXT.recordingError);
      },
    );
  }

  // ------------------------------------------------------------------ the turn

  private newTurn(clientId: string, stage: Turn['stage']): Turn {
    const speak = this.output === 'server';
    return {
      clientId,
      stage,
      replyId: null,
      replyText: '',
      replyDone: false,
      speak,
      speechDone: !speak,
      queue: null,
      heard: [],
    };
  }

  private sendUtterance(wav: ArrayBuffer): void {
    this.interrupt();
    const clientId = this.deps.newClientId();
    const turn = this.newTurn(clientId, 'sent');
    const sent = this.channel.sendAudio(
      { clientId, format: 'wav', purpose: 'turn', stream: true, speak: turn.speak },
      wav,
    );
    if (!sent) return this.fail(VOICE_TEXT.processingFailed);
    this.beginTurn(turn, null);
  }

  private sendRecognised(text: string): void {
    this.interrupt();
    const clientId = this.deps.newClientId();
    const turn = this.newTurn(clientId, 'heard');
    const sent = this.channel.send({
      type: 'turn',
      clientId,
      text,
      stream: true,
      source: 'voice',
      speak: turn.speak,
    });
    if (!sent) {
      this.fail(VOICE_TEXT.processingFailed);
      this.resumeRecognition();
      return;
    }
    this.beginTurn(turn, text);
  }

  private beginTurn(turn: Turn, you: string | null): void {
    this.player.stop();
    this.audioFailed = false;
    this.turn = turn;
    this.spoken = turn;
    this.you = you;
    this.patient = null;
    this.error = null;
    this.emit();
  }

  private onMessage(message: ServerMessage): void {
    const turn = this.turn;
    if (!turn) return;
    switch (message.type) {
      case 'transcript':
        if (message.clientId !== turn.clientId) return;
        turn.stage = 'heard';
        this.you = message.text;
        break;
      case 'turn_stored':
        if (message.clientId !== turn.clientId) return;
        turn.stage = 'heard';
        this.you = message.message.content;
        break;
      case 'reply_start':
        // One turn at a time per socket: the reply after our stored turn is ours.
        if (turn.stage !== 'heard' || turn.replyId !== null) return;
        turn.replyId = message.replyId;
        turn.queue = turn.speak ? new SpeechQueue(message.replyId) : null;
        break;
      case 'reply_delta':
        if (message.replyId !== turn.replyId) return;
        turn.replyText += message.text;
        this.patient = turn.replyText;
        break;
      case 'reply_done':
        if (message.replyId !== turn.replyId) return;
        turn.replyDone = true;
        turn.replyText = turn.replyText || message.message.content;
        this.patient = message.message.content;
        if (this.output === 'browser') void this.speakInBrowser(message.message.content);
        this.settle();
        break;
      case 'speech_done':
        if (message.replyId !== turn.replyId) return;
        turn.queue?.end();
        turn.speechDone = true;
        this.settle();
        break;
      case 'error':
        if (message.clientId !== turn.clientId) return;
        this.error = voiceErrorMessage(message.code, message.message);
        if (message.code === 'unavailable:speech') {
          // The words still arrive; only the voice is gone.
          turn.speechDone = true;
          this.settle();
        } else {
          this.turn = null;
          this.resumeRecognition();
        }
        break;
      default:
        return;
    }
    this.emit();
  }

  private onSpeech(chunk: SpeechChunk): void {
    const turn = this.spoken;
    if (!turn?.queue || chunk.replyId !== turn.replyId) return;
    turn.queue.add(chunk);
    for (let sentence = turn.queue.take(); sentence; sentence = turn.queue.take()) {
      this.player.enqueue(sentence);
    }
    this.emit();
  }

  private onChannelState(state: ChannelState): void {
    this.channelState = state;
    if (!state.ready && this.turn) {
      // The reply will never arrive on this socket; the chat reloads what was stored.
      this.turn = null;
      this.error = VOICE_TEXT.offline;
    }
    if (state.ended) void this.stopListening();
    this.emit();
  }

  /** The turn is over on the server's side once the reply and its speech are complete. */
  private settle(): void {
    const turn = this.turn;
    if (!turn || !turn.replyDone || !turn.speechDone) return;
    this.turn = null;
    this.afterPlayback();
  }

  private afterPlayback(): void {
    this.emit();
    this.resumeRecognition();
  }

  /**
   * Barge-in and stop: silence the patient now and tell the server how much of the reply was
   * heard, so that is what it stores.
   */
  private interrupt(): void {
    const turn = this.turn;
    // The reply being heard: the running turn, or the last one while its audio still plays.
    const cut = turn ?? (this.player.busy && !this.audioFailed ? this.spoken : null);
    if (cut) {
      const progress = this.player.progress();
      // With the browser's voice the reply is stored whole before it is spoken: no count.
      const heard = cut.speak
        ? heardChars({
            replyText: cut.replyText,
            finished: cut.heard,
            current: progress
              ? { text: progress.sentence.text, fraction: progress.fraction }
              : null,
          })
        : undefined;
      // Sent even when the server has finished the turn (it then has nothing to cancel), so
      // the server alone decides what it can still shorten.
      this.channel.send(
        heard === undefined ? { type: 'cancel' } : { type: 'cancel', heardChars: heard },
      );
      this.turn = null;
    }
    this.holding = false;
    this.player.stop();
    this.playing = false;
    this.audioFailed = false;
    if (this.browserSpeaking > 0) {
      this.browserSpeaking = 0;
      this.deps.cancelBrowserSpeech();
    }
  }

  private async speakInBrowser(text: string): Promise<void> {
    this.browserSpeaking += 1;
    const run = this.browserSpeaking;
    this.emit();
    await this.deps.speakWithBrowser(text, {
      isCurrent: () => this.browserSpeaking === run,
      onStart: () => {
        if (this.browserSpeaking !== run) return;
        this.played += 1;
        this.emit();
      },
    });
    if (this.browserSpeaking !== run) return;
    this.browserSpeaking = 0;
    this.finished += 1;
    this.afterPlayback();
  }

  private fail(message: string): void {
    this.error = message;
    this.emit();
  }

  // ------------------------------------------------------------------ snapshot

  private phase(): VoicePhase {
    // The user may be starting to talk over the patient: we are all ears.
    if (this.holding) return 'listening';
    if (this.browserSpeaking > 0) return 'speaking';
    // A sentence playing or queued next (a failed one waits for 'Retry Audio' instead).
    if (!this.audioFailed && (this.playing || this.player.busy)) return 'speaking';
    const turn = this.turn;
    if (turn) {
      if (turn.stage === 'sent') return 'processing';
      if (turn.replyText === '' && !turn.replyDone) return 'replying';
      // The words are in; the next sentence's audio is still being made.
      return turn.speak ? 'converting' : 'replying';
    }
    if (this.micOn) return 'listening';
    if (this.starting) return 'starting';
    return 'off';
  }

  private build(): VoiceSnapshot {
    const phase = this.phase();
    const state: VoiceState =
      phase === 'off' || phase === 'starting'
        ? 'idle'
        : phase === 'converting'
          ? 'replying'
          : phase;
    const status: Record<VoicePhase, string> = {
      off: this.spoken ? VOICE_STATUS.again : VOICE_STATUS.start,
      starting: this.spoken ? VOICE_STATUS.again : VOICE_STATUS.start,
      listening: VOICE_STATUS.listening,
      processing: VOICE_STATUS.processing,
      replying: VOICE_STATUS.gettingReply,
      converting: VOICE_STATUS.converting,
      speaking: VOICE_STATUS.playing,
    };
    return {
      phase,
      state,
      status: status[phase],
      handsFree: this.handsFree,
      micOn: this.micOn,
      you: this.you,
      patient: this.patient,
      error: this.error,
      canRetryAudio: this.audioFailed,
      audioActive: (this.player.busy && !this.audioFailed) || this.browserSpeaking > 0,
      played: this.played,
      finished: this.finished,
      input: this.input,
      output: this.output,
      ready: this.channelState.ready,
      ended: this.channelState.ended,
    };
  }

  private emit(): void {
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }
}
