import { isPermanentPlaybackError, playbackErrorMessage } from './audioMessages';
import type { SpeechSentence } from './speechQueue';

/** Spec §4 and §9: failed playback retries 3 times, 1 s apart; a clip that never loads fails after 3 s. */
export const PLAYBACK_RETRIES = 3;
export const PLAYBACK_RETRY_DELAY_MS = 1000;
export const PLAYBACK_LOAD_TIMEOUT_MS = 3000;

/** The part of HTMLAudioElement the player uses, so tests can hand it a fake. */
export type AudioLike = Pick<
  HTMLAudioElement,
  'src' | 'currentTime' | 'duration' | 'error' | 'play' | 'pause' | 'load' | 'removeAttribute'
> &
  Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface SpeechPlayerEvents {
  /** A sentence's audio actually started (or resumed after a retry). */
  onPlaying?(sentence: SpeechSentence): void;
  onEnded?(sentence: SpeechSentence): void;
  /** Nothing is playing and nothing is queued. */
  onIdle?(): void;
  /** Every retry failed (or the browser wants a click): playback waits for `retry()`. */
  onFailed?(message: string, error: unknown): void;
}

export interface SpeechPlayerOptions {
  retries?: number;
  retryDelayMs?: number;
  loadTimeoutMs?: number;
  createAudio?: () => AudioLike;
}

interface Current {
  sentence: SpeechSentence;
  url: string | null;
  attempts: number;
  started: boolean;
}

/**
 * Plays sentences one after another through a single <audio> element, each from a Blob URL.
 * One element (not one per clip) because the browser's autoplay permission, granted by the
 * click that started voice mode, then covers every clip.
 */
export class SpeechPlayer {
  private readonly audio: AudioLike;
  private readonly events: SpeechPlayerEvents;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly loadTimeoutMs: number;
  private queue: SpeechSentence[] = [];
  private current: Current | null = null;
  private failed = false;
  private held = false;
  /** Bumped whenever an attempt is abandoned, so its late events are ignored. */
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(events: SpeechPlayerEvents = {}, options: SpeechPlayerOptions = {}) {
    this.events = events;
    this.retries = options.retries ?? PLAYBACK_RETRIES;
    this.retryDelayMs = options.retryDelayMs ?? PLAYBACK_RETRY_DELAY_MS;
    this.loadTimeoutMs = options.loadTimeoutMs ?? PLAYBACK_LOAD_TIMEOUT_MS;
    this.audio = options.createAudio?.() ?? new Audio();
    this.audio.addEventListener('ended', this.onEnded);
    this.audio.addEventListener('error', this.onMediaError);
  }

  /** Something is playing, loading, held or waiting to be retried. */
  get busy(): boolean {
    return this.current !== null || this.queue.length > 0;
  }

  get hasFailed(): boolean {
    return this.failed;
  }

  enqueue(sentence: SpeechSentence): void {
    this.queue.push(sentence);
    if (!this.current && !this.failed && !this.held) this.next();
  }

  /** The sentence playing and how far into it (0..1), for barge-in. */
  progress(): { sentence: SpeechSentence; fraction: number } | null {
    if (!this.current) return null;
    const { duration, currentTime } = this.audio;
    const fraction =
      this.current.started && Number.isFinite(duration) && duration > 0
        ? currentTime / duration
        : 0;
    return { sentence: this.current.sentence, fraction };
  }

  /** Pauses at once (the user may be starting to speak); `resume` carries on from there. */
  hold(): void {
    if (this.held) return;
    this.held = true;
    this.clearTimer();
    if (this.current?.started) this.audio.pause();
  }

  resume(): void {
    if (!this.held) return;
    this.held = false;
    if (this.failed) return;
    if (!this.current) {
      this.next();
      return;
    }
    if (this.current.started) {
      this.audio.play().catch((error: unknown) => this.fail(this.attempt, error));
    } else {
      this.start();
    }
  }

  /** Drops everything: the current clip, the queue and any pending retry. */
  stop(): void {
    this.attempt += 1;
    this.clearTimer();
    this.queue = [];
    this.failed = false;
    this.held = false;
    this.release();
  }

  /** After a failure (the 'Retry Audio' button): the failed sentence again, then the rest. */
  retry(): void {
    if (!this.failed) return;
    this.failed = false;
    this.held = false;
    if (this.current) {
      this.current.attempts = 0;
      this.start();
    } else {
      this.next();
    }
  }

  dispose(): void {
    this.stop();
    this.audio.removeEventListener('ended', this.onEnded);
    this.audio.removeEventListener('error', this.onMediaError);
  }

  private next(): void {
    const sentence = this.queue.shift();
    if (!sentence) {
      this.events.onIdle?.();
      return;
    }
    this.current = { sentence, url: null, attempts: 0, started: false };
    this.start();
  }

  private start(): void {
    const current = this.current;
    if (!current) return;
    this.attempt += 1;
    const attempt = this.attempt;
    this.clearTimer();
    if (current.url) URL.revokeObjectURL(current.url);
    current.url = URL.createObjectURL(current.sentence.blob);
    current.started = false;
    this.audio.src = current.url;
    this.timer = setTimeout(
      () => this.fail(attempt, new Error('the audio took too long to load')),
      this.loadTimeoutMs,
    );
    this.audio.play().then(
      () => {
        if (attempt !== this.attempt || this.current !== current) return;
        this.clearTimer();
        current.started = true;
        // A hold that came while the clip was loading wins.
        if (this.held) this.audio.pause();
        this.events.onPlaying?.(current.sentence);
      },
      (error: unknown) => this.fail(attempt, error),
    );
  }

  private fail(attempt: number, error: unknown): void {
    const current = this.current;
    if (attempt !== this.attempt || !current) return;
    // Our own pause or src change interrupts play(); that is not the clip's fault.
    if ((error as { name?: string } | null)?.name === 'AbortError' && this.held) return;
    this.attempt += 1;
    this.clearTimer();
    this.audio.pause();
    current.attempts += 1;
    if (isPermanentPlaybackError(error) || current.attempts > this.retries) {
      this.failed = true;
      this.events.onFailed?.(playbackErrorMessage(error), error);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.current === current && !this.held && !this.failed) this.start();
    }, this.retryDelayMs);
  }

  private readonly onEnded = () => {
    const current = this.current;
    if (!current?.started) return;
    this.release();
    this.events.onEnded?.(current.sentence);
    if (!this.held && !this.failed && !this.current) this.next();
  };

  private readonly onMediaError = () => {
    if (!this.current) return;
    this.fail(this.attempt, this.audio.error ?? new Error('unknown error'));
  };

  private release(): void {
    const current = this.current;
    this.current = null;
    this.audio.pause();
    if (current?.url) {
      this.audio.removeAttribute('src');
      this.audio.load();
      URL.revokeObjectURL(current.url);
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
