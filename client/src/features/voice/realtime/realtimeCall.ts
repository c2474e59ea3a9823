import { endpointPath } from '#shared/api/endpoint';
import { realtimeApi, SDP_CONTENT_TYPE } from '#shared/api/realtime';
import { MICROPHONE_TEXT, REALTIME_TEXT } from '#shared/text';
import { ApiError, errorMessage, responseError } from '../../../lib/api';
import { isPermanentPlaybackError } from '../../../lib/audio/audioMessages';
import {
  MicrophoneError,
  microphoneAllowed,
  openMicrophone,
  stopStream,
} from '../../../lib/audio/microphone';

/** Candidates gathered by then go with the offer; the provider takes no trickled ones. */
export const ICE_GATHER_CAP_MS = 2_000;
/** The server asks the provider for the answer; past this the call is given up. */
export const ANSWER_TIMEOUT_MS = 20_000;
/** From the answer to audio flowing both ways. */
export const CONNECT_TIMEOUT_MS = 15_000;
/** 'disconnected' often heals by itself (a Wi-Fi blip); this long, and the call has dropped. */
export const DISCONNECT_GRACE_MS = 3_000;

/**
 * The parts of RTCPeerConnection a call uses. `createDataChannel` is deliberately not among
 * them: the provider echoes the session's instructions (the patient's hidden concerns) on the
 * data channel, and a browser holding one could rewrite the patient with `session.update`.
 * Everything the dialog shows comes from our server over the conversation socket (decision 017).
 */
export interface CallPeer {
  readonly connectionState: RTCPeerConnectionState;
  readonly iceGatheringState: RTCIceGatheringState;
  readonly localDescription: { readonly sdp: string } | null;
  addTrack(track: MediaStreamTrack, ...streams: MediaStream[]): unknown;
  createOffer(): Promise<RTCSessionDescriptionInit>;
  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void>;
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void>;
  addEventListener(type: PeerEvent, listener: (event: Event) => void): void;
  removeEventListener(type: PeerEvent, listener: (event: Event) => void): void;
  close(): void;
}

type PeerEvent = 'track' | 'connectionstatechange' | 'icegatheringstatechange';

/** Where the patient's voice plays: an <audio> element. */
export interface CallAudio {
  srcObject: MediaProvider | null;
  play(): Promise<void>;
  pause(): void;
}

/** The browser APIs a call uses, injected so tests can hand it fakes. */
export interface RealtimeCallDeps {
  openMicrophone: () => Promise<MediaStream>;
  /** The microphone may be opened without asking (a standby call never prompts). */
  microphoneAllowed: () => Promise<boolean>;
  createPeer: () => CallPeer;
  createAudio: () => CallAudio;
  /** A stream for a remote track that arrived without one. */
  streamOf: (track: MediaStreamTrack) => MediaStream;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
}

export const browserCallDeps: RealtimeCallDeps = {
  openMicrophone,
  microphoneAllowed,
  createPeer: () => new RTCPeerConnection(),
  createAudio: () => {
    const audio = new Audio();
    audio.autoplay = true;
    return audio;
  },
  streamOf: (track) => new MediaStream([track]),
  // Called as a method of this object, window.fetch would throw 'Illegal invocation'.
  fetch: (input, init) => fetch(input, init),
};

export interface RealtimeCallEvents {
  /** `phase` or `audioBlocked` changed. */
  onChange(): void;
  /** The call could not connect or dropped; it is already hung up. The sentence for the user. */
  onFailed(message: string): void;
}

/**
 * idle → starting (microphone, offer, the server's answer) → connecting (ICE and DTLS) →
 * connected; ended from anywhere.
 */
export type CallPhase = 'idle' | 'starting' | 'connecting' | 'connected' | 'ended';

/** A failure with its sentence for the user already chosen. */
class CallError extends Error {}

/** The call was hung up while a step was still running: that step's result is not wanted. */
class CallCancelled extends Error {}

function failureMessage(error: unknown): string {
  if (error instanceof CallError || error instanceof MicrophoneError) return error.message;
  if (error instanceof ApiError) return errorMessage(error, REALTIME_TEXT.connectFailed);
  console.error('The realtime call failed to start', error);
  return REALTIME_TEXT.connectFailed;
}

