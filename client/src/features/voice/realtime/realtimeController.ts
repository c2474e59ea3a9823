import type { RealtimeState, ServerMessage } from '#shared/protocol';
import { PLAYBACK_TEXT, REALTIME_TEXT, VOICE_TEXT } from '#shared/text';
import type { ChannelState, ConversationChannel } from '../../../lib/conversationChannel';
import type { VoiceState } from '../voiceController';
import { browserCallDeps, RealtimeCall, type RealtimeCallDeps } from './realtimeCall';
import {
  applyRealtimeTranscript,
  endOffersStandard,
  noLines,
  realtimeStatusLine,
  realtimeVoiceState,
  type CallStage,
  type LiveLines,
} from './realtimeView';

export interface RealtimeSnapshot {
  /** The server offers the Realtime engine (from `history`). */
  offered: boolean;
  stage: CallStage;
  /** The call's state as the server reads it; null before its first frame or without a call. */
  callState: RealtimeState | null;
  /** The coarse state for `data-voice-state`. */
  state: VoiceState;
  status: string;
  you: string | null;
  patient: string | null;
  error: string | null;
  /** The call could not start or dropped: offer the standard engine. */
  offerStandard: boolean;
  /** The browser blocked the patient's voice until a click: offer 'Retry Audio'. */
  canRetryAudio: boolean;
  /** The patient is speaking: offer 'Stop audio'. */
  audioActive: boolean;
  /** A call can be started now. */
  canCall: boolean;
  ready: boolean;
  ended: boolean;
}

export interface RealtimeControllerDeps extends RealtimeCallDeps {
  /** Calls `listener` when the page is left (closed, reloaded); returns the unsubscribe. */
  onPageHide: (listener: () => void) => () => void;
}

const browserDeps: RealtimeControllerDeps = {
  ...browserCallDeps,
  onPageHide: (listener) => {
    window.addEventListener('pagehide', listener);
    return () => window.removeEventListener('pagehide', listener);
  },
};

/**
 * Voice Mode's Realtime engine, free of React: one call at a time (`RealtimeCall`), and what
 * the server says about it over the conversation socket (its state, the live lines, its end).
 * The stored messages reach the chat by themselves (`message_stored`). Closing the dialog or
 * leaving the page hangs up.
 *
 * While the dialog shows this engine and no call is going on, a standby call is kept set up
 * with the microphone muted (when the browser already allows the microphone, so nothing is
 * asked before the click): the click then only unmutes it, and the clinician's first word is
 * heard. A standby that fails or ends goes quietly; the click then sets a call up as before.
 * See decision 034.
 */
export class RealtimeController {
  private readonly channel: ConversationChannel;
  private conversationId: string | null;
  private readonly deps: RealtimeControllerDeps;
  /** The call the user started (being set up, or live). */
  private call: RealtimeCall | null = null;
  /** A call set up ahead, muted, for the next click. */
  private standby: RealtimeCall | null = null;
  /** The dialog is open and shows this engine. */
  private attached = false;
  private shown = false;
  /** A standby may be set up: once each time the engine is shown, and after each call. */
  private standbyArmed = false;
  /** The user hung up: a new standby waits for the server to say that call is over. */
  private awaitingEnd = false;
  /** The started standby call still has to be announced to the server (`realtime_start`). */
  private startUnannounced = false;
  private callState: RealtimeState | null = null;
  private lines: LiveLines = noLines;
  private error: string | null = null;
  private offerStandard = false;
  private calledBefore = false;
  private channelState: ChannelState;
  private listeners = new Set<() => void>();
  private detach: Array<() => void> = [];
  private snapshot: RealtimeSnapshot;

  constructor(
    channel: ConversationChannel,
    conversationId: string | null,
    deps: Partial<RealtimeControllerDeps> = {},
  ) {
    this.channel = channel;
    this.conversationId = conversationId;
    this.deps = { ...browserDeps, ...deps };
    this.channelState = channel.getState();
    this.snapshot = this.build();
  }

