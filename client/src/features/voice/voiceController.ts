import type { ServerMessage } from '#shared/protocol';
import { VOICE_STATUS, VOICE_TEXT } from '#shared/text';
import { browserSpeech } from '../../lib/audio/browserSpeech';
import { openMicrophone } from '../../lib/audio/microphone';
import { hasSpeechRecognition, recognizeOnce } from '../../lib/audio/speechRecognition';
import { PatientSpeech, type PatientSpeechDeps } from '../../lib/audio/patientSpeech';
import type { SpeechChunk } from '../../lib/audio/speechQueue';
import { newClientId } from '../../lib/clientId';
import type { ChannelState, ConversationChannel } from '../../lib/conversationChannel';
import { TurnTracker } from './controller/turnTracker';
import { VoiceInput, type VoiceInputDeps } from './controller/voiceInput';
import { UtteranceSender, type UtteranceMode } from './controller/utteranceSender';
import { voiceErrorMessage } from './voiceText';
import { createVad } from '../../lib/audio/vad';
import { MAX_UTTERANCE_MS } from '#shared/voice';

/**
 * Where a voice turn is, as the modal shows it. `starting`: the microphone is opening;
 * `preparing`: it is open and the detector is catching up with it (not listening yet).
 */
export type VoicePhase =
  | 'off'
  | 'starting'
  | 'preparing'
  | 'listening'
  | 'processing'
  | 'replying'
  | 'converting'
  | 'speaking';

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

export interface VoiceControllerDeps extends VoiceInputDeps, Partial<PatientSpeechDeps> {
  hasSpeechRecognition: () => boolean;
  hasBrowserSpeech: () => boolean;
  newClientId: () => string;
}

const browserDeps: VoiceControllerDeps = {
  openMicrophone,
  createVad,
  hasSpeechRecognition,
  recognizeOnce,
  hasBrowserSpeech: () => browserSpeech() !== null,
  newClientId,
};

/**
 * Voice mode's engine, free of React. It composes the clinician's microphone (`VoiceInput`), the
 * turn on the socket (`TurnTracker`) and the patient's voice (`PatientSpeech`), and decides
 * between them. Hands-free, the VAD stays on through the whole turn, so speaking while the
 * patient talks interrupts them (barge-in); push-to-talk takes one utterance per click.
 */
export class VoiceController {
  private readonly channel: ConversationChannel;
  private readonly deps: VoiceControllerDeps;
  private readonly input: VoiceInput;
  private readonly turns = new TurnTracker();
  private readonly playback: PatientSpeech;
  /** The utterance streaming to the server while the clinician speaks. */
  private readonly utterance: UtteranceSender;
  private listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private snapshot: VoiceSnapshot;
  private channelState: ChannelState;
  private error: string | null = null;
  private disposed = false;

  constructor(channel: ConversationChannel, deps: Partial<VoiceControllerDeps> = {}) {
    this.channel = channel;
    this.deps = { ...browserDeps, ...deps };
    this.channelState = channel.getState();
    this.utterance = new UtteranceSender(
      { send: (message) => channel.send(message), sendFrame: (frame) => channel.sendFrame(frame) },
      () => this.deps.newClientId(),
    );
    this.input = new VoiceInput(this.deps, {
      onSpeechStart: (lead) => {
        this.beginUtterance(lead);
        // Stop the patient at once; a misfire (a cough, a click) lets them carry on.
        this.playback.hold();
        this.emit();
      },
      onSpeechAudio: (samples) => this.streamUtterance(samples),
      onSpeechConfirmed: () => {
        this.playback.confirmHold();
        this.error = null;
        if (this.utteranceMode !== 'join' && (this.turns.running || this.playback.talking)) {
          // Barge-in: the cancel goes first, then the utterance it was held for.
          this.interrupt();
        }
        this.releaseUtterance();
        this.emit();
      },
      // Dictation has its own utterance (oneUtterance.ts): only a turn's words are settled.
      onSpeechPause: () => this.utterance.pause(),
      onMisfire: () => {
        this.dropUtterance();
        if (!this.playback.resumeHeld() && !this.turns.running) this.error = VOICE_TEXT.noAudio;
        this.emit();
      },
      onSpeechEnd: () => {
        this.playback.confirmHold();
        this.commitUtterance();
        this.emit();
      },
      onSpeechDropped: () => {
        this.dropUtterance();
        this.playback.resumeHeld();
        this.emit();
      },
      onRecognised: (text) => {
        if (text !== '') return this.sendRecognised(text);
        this.error = VOICE_TEXT.nothingHeard;
        this.emit();
        this.resumeRecognition();
      },
      onError: (message) => this.fail(message),
      onChange: () => this.emit(),
    });
    this.playback = new PatientSpeech(
      {
        onIdle: () => this.afterPlayback(),
        onFailed: (message) => this.fail(message),
        onChange: () => this.emit(),
      },
      this.deps,
    );
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
    this.input.attach();
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
    this.dropUtterance();
    this.interrupt();
    this.unsubscribe?.();
    this.unsubscribe = null;
    // Not a disposed player: StrictMode attaches this same session again right after.
    this.input.dispose();
  }

