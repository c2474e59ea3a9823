import { isPermanentPlaybackError, playbackErrorMessage } from './audioMessages';
import { nextStart, playedSeconds, sentenceFraction, type Span } from './playbackSchedule';
import type { SpeechPiece, SpokenSentence } from './speechQueue';

/** Spec §4 and §9: failed playback retries 3 times, 1 s apart; a clip that never loads fails after 3 s. */
export const PLAYBACK_RETRIES = 3;
export const PLAYBACK_RETRY_DELAY_MS = 1000;
export const PLAYBACK_LOAD_TIMEOUT_MS = 3000;

/** The parts of Web Audio the player uses, so tests can hand it a fake clock. */
export interface AudioBufferLike {
  readonly duration: number;
}
export interface PcmBufferLike extends AudioBufferLike {
  copyToChannel(source: Float32Array<ArrayBuffer>, channel: number): void;
}
export interface SourceNodeLike {
  buffer: AudioBufferLike | null;
  onended: ((event: Event) => void) | null;
  connect(destination: AudioNode): unknown;
  disconnect(): void;
  start(when?: number): void;
  stop(): void;
}
export interface AudioContextLike {
  readonly currentTime: number;
  readonly state: string;
  readonly destination: AudioNode;
  /** Seconds between the clock and the speaker (not in every browser). */
  readonly outputLatency?: number;
  createBuffer(channels: number, length: number, sampleRate: number): PcmBufferLike;
  createBufferSource(): SourceNodeLike;
  decodeAudioData(data: ArrayBuffer): Promise<AudioBufferLike>;
  resume(): Promise<void>;
  suspend(): Promise<void>;
  close(): Promise<void>;
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
}

export interface SpeechPlayerEvents {
  /** A sentence's audio actually started. */
  onPlaying?(sentence: SpokenSentence): void;
  onEnded?(sentence: SpokenSentence): void;
  /** Nothing is playing and nothing is waiting to. */
  onIdle?(): void;
  /** Every retry failed (or the browser wants a click): playback waits for `retry()`. */
  onFailed?(message: string, error: unknown): void;
}

export interface SpeechPlayerOptions {
  retries?: number;
  retryDelayMs?: number;
  loadTimeoutMs?: number;
  createContext?: () => AudioContextLike;
}

/** One sentence on the clock. */
interface Track {
  sentence: SpokenSentence;
  spans: Span[];
  /** Chunks scheduled that have not finished playing. */
  live: number;
  /** Its last chunk has arrived. */
  complete: boolean;
  started: boolean;
}

interface Scheduled {
  node: SourceNodeLike;
  track: Track;
}

function createAudioContext(): AudioContextLike {
  return new AudioContext();
}

/**
 * The patient's voice on one Web Audio clock. Raw PCM is played chunk by chunk the moment it
 * arrives, each chunk starting exactly where the one before ends (sentences too), so nothing
 * waits for a whole sentence and there is no gap between chunks; a compressed clip (mp3) is
 * decoded once its sentence is complete and joins the same timeline. What was played of each
 * sentence is read off the clock, for barge-in. One context for everything, because the
 * browser's autoplay permission, granted by the click that started voice mode, then covers it.
 */
export class SpeechPlayer {
  private readonly events: SpeechPlayerEvents;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly loadTimeoutMs: number;
  private readonly createContext: () => AudioContextLike;
  private context: AudioContextLike | null = null;
  /** Pieces not on the clock yet: behind a clip being decoded, or a failure. */
  private waiting: SpeechPiece[] = [];
  private scheduled: Scheduled[] = [];
  private tracks: Track[] = [];
  /** Where the last scheduled chunk ends on the clock. */
  private playheadEnd = 0;
  private decoding = false;
  private failed = false;
  private held = false;
  private attempts = 0;
  private wasBusy = false;
  /** Bumped by stop(), so late decodes and timers of what was dropped are ignored. */
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private loadTimer: ReturnType<typeof setTimeout> | null = null;
  private blockTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(events: SpeechPlayerEvents = {}, options: SpeechPlayerOptions = {}) {
    this.events = events;
    this.retries = options.retries ?? PLAYBACK_RETRIES;
    this.retryDelayMs = options.retryDelayMs ?? PLAYBACK_RETRY_DELAY_MS;
    this.loadTimeoutMs = options.loadTimeoutMs ?? PLAYBACK_LOAD_TIMEOUT_MS;
    this.createContext = options.createContext ?? createAudioContext;
  }