  // ------------------------------------------------------------------ React binding

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): RealtimeSnapshot => this.snapshot;

  /** Starts following the conversation socket (again, after StrictMode's trial unmount). */
  attach(): void {
    this.stopFollowing();
    this.detach = [
      this.channel.subscribe({
        onMessage: (message) => this.onMessage(message),
        onState: (state) => this.onChannelState(state),
      }),
      this.deps.onPageHide(() => this.dispose()),
    ];
    this.channelState = this.channel.getState();
    this.attached = true;
    this.standbyArmed = true;
    this.prepareStandby();
    this.emit();
  }

  /** The dialog closed: hang up, the standby call too. */
  dispose(): void {
    this.attached = false;
    this.hangUp();
    this.dropStandby();
    this.stopFollowing();
  }

  /** The dialog shows this engine (or another one): a standby call is kept only while it does. */
  setShown(shown: boolean): void {
    if (shown === this.shown) return;
    this.shown = shown;
    if (!shown) return this.dropStandby();
    this.standbyArmed = true;
    this.prepareStandby();
  }

  /** The conversation was created after the dialog opened (or replaced): calls go there. */
  setConversationId(conversationId: string | null): void {
    if (conversationId === this.conversationId) return;
    this.hangUp();
    this.dropStandby();
    this.conversationId = conversationId;
    this.standbyArmed = true;
    this.prepareStandby();
    this.emit();
  }

  // ------------------------------------------------------------------ user actions

  /** The call button: start a call, or hang up the one running. */
  toggleCall(): void {
    if (this.call) this.hangUp();
    else this.startCall();
  }

  startCall(): void {
    if (this.call) return;
    if (this.conversationId === null || !this.channelState.ready) {
      return this.fail(this.channelState.ended ? VOICE_TEXT.ended : VOICE_TEXT.offline);
    }
    if (this.channelState.ended) return this.fail(VOICE_TEXT.ended);
    this.error = null;
    this.offerStandard = false;
    this.lines = noLines;
    this.callState = null;
    const standby = this.standby;
    if (standby) {
      // The call is set up already: the microphone goes live now, the server hears of it next.
      this.standby = null;
      this.call = standby;
      this.startUnannounced = true;
      standby.begin();
      this.announceStart();
      this.emit();
      return;
    }
    const call = this.newCall(this.conversationId);
    this.call = call;
    this.emit();
    void call.start();
  }

  hangUp(): void {
    const call = this.call;
    if (!call) return;
    this.endCall();
    call.hangUp();
    this.awaitingEnd = true;
    this.emit();
  }

  /**
   * 'Stop audio': the server cancels the patient's response and clears the call's audio
   * buffer, so nothing needs silencing here.
   */
  stopAudio(): void {
    if (!this.live) return;
    this.channel.send({ type: 'cancel' });
  }

  /** The user moved on (another engine): the last call's problem is old news. */
  dismissError(): void {
    if (this.call || (this.error === null && !this.offerStandard)) return;
    this.error = null;
    this.offerStandard = false;
    this.emit();
  }

  retryAudio(): void {
    this.call?.retryAudio();
  }

  // ------------------------------------------------------------------ the server's word

  private get live(): boolean {
    const phase = this.call?.phase;
    return phase === 'connecting' || phase === 'connected';
  }

  private onMessage(message: ServerMessage): void {
    switch (message.type) {
      case 'realtime_state':
        if (!this.call) return;
        this.callState = message.state;
        break;
      case 'realtime_transcript':
        if (!this.call) return;
        this.lines = applyRealtimeTranscript(this.lines, message);
        break;
      case 'realtime_ended':
        // Only once our call has its answer: while one is being set up, an end is the previous
        // call's (replaced by this one), and must not stop it.
        if (!this.live || !this.call) return this.otherCallEnded();
        this.call.release();
        this.endCall();
        this.error = message.message;
        this.offerStandard = endOffersStandard(message.reason);
        break;
      default:
        return;
    }
    this.emit();
  }

  /** An end that is not the live call's: the standby's (the server ended it), or the last call's. */
  private otherCallEnded(): void {
    const standby = this.standby;
    if (standby && (standby.phase === 'connecting' || standby.phase === 'connected')) {
      this.standby = null;
      standby.release();
    } else if (this.awaitingEnd && !this.call) {
      // The call the user hung up is over on the server: its hang-up can no longer reach a new
      // standby, nor its end be taken for the standby's.
      this.awaitingEnd = false;
      this.standbyArmed = true;
      this.prepareStandby();
    }
  }

  private onChannelState(state: ChannelState): void {
    this.channelState = state;
    // A dropped socket does not stop the call: its audio does not travel on it, and the
    // server keeps storing its turns. An ended conversation does.
    if (state.ended) {
      if (this.call) {
        this.hangUp();
        this.error = REALTIME_TEXT.conversationEnded;
      }
      this.dropStandby();
    } else {
      this.prepareStandby();
      this.announceStart();
    }
    this.emit();
  }

  // ------------------------------------------------------------------ the standby call

  private newCall(conversationId: string): RealtimeCall {
    const call: RealtimeCall = new RealtimeCall(conversationId, this.deps, {
      onChange: () => {
        if (this.call !== call) return;
        // From here the status line invites the next call with 'speak again'.
        if (this.live) this.calledBefore = true;
        this.announceStart();
        this.emit();
      },
      onFailed: (message) => {
        // A standby that fails is let go quietly: the click sets a call up the usual way.
        if (this.standby === call) this.standby = null;
        if (this.call !== call) return;
        this.endCall();
        this.error = message;
        this.offerStandard = true;
        this.emit();
      },
    });
    return call;
  }

  private prepareStandby(): void {
    if (!this.standbyArmed || !this.mayStandBy()) return;
    this.standbyArmed = false;
    const conversationId = this.conversationId;
    void this.deps.microphoneAllowed().then((allowed) => {
      // Things may have moved on while the browser answered.
      if (!allowed || conversationId === null || conversationId !== this.conversationId) return;
      if (!this.mayStandBy()) return;
      const call = this.newCall(conversationId);
      this.standby = call;
      void call.start({ standby: true });
    });
  }

  private mayStandBy(): boolean {
    const { ready, ended, voice } = this.channelState;
    return (
      this.attached &&
      this.shown &&
      this.call === null &&
      this.standby === null &&
      this.conversationId !== null &&
      ready &&
      !ended &&
      voice?.realtime === true
    );
  }

  private dropStandby(): void {
    const standby = this.standby;
    if (!standby) return;
    this.standby = null;
    standby.hangUp();
  }

  /** A started standby is in use from the server's point of view once it hears so. */
  private announceStart(): void {
    const phase = this.call?.phase;
    if (!this.startUnannounced || (phase !== 'connecting' && phase !== 'connected')) return;
    // Unsent (the socket is reconnecting), it goes when the socket is back; meanwhile the
    // provider hearing the clinician starts it on the server as well.
    if (this.channel.send({ type: 'realtime_start' })) this.startUnannounced = false;
  }

  // ------------------------------------------------------------------ helpers

  private endCall(): void {
    this.call = null;
    this.callState = null;
    this.startUnannounced = false;
  }

  private fail(message: string): void {
    this.error = message;
    this.emit();
  }

  private stopFollowing(): void {
    for (const stop of this.detach) stop();
    this.detach = [];
  }

  private get stage(): CallStage {
    if (!this.call) return 'off';
    return this.live ? 'live' : 'starting';
  }

  private build(): RealtimeSnapshot {
    const stage = this.stage;
    const blocked = this.call?.audioBlocked ?? false;
    const { ready, ended } = this.channelState;
    return {
      offered: this.channelState.voice?.realtime ?? false,
      stage,
      callState: this.callState,
      state: realtimeVoiceState(stage, this.callState),
      status: realtimeStatusLine({
        stage,
        state: this.callState,
        calledBefore: this.calledBefore,
      }),
      you: this.lines.you,
      patient: this.lines.patient,
      error: this.error ?? (blocked ? PLAYBACK_TEXT.blocked : null),
      offerStandard: this.offerStandard,
      canRetryAudio: blocked,
      audioActive: stage === 'live' && this.callState === 'patient_speaking',
      canCall: this.conversationId !== null && ready && !ended,
      ready,
      ended,
    };
  }

  private emit(): void {
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }
}