  // ------------------------------------------------------------------ user actions

  /** The microphone button. */
  toggleMicrophone(): void {
    this.error = null;
    if (this.input.starting) return;
    if (!this.input.handsFree && (this.turns.running || this.playback.talking)) {
      // Push-to-talk: a click while the patient talks is the barge-in.
      this.interrupt();
      void this.startListening();
      return;
    }
    if (this.input.micOn) void this.input.stop();
    else void this.startListening();
    this.emit();
  }

  setHandsFree(handsFree: boolean): void {
    this.input.handsFree = handsFree;
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
    this.playback.retry();
    this.emit();
  }

  // ------------------------------------------------------------------ listening

  private get inputKind(): VoiceSnapshot['input'] {
    const voice = this.channelState.voice;
    if (!voice) return 'unknown';
    if (voice.transcription) return 'server';
    return this.deps.hasSpeechRecognition() ? 'browser' : 'none';
  }

  private get output(): VoiceSnapshot['output'] {
    if (this.channelState.voice?.speech) return 'server';
    return this.deps.hasBrowserSpeech() ? 'browser' : 'none';
  }

  private async startListening(): Promise<void> {
    if (!this.channelState.ready) {
      this.fail(this.channelState.ended ? VOICE_TEXT.ended : VOICE_TEXT.offline);
      return;
    }
    if (this.channelState.ended) return this.fail(VOICE_TEXT.ended);
    const kind = this.inputKind;
    if (kind === 'none') return this.fail(VOICE_TEXT.notConfigured);
    if (kind === 'browser') {
      this.input.startRecognition();
      this.resumeRecognition();
      return;
    }
    await this.input.startVad();
  }

  /** Browser recognition listens again once the patient has finished. */
  private resumeRecognition(): void {
    if (this.inputKind !== 'browser' || this.disposed) return;
    if (this.turns.running || this.playback.talking) return;
    this.input.listenOnce();
  }

  // ------------------------------------------------------------------ the turn

  /** How the utterance now starting relates to the running turn (see UtteranceMode). */
  private utteranceMode: UtteranceMode = 'new';

  /** Speech may have started: the utterance streams from here (or is held, for a barge-in). */
  private beginUtterance(lead: Float32Array): void {
    this.dropUtterance();
    this.utteranceMode = this.turns.awaitingReply
      ? 'join'
      : this.turns.running || this.playback.talking
        ? 'held'
        : 'new';
    this.utterance.begin(lead, { mode: this.utteranceMode, speak: this.output === 'server' });
    this.hearUtterance();
  }

  /** Its partial transcripts may show; a joined one's come under its turn's id. */
  private hearUtterance(): void {
    const clientId = this.utterance.clientId;
    if (clientId !== null && this.utteranceMode !== 'join') this.turns.hear(clientId);
  }

  private releaseUtterance(): void {
    if (this.utteranceMode !== 'held') return;
    this.utterance.release();
    this.utteranceMode = 'new';
    this.hearUtterance();
  }

  private streamUtterance(samples: Float32Array): void {
    const clientId = this.utterance.clientId;
    if (this.utterance.push(samples) === 'too_long') {
      if (clientId) this.turns.unhear(clientId);
      this.fail(VOICE_TEXT.tooLongForTurn(MAX_UTTERANCE_MS / 1000));
    }
  }

  /** A misfire, or listening stopped mid-utterance: the server drops it, nothing is stored. */
  private dropUtterance(): void {
    const clientId = this.utterance.drop();
    if (clientId) this.turns.unhear(clientId);
  }

  /** End of speech: the utterance is committed and becomes the turn (or joins it). */
  private commitUtterance(): void {
    const joins = this.utteranceMode === 'join';
    if (!joins) this.interrupt();
    const committed = this.utterance.commit();
    if (!committed) return;
    if (!committed.ok) {
      if (committed.clientId) this.turns.unhear(committed.clientId);
      return this.fail(VOICE_TEXT.processingFailed);
    }
    // A continuation: the running turn's transcript grows; its reply answers both.
    if (committed.joins) return;
    this.beginTurn({
      clientId: committed.clientId,
      stage: 'sent',
      speak: committed.speak,
      you: null,
    });
  }

