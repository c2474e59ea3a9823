import type { SampleRingBuffer } from '../capture/ringBuffer';
import type { DetectorEvent, FrameDetector } from './frameDetector';

/** What the microphone's audio amounts to, as it is heard. */
export interface SpeechCallbacks {
  /**
   * Maybe speech (the detector is not sure yet). `lead` is the utterance's audio so far: the
   * lead-in the detector keeps before speech, then the frame where speech started.
   */
  onSpeechStart(lead: Float32Array): void;
  /** The next frame of the utterance (16 kHz mono), in order, until its end or misfire. */
  onSpeechAudio(samples: Float32Array): void;
  /** Enough speech to be more than a click or a cough. */
  onSpeechRealStart(): void;
  /** A short silence inside the utterance (PAUSE_MS): it may end here, or go on. */
  onSpeechPause(): void;
  /** The speaker stopped: every frame of the utterance has been handed over. */
  onSpeechEnd(): void;
  /** It was not speech after all (too short): forget the utterance. */
  onMisfire(): void;
  /** Listening stopped (the microphone was paused) in the middle of an utterance. */
  onSpeechDropped(): void;
  /** The detector broke while listening: nothing more will be heard. */
  onDetectorError(error: unknown): void;
  /**
   * The detector has caught up with the microphone (the backlog the ring kept is heard, and so
   * is live audio): what is said now is heard now. Once per start: the detector's arrival and
   * each resume.
   */
  onHearing?(): void;
}

/**
 * Runs the microphone's samples through the detector, frame by frame and in order: first
 * whatever the ring buffer gathered while the detector was loading, then live audio as it
 * arrives. It turns the detector's events into utterances with their audio, so the audio can
 * leave while the clinician is still speaking.
 */
export class SpeechSegmenter {
  private detector: FrameDetector | null = null;
  /** Position (in the ring) of the next sample to hear. */
  private cursor: number;
  /** The lead-in never reaches back past this: the detector's buffer started afresh here. */
  private floor: number;
  private speaking = false;
  private listening = true;
  private pumping = false;
  private needsReset = false;
  /** `onHearing` is still to be said for this start. */
  private hearingToSay = true;
  /** Changes on every pause, so the answer for a frame heard before it is ignored. */
  private generation = 0;
  private readonly ring: SampleRingBuffer;
  private readonly callbacks: SpeechCallbacks;

  constructor(ring: SampleRingBuffer, callbacks: SpeechCallbacks, from = ring.oldest) {
    this.ring = ring;
    this.callbacks = callbacks;
    this.cursor = from;
    this.floor = from;
  }

  /** The detector has loaded: it hears the backlog, then keeps up. */
  setDetector(detector: FrameDetector): void {
    this.detector = detector;
    this.hearingToSay = true;
    this.wake();
  }

  /** New samples are in the ring. */
  wake(): void {
    void this.pump();
  }

  /** Stops hearing (the microphone is paused); an utterance in progress is dropped. */
  pause(): void {
    if (!this.listening) return;
    this.listening = false;
    this.generation += 1;
    this.needsReset = true;
    if (this.speaking) {
      this.speaking = false;
      this.callbacks.onSpeechDropped();
    }
  }

  /** Hears again from the newest sample on (a new microphone stream). */
  resume(): void {
    if (this.listening) return;
    this.cursor = this.ring.written;
    this.floor = this.cursor;
    this.listening = true;
    this.hearingToSay = true;
    this.wake();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    /** The generation of the last frame this run heard (none heard yet: -1). */
    let heardIn = -1;
    try {
      for (;;) {
        const detector = this.detector;
        if (!detector || !this.listening) return;
        if (this.needsReset) {
          detector.reset();
          this.needsReset = false;
        }
        const size = detector.frameSamples;
        if (this.ring.written - this.cursor < size) {
          if (heardIn === this.generation && this.hearingToSay) {
            this.hearingToSay = false;
            this.callbacks.onHearing?.();
          }
          return;
        }
        if (this.cursor < this.ring.oldest) {
          // The detector fell further behind than the ring holds: the oldest audio is gone.
          this.cursor = this.ring.oldest;
          this.floor = Math.max(this.floor, this.cursor);
        }
        const start = this.cursor;
        const frame = this.ring.readSince(start, start + size);
        this.cursor = start + size;
        const generation = this.generation;
        const events = await detector.process(frame);
        if (generation !== this.generation) continue;
        heardIn = generation;
        this.heard(start, frame, events, detector);
      }
    } catch (error) {
      this.detector = null;
      if (this.speaking) {
        this.speaking = false;
        this.callbacks.onSpeechDropped();
      }
      this.callbacks.onDetectorError(error);
    } finally {
      this.pumping = false;
    }
  }

  private heard(
    start: number,
    frame: Float32Array,
    events: DetectorEvent[],
    detector: FrameDetector,
  ): void {
    const end = start + frame.length;
    // A frame after the start belongs to the utterance, up to and including the one that ends it.
    if (this.speaking) this.callbacks.onSpeechAudio(frame);
    for (const event of events) {
      switch (event) {
        case 'speech_start': {
          if (this.speaking) break;
          this.speaking = true;
          const leadFrom = Math.max(this.floor, end - (detector.padFrames + 1) * frame.length);
          this.callbacks.onSpeechStart(this.ring.readSince(leadFrom, end));
          break;
        }
        case 'speech_real_start':
          if (this.speaking) this.callbacks.onSpeechRealStart();
          break;
        case 'pause':
          if (this.speaking) this.callbacks.onSpeechPause();
          break;
        case 'speech_end':
        case 'misfire': {
          const wasSpeaking = this.speaking;
          this.speaking = false;
          this.floor = end;
          if (!wasSpeaking) break;
          if (event === 'speech_end') this.callbacks.onSpeechEnd();
          else this.callbacks.onMisfire();
          break;
        }
      }
    }
  }
}
