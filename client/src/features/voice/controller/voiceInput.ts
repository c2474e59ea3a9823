import { VOICE_TEXT } from '#shared/text';
import { MicrophoneError, stopStream } from '../../../lib/audio/microphone';
import type { RecognitionHandle, recognizeOnce } from '../../../lib/audio/speechRecognition';
import { VadInitError, type Vad, type VadCallbacks } from '../../../lib/audio/vad';

export interface VoiceInputDeps {
  openMicrophone: () => Promise<MediaStream>;
  createVad: (stream: MediaStream, callbacks: VadCallbacks) => Promise<Vad>;
  recognizeOnce: typeof recognizeOnce;
}

/** What the clinician's microphone reports to the session. */
export interface VoiceInputEvents {
  /**
   * Maybe speech (the VAD is not sure yet): a good moment to hold the patient's voice. The
   * utterance starts here, with `lead` (the VAD's pre-speech padding and the first speech), as
   * 16 kHz mono samples.
   */
  onSpeechStart(lead: Float32Array): void;
  /** The next samples of the utterance, in order, while the clinician speaks. */
  onSpeechAudio(samples: Float32Array): void;
  /** Enough speech to be more than a click or a cough. */
  onSpeechConfirmed(): void;
  /** A short silence inside the utterance: it may end here, or go on. */
  onSpeechPause(): void;
  /** It was not speech after all: the utterance is dropped. */
  onMisfire(): void;
  /** The speaker stopped: the utterance is complete. */
  onSpeechEnd(): void;
  /** Listening stopped in the middle of an utterance: it is dropped, quietly. */
  onSpeechDropped(): void;
  /** What the browser's own recogniser heard ('' when nothing). */
  onRecognised(text: string): void;
  /** A sentence for the user: the microphone or the recording failed. */
  onError(message: string): void;
  /** `micOn` or `starting` changed. */
  onChange(): void;
}

/**
 * Voice mode's input: the microphone with its VAD (the server transcribes), or the browser's own
 * recogniser, one utterance at a time. It knows nothing of turns or the patient's voice: the
 * session decides when listening makes sense and where the audio goes. The microphone is
 * captured from the moment it opens; the VAD loads behind it and catches up on what was said.
 */
export class VoiceInput {
  /** Push-to-talk (false) closes the microphone after each utterance. */
  handsFree = true;
  /** The user switched the microphone on (hands-free keeps it on from turn to turn). */
  private wantMic = false;
  private opening = false;
  private vad: Vad | null = null;
  private vadListening = false;
  /** The VAD's detector has caught up with the microphone since it was last (re)started. */
  private vadHearing = false;
  private recognition: RecognitionHandle | null = null;
  private disposed = false;
  private readonly deps: VoiceInputDeps;
  private readonly events: VoiceInputEvents;

  constructor(deps: VoiceInputDeps, events: VoiceInputEvents) {
    this.deps = deps;
    this.events = events;
  }

  /** The microphone is open (the VAD or the browser's recogniser is running). */
  get micOn(): boolean {
    return this.vadListening || this.recognition !== null;
  }

  /**
   * What is said now is heard now: the browser's recogniser runs, or the VAD's detector has
   * caught up with the microphone (it may still be loading, or hearing what was said before).
   */
  get hearing(): boolean {
    return this.recognition !== null || (this.vadListening && this.vadHearing);
  }

  /** The microphone or the VAD is being opened. */
  get starting(): boolean {
    return this.opening;
  }

  /** In use again (after StrictMode's trial unmount). */
  attach(): void {
    this.disposed = false;
  }

  /** Opens the microphone and its VAD (loaded once, paused and resumed after that). */
  async startVad(): Promise<void> {
    this.wantMic = true;
    this.opening = true;
    this.vadHearing = false;
    this.events.onChange();
    try {
      if (this.vad) {
        await this.vad.start();
      } else {
        const stream = await this.deps.openMicrophone();
        if (this.disposed) return stopStream(stream);
        let vad: Vad;
        try {
          // Capturing from here on; the detector may still be loading.
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
        this.watchDetector(vad);
      }
      if (this.disposed) return;
      this.vadListening = true;
    } catch (error) {
      this.wantMic = false;
      if (error instanceof MicrophoneError) {
        this.events.onError(error.message);
      } else if (error instanceof VadInitError) {
        console.error('Voice activity detector failed to load', error.cause);
        this.events.onError(VOICE_TEXT.initFailed);
      } else {
        console.error('Microphone failed to start', error);
        this.events.onError(VOICE_TEXT.recordingError);
      }
    } finally {
      this.opening = false;
      this.events.onChange();
    }
  }

  /** A detector that cannot load makes the captured audio useless: say so and let go. */
  private watchDetector(vad: Vad): void {
    vad.ready.catch((error: unknown) => {
      if (this.vad !== vad) return;
      console.error(
        'Voice activity detector failed to load',
        error instanceof VadInitError ? error.cause : error,
      );
      this.dropVad(VOICE_TEXT.initFailed);
    });
  }

  /** Unloads the VAD after a failure, with the sentence for the user. */
  private dropVad(message: string): void {
    const vad = this.vad;
    this.vad = null;
    this.vadListening = false;
    this.wantMic = false;
    void vad?.destroy();
    this.events.onError(message);
    this.events.onChange();
  }

  /** The browser's recogniser: wanted from now on, started by `listenOnce`. */
  startRecognition(): void {
    this.wantMic = true;
  }

  /** Browser recognition: one utterance at a time, while the user wants the microphone on. */
  listenOnce(): void {
    if (!this.wantMic || this.recognition || this.disposed) return;
    const handle = this.deps.recognizeOnce();
    this.recognition = handle;
    this.events.onChange();
    handle.result.then(
      (text) => {
        if (this.recognition !== handle) return;
        this.recognition = null;
        if (!this.handsFree) this.wantMic = false;
        this.events.onRecognised(text);
      },
      (error: unknown) => {
        if (this.recognition !== handle) return;
        this.recognition = null;
        this.wantMic = false;
        this.events.onError(error instanceof Error ? error.message : VOICE_TEXT.recordingError);
      },
    );
  }

  async stop(): Promise<void> {
    this.wantMic = false;
    this.recognition?.abort();
    this.recognition = null;
    if (!this.vad || !this.vadListening) return;
    this.vadListening = false;
    this.events.onChange();
    try {
      await this.vad.pause();
    } catch (error) {
      console.error('Could not stop the microphone', error);
      this.events.onError(VOICE_TEXT.stopFailed);
    }
  }

  /** Releases the microphone and unloads the VAD. */
  dispose(): void {
    this.disposed = true;
    this.wantMic = false;
    this.recognition?.abort();
    this.recognition = null;
    const vad = this.vad;
    this.vad = null;
    this.vadListening = false;
    void vad?.destroy();
  }

  private readonly vadCallbacks: VadCallbacks = {
    onSpeechStart: (lead) => this.events.onSpeechStart(lead),
    onSpeechAudio: (samples) => this.events.onSpeechAudio(samples),
    onSpeechRealStart: () => this.events.onSpeechConfirmed(),
    onSpeechPause: () => this.events.onSpeechPause(),
    onMisfire: () => this.events.onMisfire(),
    onSpeechEnd: () => {
      this.events.onSpeechEnd();
      if (!this.handsFree) void this.stop();
    },
    onSpeechDropped: () => this.events.onSpeechDropped(),
    onDetectorError: (error) => {
      console.error('Voice activity detector failed', error);
      this.dropVad(VOICE_TEXT.recordingError);
    },
    onHearing: () => {
      this.vadHearing = true;
      this.events.onChange();
    },
  };
}