  /** Something is playing, scheduled, being decoded, or waiting for a retry. */
  get busy(): boolean {
    return this.scheduled.length > 0 || this.waiting.length > 0 || this.decoding;
  }

  get hasFailed(): boolean {
    return this.failed;
  }

  enqueue(piece: SpeechPiece): void {
    this.waiting.push(piece);
    this.pump();
  }

  /**
   * The sentence being heard and how far into it (0..1), for barge-in: the first sentence not
   * yet played to its end, measured on the clock (less the output latency, which has not
   * reached the ear yet).
   */
  progress(): { sentence: SpokenSentence; fraction: number } | null {
    const context = this.context;
    const track = this.tracks[0];
    if (!context || !track) return null;
    const heardAt = context.currentTime - Math.max(0, context.outputLatency ?? 0);
    const received = track.spans.reduce((sum, span) => sum + span.duration, 0);
    const fraction = sentenceFraction({
      text: track.sentence.text,
      played: playedSeconds(track.spans, heardAt),
      received,
      complete: track.complete,
    });
    return { sentence: track.sentence, fraction };
  }

  /** Pauses at once (the user may be starting to speak); `resume` carries on from there. */
  hold(): void {
    if (this.held) return;
    this.held = true;
    this.clearTimer('blockTimer');
    // Even while a resume is on its way: the suspend queued after it wins.
    void this.context?.suspend().catch(() => undefined);
  }

  resume(): void {
    if (!this.held) return;
    this.held = false;
    if (this.failed) return;
    this.ensureRunning();
    this.pump();
  }

  /** Silences everything at once: every scheduled chunk, whatever waits, any pending retry. */
  stop(): void {
    this.generation += 1;
    this.clearTimer('retryTimer');
    this.clearTimer('loadTimer');
    this.clearTimer('blockTimer');
    for (const { node } of this.scheduled) {
      node.onended = null;
      try {
        node.stop();
      } catch {
        // Not started yet in some browsers' eyes; disconnecting silences it anyway.
      }
      node.disconnect();
    }
    this.scheduled = [];
    this.tracks = [];
    this.waiting = [];
    this.playheadEnd = 0;
    this.decoding = false;
    this.failed = false;
    this.attempts = 0;
    this.wasBusy = false;
    if (this.held) {
      this.held = false;
      // A held clock is suspended: the next reply must find it running.
      if (this.context?.state === 'suspended') void this.context.resume().catch(() => undefined);
    }
  }

  /** After a failure (the 'Retry Audio' button, a click): the failed piece again, then the rest. */
  retry(): void {
    if (!this.failed) return;
    this.failed = false;
    this.attempts = 0;
    this.held = false;
    this.ensureRunning();
    this.pump();
  }

  dispose(): void {
    this.stop();
    const context = this.context;
    this.context = null;
    if (context) {
      context.removeEventListener('statechange', this.onStateChange);
      void context.close().catch(() => undefined);
    }
  }

  // ------------------------------------------------------------------ scheduling

  private clock(): AudioContextLike {
    if (!this.context) {
      this.context = this.createContext();
      this.context.addEventListener('statechange', this.onStateChange);
    }
    return this.context;
  }

  /** Puts waiting pieces on the clock, in order, until one has to be decoded first. */
  private pump(): void {
    while (!this.failed && !this.decoding && this.retryTimer === null) {
      const piece = this.waiting[0];
      if (!piece) break;
      if (piece.kind === 'clip') {
        this.decode(piece);
        break;
      }
      try {
        this.schedulePcm(piece);
      } catch (error) {
        this.fail(error);
        break;
      }
      this.waiting.shift();
      this.attempts = 0;
    }
    this.noteChange();
  }

  private schedulePcm(piece: Extract<SpeechPiece, { kind: 'pcm' }>): void {
    const track = this.track(piece);
    if (piece.samples.length > 0) {
      const buffer = this.clock().createBuffer(1, piece.samples.length, piece.sampleRate);
      buffer.copyToChannel(piece.samples as Float32Array<ArrayBuffer>, 0);
      this.play(track, buffer);
    }
    if (piece.last) {
      track.complete = true;
      if (track.live === 0) this.finishTrack(track);
    }
  }