  private sendRecognised(text: string): void {
    this.interrupt();
    const clientId = this.deps.newClientId();
    const speak = this.output === 'server';
    const sent = this.channel.send({
      type: 'turn',
      clientId,
      text,
      stream: true,
      source: 'voice',
      speak,
    });
    if (!sent) {
      this.fail(VOICE_TEXT.processingFailed);
      this.resumeRecognition();
      return;
    }
    this.beginTurn({ clientId, stage: 'heard', speak, you: text });
  }

  private beginTurn(turn: Parameters<TurnTracker['begin']>[0]): void {
    // The last reply's speech is let go: its late frames must not play over the new turn.
    this.playback.stop();
    this.turns.begin(turn);
    this.error = null;
    this.emit();
  }

  private onMessage(message: ServerMessage): void {
    if (message.type === 'error' && message.clientId === this.utterance.clientId) {
      // The server refused or ended the stream being spoken: it goes no further.
      this.utterance.refused();
      this.turns.unhear(message.clientId);
      this.fail(voiceErrorMessage(message.code, message.message));
      return;
    }
    const update = this.turns.onMessage(message);
    if (!update) return;
    switch (update.kind) {
      case 'reply_done':
        if (this.output === 'browser') void this.playback.speakInBrowser(update.text);
        this.settle();
        break;
      case 'speech_start':
        this.playback.follow(update.replyId);
        break;
      case 'speech_done':
        this.playback.end(update.replyId);
        this.settle();
        break;
      case 'failed':
        this.error = update.message;
        if (update.over) this.resumeRecognition();
        else this.settle();
        break;
      case 'progress':
        break;
    }
    this.emit();
  }

  private onSpeech(chunk: SpeechChunk): void {
    if (this.playback.add(chunk)) this.emit();
  }

  private onChannelState(state: ChannelState): void {
    this.channelState = state;
    // The reply will never arrive on this socket; the chat reloads what was stored. A stream
    // cut off mid-utterance cannot continue on the next socket either.
    if (!state.ready) this.utterance.abandon();
    if (!state.ready && this.turns.drop()) this.error = VOICE_TEXT.offline;
    if (state.ended) void this.input.stop();
    this.emit();
  }

  /** The turn is over on the server's side once the reply and its speech are complete. */
  private settle(): void {
    if (this.turns.settle()) this.afterPlayback();
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
    const cut = this.turns.cut(this.playback.audible, (reply) => this.playback.heardOf(reply));
    if (cut) {
      // Sent even when the server has finished the turn (it then has nothing to cancel), so
      // the server alone decides what it can still shorten.
      this.channel.send(
        cut.heardChars === undefined
          ? { type: 'cancel' }
          : { type: 'cancel', heardChars: cut.heardChars },
      );
    }
    this.playback.silence();
  }

  private fail(message: string): void {
    this.error = message;
    this.emit();
  }

  // ------------------------------------------------------------------ snapshot

  private phase(): VoicePhase {
    // The user may be starting to talk over the patient, or is still speaking (a continuation
    // of the running turn): we are all ears.
    if (this.playback.held || this.utterance.active) return 'listening';
    if (this.playback.speaking) return 'speaking';
    const turn = this.turns.phase;
    if (turn) return turn;
    if (this.input.micOn) return this.input.hearing ? 'listening' : 'preparing';
    if (this.input.starting) return 'starting';
    return 'off';
  }

  private build(): VoiceSnapshot {
    const phase = this.phase();
    const state: VoiceState =
      phase === 'off' || phase === 'starting' || phase === 'preparing'
        ? 'idle'
        : phase === 'converting'
          ? 'replying'
          : phase;
    const again = this.turns.anyTaken;
    const status: Record<VoicePhase, string> = {
      off: again ? VOICE_STATUS.again : VOICE_STATUS.start,
      starting: VOICE_STATUS.preparing,
      preparing: VOICE_STATUS.preparing,
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
      handsFree: this.input.handsFree,
      micOn: this.input.micOn,
      you: this.turns.you,
      patient: this.turns.patient,
      error: this.error,
      canRetryAudio: this.playback.failed,
      audioActive: this.playback.active,
      played: this.playback.played,
      finished: this.playback.finished,
      input: this.inputKind,
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
