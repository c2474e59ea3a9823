import type { speakWithBrowser } from '../../../lib/audio/browserSpeech';
import type { SpeechPlayer, SpeechPlayerEvents } from '../../../lib/audio/speechPlayer';
import type { SpeechPiece } from '../../../lib/audio/speechQueue';

export interface VoicePlaybackDeps {
  createPlayer: (events: SpeechPlayerEvents) => SpeechPlayer;
  speakWithBrowser: typeof speakWithBrowser;
  cancelBrowserSpeech: () => void;
}

export interface VoicePlaybackEvents {
  /** A sentence of the server's speech played to the end: the clinician heard it. */
  onSentenceHeard(text: string): void;
  /** Nothing is left to play. */
  onIdle(): void;
  /** Playback failed for good: the message to show, with 'Retry Audio'. */
  onFailed(message: string): void;
  onChange(): void;
}

/**
 * The patient's voice in voice mode: the server's speech as it arrives (`SpeechPlayer`), or the
 * browser's own voice for a whole reply. Counts what started and what finished playing.
 */
export class VoicePlayback {
  /** Sentences whose audio started playing, and those that played to the end. */
  played = 0;
  finished = 0;
  private readonly player: SpeechPlayer;
  private readonly deps: VoicePlaybackDeps;
  private readonly events: VoicePlaybackEvents;
  private playing = false;
  private audioFailed = false;
  /** Paused because speech may be starting; a misfire resumes it. */
  private holding = false;
  private browserSpeaking = 0;

  constructor(deps: VoicePlaybackDeps, events: VoicePlaybackEvents) {
    this.deps = deps;
    this.events = events;
    this.player = deps.createPlayer({
      onPlaying: () => {
        this.playing = true;
        this.audioFailed = false;
        this.played += 1;
        events.onChange();
      },
      onEnded: (sentence) => {
        this.playing = false;
        this.finished += 1;
        events.onSentenceHeard(sentence.text);
        events.onChange();
      },
      onIdle: () => {
        this.playing = false;
        events.onIdle();
      },
      onFailed: (message) => {
        this.playing = false;
        this.audioFailed = true;
        events.onFailed(message);
      },
    });
  }

  /** The patient is talking or about to (server sentences queued, or the browser speaking). */
  get talking(): boolean {
    return this.player.busy || this.browserSpeaking > 0;
  }

  /** The server's speech is playing or queued, and has not failed. */
  get audible(): boolean {
    return this.player.busy && !this.audioFailed;
  }

  /** The patient can be heard now or next: offer 'Stop audio'. */
  get active(): boolean {
    return this.audible || this.browserSpeaking > 0;
  }

  /** A sentence is playing or queued next (a failed one waits for 'Retry Audio' instead). */
  get speaking(): boolean {
    return this.browserSpeaking > 0 || (!this.audioFailed && (this.playing || this.player.busy));
  }

  get failed(): boolean {
    return this.audioFailed;
  }

  /** Paused in case the clinician is starting to talk over the patient. */
  get held(): boolean {
    return this.holding;
  }

  enqueue(piece: SpeechPiece): void {
    this.player.enqueue(piece);
  }

  /** How far into which sentence playback is, for what was heard. */
  progress(): ReturnType<SpeechPlayer['progress']> {
    return this.player.progress();
  }

  /** Stop the patient at once: maybe speech is starting. */
  hold(): void {
    if (!this.audible) return;
    this.holding = true;
    this.player.hold();
  }

  /** It was speech: the hold is over (the caller stops playback). */
  confirmHold(): void {
    this.holding = false;
  }

  /** A misfire: the patient carries on. False when nothing was held. */
  resumeHeld(): boolean {
    if (!this.holding) return false;
    this.holding = false;
    this.player.resume();
    return true;
  }

  retry(): void {
    this.audioFailed = false;
    this.player.retry();
  }

  /** Silence the patient now, whichever voice is speaking. */
  stop(): void {
    this.holding = false;
    this.player.stop();
    this.playing = false;
    this.audioFailed = false;
    if (this.browserSpeaking > 0) {
      this.browserSpeaking = 0;
      this.deps.cancelBrowserSpeech();
    }
  }

  async speakInBrowser(text: string): Promise<void> {
    this.browserSpeaking += 1;
    const run = this.browserSpeaking;
    this.events.onChange();
    await this.deps.speakWithBrowser(text, {
      isCurrent: () => this.browserSpeaking === run,
      onStart: () => {
        if (this.browserSpeaking !== run) return;
        this.played += 1;
        this.events.onChange();
      },
    });
    if (this.browserSpeaking !== run) return;
    this.browserSpeaking = 0;
    this.finished += 1;
    this.events.onIdle();
  }
}