  private decode(piece: Extract<SpeechPiece, { kind: 'clip' }>): void {
    const context = this.clock();
    const generation = this.generation;
    this.decoding = true;
    const settle = (outcome: () => void) => {
      if (generation !== this.generation || !this.decoding) return;
      this.decoding = false;
      this.clearTimer('loadTimer');
      outcome();
    };
    this.loadTimer = setTimeout(
      () => settle(() => this.fail(new Error('the audio took too long to load'))),
      this.loadTimeoutMs,
    );
    piece.blob
      .arrayBuffer()
      .then((bytes) => context.decodeAudioData(bytes))
      .then(
        (buffer) =>
          settle(() => {
            this.waiting.shift();
            this.attempts = 0;
            const track = this.track(piece);
            track.complete = true;
            this.play(track, buffer);
            this.pump();
          }),
        (error: unknown) => settle(() => this.fail(error)),
      );
  }

  private track(sentence: SpokenSentence): Track {
    const last = this.tracks.at(-1);
    if (last && last.sentence.replyId === sentence.replyId && last.sentence.seq === sentence.seq) {
      return last;
    }
    const { replyId, seq, text } = sentence;
    const track: Track = {
      sentence: { replyId, seq, text },
      spans: [],
      live: 0,
      complete: false,
      started: false,
    };
    this.tracks.push(track);
    return track;
  }

  /** Starts `buffer` where the last chunk ends (or just after now), on the one clock. */
  private play(track: Track, buffer: AudioBufferLike): void {
    const context = this.clock();
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(context.destination);
    const start = nextStart(context.currentTime, this.playheadEnd);
    node.start(start);
    this.playheadEnd = start + buffer.duration;
    track.spans.push({ start, duration: buffer.duration });
    track.live += 1;
    const entry: Scheduled = { node, track };
    this.scheduled.push(entry);
    node.onended = () => this.chunkEnded(entry);
    this.ensureRunning();
    this.noteStart();
  }

  private chunkEnded(entry: Scheduled): void {
    const at = this.scheduled.indexOf(entry);
    if (at === -1) return;
    this.scheduled.splice(at, 1);
    entry.node.disconnect();
    const { track } = entry;
    track.live -= 1;
    if (track.complete && track.live === 0) this.finishTrack(track);
    this.noteStart();
    this.noteChange();
  }

  /** A sentence whose last chunk has arrived and played. */
  private finishTrack(track: Track): void {
    const at = this.tracks.indexOf(track);
    if (at !== -1) this.tracks.splice(at, 1);
    // A sentence that never made a sound (no samples) is skipped quietly.
    if (track.spans.length > 0) {
      if (!track.started) {
        track.started = true;
        this.events.onPlaying?.(track.sentence);
      }
      this.events.onEnded?.(track.sentence);
    }
  }

  /** The chunk at the head of the clock is playing: its sentence has started. */
  private noteStart(): void {
    if (this.context?.state !== 'running') return;
    const head = this.scheduled[0];
    if (!head || head.track.started) return;
    head.track.started = true;
    this.events.onPlaying?.(head.track.sentence);
  }

  /** Tells once when playback runs out of everything. */
  private noteChange(): void {
    const busy = this.busy;
    if (this.wasBusy && !busy && !this.failed) this.events.onIdle?.();
    this.wasBusy = busy;
  }

  /**
   * A context made without a click (the opening line, read before any) stays suspended. One
   * that has not started within the load timeout is reported as blocked: only a click helps.
   */
  private ensureRunning(): void {
    const context = this.context;
    if (!context || this.held || context.state === 'running') return;
    void context.resume().catch(() => undefined);
    if (this.blockTimer !== null) return;
    const generation = this.generation;
    this.blockTimer = setTimeout(() => {
      this.blockTimer = null;
      if (generation !== this.generation || this.held || this.failed) return;
      if (context.state === 'running' || !this.busy) return;
      this.fail(
        Object.assign(new Error('the browser did not start the audio'), {
          name: 'NotAllowedError',
        }),
      );
    }, this.loadTimeoutMs);
  }

  private readonly onStateChange = (): void => {
    if (this.context?.state === 'running') this.clearTimer('blockTimer');
    this.noteStart();
  };

  private fail(error: unknown): void {
    this.attempts += 1;
    if (isPermanentPlaybackError(error) || this.attempts > this.retries) {
      this.failed = true;
      this.events.onFailed?.(playbackErrorMessage(error), error);
      return;
    }
    const generation = this.generation;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (generation === this.generation && !this.failed) this.pump();
    }, this.retryDelayMs);
  }

  private clearTimer(name: 'retryTimer' | 'loadTimer' | 'blockTimer'): void {
    const timer = this[name];
    if (timer !== null) clearTimeout(timer);
    this[name] = null;
  }
}
