import { cancelBrowserSpeech, speakWithBrowser } from './browserSpeech';
import { heardChars } from './heardChars';
import { SpeechPlayer, type SpeechPlayerEvents } from './speechPlayer';
import { SpeechQueue, type SpeechChunk } from './speechQueue';

export interface PatientSpeechDeps {
  createPlayer: (events: SpeechPlayerEvents) => SpeechPlayer;
  speakWithBrowser: typeof speakWithBrowser;
  cancelBrowserSpeech: () => void;
}

export interface PatientSpeechEvents {
  /** Nothing is left to play. */
  onIdle?(): void;
  /** Playback failed for good: the message to show, and what went wrong. */
  onFailed?(message: string, failure: unknown): void;
  /** Something the caller may show changed (a sentence started or ended, the browser began). */
  onChange?(): void;
}

const browserDeps: PatientSpeechDeps = {
  createPlayer: (events) => new SpeechPlayer(events),
  speakWithBrowser,
  cancelBrowserSpeech,
};

/**
 * The patient's voice, wherever a reply is read aloud (the chat's speaker button, voice mode):
 * one reply at a time, either the server's speech frames as they arrive (in order, through a
 * `SpeechQueue`, onto the `SpeechPlayer` clock) or the browser's own voice for the whole text.
 * It knows what is playing, what was heard of the reply (for barge-in), and says when it changes.
 * Which reply to play and what to show stays with the caller.
 */
export class PatientSpeech {
  /** Sentences whose audio started playing, and those that played to the end. */
  played = 0;
  finished = 0;
  private readonly player: SpeechPlayer;
  private readonly deps: PatientSpeechDeps;
  private readonly events: PatientSpeechEvents;
  /** The reply whose server speech is followed, and its sentences that played to the end. */
  private queue: SpeechQueue | null = null;
  private heard: string[] = [];
  private playing = false;
  private audioFailed = false;
  /** Paused because the clinician may be starting to talk; a misfire resumes it. */
  private holding = false;
  /** Bumped by every browser reading and every stop, so a cancelled one knows it is over. */
  private browserRun = 0;
  private browserSpeaking = false;

  constructor(events: PatientSpeechEvents = {}, deps: Partial<PatientSpeechDeps> = {}) {
    this.deps = { ...browserDeps, ...deps };
    this.events = events;
    this.player = this.deps.createPlayer({
      onPlaying: () => {
        this.playing = true;
        this.audioFailed = false;
        this.played += 1;
        events.onChange?.();
      },
      onEnded: (sentence) => {
        this.playing = false;
        this.finished += 1;
        this.heard.push(sentence.text);
        events.onChange?.();
      },
      onIdle: () => {
        this.playing = false;
        events.onIdle?.();
      },
      onFailed: (message, failure) => {
        this.playing = false;
        this.audioFailed = true;
        events.onFailed?.(message, failure);
      },
    });
  }

  // ------------------------------------------------------------------ state

  /** The reply whose server speech is being followed, if any. */
  get replyId(): string | null {
    return this.queue?.replyId ?? null;
  }

  /** The followed reply's speech has all been handed to the player and no more will come. */
  get drained(): boolean {
    return this.queue?.drained ?? false;
  }

  /** Server speech is playing, queued, being decoded or waiting for a retry. */
  get busy(): boolean {
    return this.player.busy;
  }

  /** The patient is talking or about to (server sentences queued, or the browser speaking). */
  get talking(): boolean {
    return this.player.busy || this.browserSpeaking;
  }

  /** The server's speech is playing or queued, and has not failed. */
  get audible(): boolean {
    return this.player.busy && !this.audioFailed;
  }

  /** The patient can be heard now or next: offer 'Stop audio'. */
  get active(): boolean {
    return this.audible || this.browserSpeaking;
  }

  /** A sentence is playing or queued next (a failed one waits for 'Retry Audio' instead). */
  get speaking(): boolean {
    return this.browserSpeaking || (!this.audioFailed && (this.playing || this.player.busy));
  }

  get failed(): boolean {
    return this.audioFailed;
  }

  /** Paused in case the clinician is starting to talk over the patient. */
  get held(): boolean {
    return this.holding;
  }

  // ------------------------------------------------------------------ the server's voice

  /** Follow a reply's server speech from now on; frames of any other reply are ignored. */
  follow(replyId: string): void {
    this.queue = new SpeechQueue(replyId);
    this.heard = [];
  }

  /**
   * A `speech` frame: raw PCM plays the moment it arrives, other formats once their sentence is
   * complete. False when it belongs to no reply being followed.
   */
  add(chunk: SpeechChunk): boolean {
    const queue = this.queue;
    if (!queue || chunk.replyId !== queue.replyId) return false;
    queue.add(chunk);
    for (let piece = queue.take(); piece; piece = queue.take()) this.player.enqueue(piece);
    return true;
  }

  /** `speech_done`: no more sentences of this reply. False when it is not the one followed. */
  end(replyId: string): boolean {
    if (this.queue?.replyId !== replyId) return false;
    this.queue.end();
    return true;
  }

  /**
   * How many characters of `replyText` the clinician heard: the sentences that played to the
   * end and the played share of the current one.
   */
  heardOf(replyText: string): number {
    const progress = this.player.progress();
    return heardChars({
      replyText,
      finished: this.heard,
      current: progress ? { text: progress.sentence.text, fraction: progress.fraction } : null,
    });
  }

  /** Stop the patient at once: maybe the clinician is starting to speak. */
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

  // ------------------------------------------------------------------ the browser's voice

  /** Reads `text` with the browser's voice; resolves when it finished or was stopped. */
  async speakInBrowser(text: string): Promise<void> {
    this.browserRun += 1;
    const run = this.browserRun;
    this.browserSpeaking = true;
    this.events.onChange?.();
    await this.deps.speakWithBrowser(text, {
      isCurrent: () => this.browserRun === run,
      onStart: () => {
        if (this.browserRun !== run) return;
        this.played += 1;
        this.events.onChange?.();
      },
    });
    if (this.browserRun !== run) return;
    this.browserSpeaking = false;
    this.finished += 1;
    this.events.onIdle?.();
  }

  // ------------------------------------------------------------------ stopping

  /**
   * Silence the patient now, whichever voice is speaking. The followed reply stays followed: in
   * voice mode the server alone decides what it still sends of a reply that was cut off.
   */
  silence(): void {
    this.holding = false;
    this.player.stop();
    this.playing = false;
    this.audioFailed = false;
    this.browserRun += 1;
    if (this.browserSpeaking) {
      this.browserSpeaking = false;
      this.deps.cancelBrowserSpeech();
    }
  }

  /** Let go of the reply: what is queued still plays, its later frames are ignored. */
  unfollow(): void {
    this.queue = null;
    this.heard = [];
  }

  /** Silence the patient and let go of the reply. */
  stop(): void {
    this.silence();
    this.unfollow();
  }

  /** Closing: stop and release the audio clock (a later reply opens a new one). */
  dispose(): void {
    this.stop();
    this.player.dispose();
  }
}