/** `work`, or a rejection as soon as `signal` aborts, whether or not `work` heeds it. */
function settledBy<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The call setup was aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Resolves once ICE gathering is complete, or after `capMs` with what there is by then. */
function iceGathered(peer: CallPeer, capMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (peer.iceGatheringState === 'complete') return resolve();
    const done = () => {
      clearTimeout(timer);
      peer.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (peer.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, capMs);
    peer.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * One Realtime call of a conversation: the microphone and the patient's voice on one
 * RTCPeerConnection whose offer goes through our server (which adds the key and the
 * instructions and keeps the call on its sideband). Single use: a new call is a new object.
 * Every step can be cut short by `hangUp`, and the slow ones have a timeout, so it never hangs.
 *
 * A standby call is set up the same way when Voice Mode opens, but its microphone track is
 * disabled (the browser sends silence) and the patient's voice is not played: the click only
 * has to `begin` it, so the clinician's first word is heard (decision 034).
 */
export class RealtimeCall {
  private current: CallPhase = 'idle';
  private standingBy = false;
  private stream: MediaStream | null = null;
  private peer: CallPeer | null = null;
  private audio: CallAudio | null = null;
  private blocked = false;
  private everConnected = false;
  /** The server may be holding a call we made: hanging up must tell it. */
  private serverCall = false;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private disconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly cancel = new AbortController();
  private readonly callPath: string;
  private readonly hangUpPath: string;
  private readonly deps: RealtimeCallDeps;
  private readonly events: RealtimeCallEvents;

  constructor(conversationId: string, deps: RealtimeCallDeps, events: RealtimeCallEvents) {
    this.callPath = endpointPath(realtimeApi.call, { id: conversationId });
    this.hangUpPath = endpointPath(realtimeApi.hangUp, { id: conversationId });
    this.deps = deps;
    this.events = events;
  }

  get phase(): CallPhase {
    return this.current;
  }

  /** The browser would not play the patient's voice without a click: offer 'Retry Audio'. */
  get audioBlocked(): boolean {
    return this.blocked;
  }

  /** Set up the call; a `standby` one stays muted (and the server does not start it) until `begin`. */
  async start(options: { standby?: boolean } = {}): Promise<void> {
    if (this.current !== 'idle') return;
    this.standingBy = options.standby ?? false;
    this.setPhase('starting');
    try {
      const stream = await this.step(this.deps.openMicrophone(), stopStream);
      this.stream = stream;
      const track = stream.getAudioTracks()[0];
      if (!track) throw new CallError(MICROPHONE_TEXT.notFound);
      // Disabled, the track sends silence: the call stays connected and hears nothing.
      track.enabled = !this.standingBy;
      const peer = this.deps.createPeer();
      this.peer = peer;
      peer.addEventListener('track', this.onTrack);
      peer.addEventListener('connectionstatechange', this.onConnectionState);
      // Audio only, both ways; no data channel (see CallPeer).
      peer.addTrack(track, stream);
      const offer = await this.step(peer.createOffer());
      await this.step(peer.setLocalDescription(offer));
      await this.step(iceGathered(peer, ICE_GATHER_CAP_MS));
      const answer = await this.postOffer(peer.localDescription?.sdp ?? offer.sdp ?? '');
      await this.step(peer.setRemoteDescription({ type: 'answer', sdp: answer }));
      this.setPhase('connecting');
      this.connectTimer = setTimeout(
        () => this.fail(REALTIME_TEXT.connectFailed),
        CONNECT_TIMEOUT_MS,
      );
      this.onConnectionState();
    } catch (error) {
      if (error instanceof CallCancelled || this.phase === 'ended') return;
      this.fail(failureMessage(error));
    }
  }

  /**
   * The click on a standby call: the microphone is live from this instant (its first word is
   * sent as soon as it is said) and the patient's voice plays. The server is told apart, over
   * the conversation socket.
   */
  begin(): void {
    if (!this.standingBy || this.current === 'ended') return;
    this.standingBy = false;
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = true;
    this.playAudio();
    this.events.onChange();
  }

  /** The user (or the page closing) ends the call: everything stops and the server is told. */
  hangUp(): void {
    if (this.finish(true)) this.events.onChange();
  }

  /** The server ended the call (`realtime_ended`): stop everything, nothing to tell it. */
  release(): void {
    if (this.finish(false)) this.events.onChange();
  }

  /** 'Retry Audio': called from a click, which is what the browser was waiting for. */
  retryAudio(): void {
    this.playAudio();
  }

  // ------------------------------------------------------------------ setting up

  private setPhase(phase: CallPhase): void {
    this.current = phase;
    this.events.onChange();
  }

  /** Awaits `work` unless the call is hung up first; a late result is handed to `discard`. */
  private step<T>(work: Promise<T>, discard?: (value: T) => void): Promise<T> {
    const signal = this.cancel.signal;
    return new Promise<T>((resolve, reject) => {
      const onCancel = () => reject(new CallCancelled());
      if (signal.aborted) onCancel();
      else signal.addEventListener('abort', onCancel, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', onCancel);
          if (signal.aborted) discard?.(value);
          else resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onCancel);
          reject(error);
        },
      );
    });
  }

  /** POSTs the offer as raw SDP; the answer comes back the same way (201). */
  private async postOffer(sdp: string): Promise<string> {
    // Begun before the offer left, a standby call is set up as an ordinary one.
    const path = this.standingBy ? `${this.callPath}?standby=1` : this.callPath;
    const request = new AbortController();
    const timer = setTimeout(() => request.abort(), ANSWER_TIMEOUT_MS);
    const cancelRequest = () => request.abort();
    this.cancel.signal.addEventListener('abort', cancelRequest);
    // From here the server may be setting a call up, whatever becomes of this request.
    this.serverCall = true;
    try {
      let response: Response;
      try {
        response = await settledBy(
          request.signal,
          this.deps.fetch(path, {
            method: realtimeApi.call.method,
            credentials: 'same-origin',
            headers: {
              'Content-Type': SDP_CONTENT_TYPE,
              Accept: `${SDP_CONTENT_TYPE}, application/json`,
            },
            body: sdp,
            signal: request.signal,
          }),
        );
      } catch {
        if (this.cancel.signal.aborted) throw new CallCancelled();
        throw new CallError(REALTIME_TEXT.connectFailed);
      }
      if (!response.ok) {
        const error = await responseError(this.callPath, response);
        // Refused with our error body: no call was made, and one running in another tab for
        // this conversation is not ours to hang up.
        if (error.fromServer) this.serverCall = false;
        throw error;
      }
      const answer = await settledBy(request.signal, response.text()).catch(() => '');
      if (this.cancel.signal.aborted) throw new CallCancelled();
      if (answer.trim() === '') throw new CallError(REALTIME_TEXT.connectFailed);
      return answer;
    } finally {
      clearTimeout(timer);
      this.cancel.signal.removeEventListener('abort', cancelRequest);
    }
  }

  // ------------------------------------------------------------------ during the call

  private readonly onTrack = (event: Event): void => {
    const { track, streams } = event as RTCTrackEvent;
    if (track.kind !== 'audio' || this.current === 'ended') return;
    this.audio ??= this.deps.createAudio();
    this.audio.srcObject = streams[0] ?? this.deps.streamOf(track);
    this.playAudio();
  };

  private playAudio(): void {
    const audio = this.audio;
    // Until the click, nothing the patient might say is played.
    if (!audio || this.standingBy) return;
    audio.play().then(
      () => {
        if (this.audio !== audio || !this.blocked) return;
        this.blocked = false;
        this.events.onChange();
      },
      (error: unknown) => {
        if (this.audio !== audio) return;
        if (!isPermanentPlaybackError(error)) {
          console.warn("The patient's voice did not start", error);
          return;
        }
        this.blocked = true;
        this.events.onChange();
      },
    );
  }

  private readonly onConnectionState = (): void => {
    const peer = this.peer;
    if (!peer || (this.current !== 'connecting' && this.current !== 'connected')) return;
    switch (peer.connectionState) {
      case 'connected':
        this.clearTimers();
        this.everConnected = true;
        if (this.current !== 'connected') this.setPhase('connected');
        break;
      case 'disconnected':
        this.disconnectTimer ??= setTimeout(() => this.fail(this.dropText), DISCONNECT_GRACE_MS);
        break;
      // We stop listening before closing it ourselves: closed now is someone else's doing.
      case 'failed':
      case 'closed':
        this.fail(this.dropText);
        break;
      default:
        break;
    }
  };

  private get dropText(): string {
    return this.everConnected ? REALTIME_TEXT.dropped : REALTIME_TEXT.connectFailed;
  }

  private fail(message: string): void {
    if (this.finish(true)) this.events.onFailed(message);
  }

  // ------------------------------------------------------------------ the end

  /** Stops everything once; false when it had already ended. */
  private finish(tellServer: boolean): boolean {
    if (this.current === 'ended') return false;
    this.current = 'ended';
    this.cancel.abort();
    this.clearTimers();
    const peer = this.peer;
    this.peer = null;
    if (peer) {
      peer.removeEventListener('track', this.onTrack);
      peer.removeEventListener('connectionstatechange', this.onConnectionState);
      try {
        peer.close();
      } catch (error) {
        console.warn('Could not close the call', error);
      }
    }
    stopStream(this.stream);
    this.stream = null;
    if (this.audio) {
      this.audio.pause();
      this.audio.srcObject = null;
      this.audio = null;
    }
    this.blocked = false;
    if (tellServer && this.serverCall) this.sendHangUp();
    this.serverCall = false;
    return true;
  }

  /** Fire and forget; `keepalive` lets it outlive the page when leaving is why we hang up. */
  private sendHangUp(): void {
    // A standby's hang-up must not end a call started meanwhile in another window.
    const path = this.standingBy ? `${this.hangUpPath}?standby=1` : this.hangUpPath;
    try {
      void this.deps
        .fetch(path, {
          method: realtimeApi.hangUp.method,
          credentials: 'same-origin',
          keepalive: true,
        })
        .catch((error: unknown) => console.warn('Could not hang up the realtime call', error));
    } catch (error) {
      console.warn('Could not hang up the realtime call', error);
    }
  }

  private clearTimers(): void {
    if (this.connectTimer !== null) clearTimeout(this.connectTimer);
    if (this.disconnectTimer !== null) clearTimeout(this.disconnectTimer);
    this.connectTimer = null;
    this.disconnectTimer = null;
  }
}
