import { MAX_UTTERANCE_BYTES, MAX_UTTERANCE_MS } from '../../../../../shared/voice';
import { VOICE_TEXT } from '../../../../../shared/text';
import { MicrophoneError, stopStream } from '../../../lib/audio/microphone';
import type { RecognitionHandle, recognizeOnce } from '../../../lib/audio/speechRecognition';
import { VadInitError, type Vad, type VadCallbacks } from '../vad';

export interface VoiceInputDeps {
  openMicrophone: () => Promise<MediaStream>;
  createVad: (stream: MediaStream, callbacks: VadCallbacks) => Promise<Vad>;
  recognizeOnce: typeof recognizeOnce;
}

/** What the clinician's microphone reports to the session. */
export interface VoiceInputEvents {
  /** Maybe speech (the VAD is not sure yet): a good moment to hold the patient's voice. */
  onSpeechStart(): void;
  /** Enough speech to be more than a click or a cough. */
  onSpeechConfirmed(): void;
  /** It was not speech after all. */
  onMisfire(): void;
  /** The speaker stopped; the utterance (or a problem with it) follows. */
  onSpeechEnd(): void;
  /** One utterance for the server's transcription: 16 kHz mono PCM16 WAV within the limits. */
  onUtterance(wav: ArrayBuffer): void;
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
 * session decides when listening makes sense. This is the seam where the audio leaves the
 * microphone, so streaming it while the clinician speaks changes this file only.
 */
export class VoiceInput {
  /** Push-to-talk (false) closes the microphone after each utterance. */
  handsFree = true;
  /** The user switched the microphone on (hands-free keeps it on from turn to turn). */
  private wantMic = false;
  private opening = false;
  private vad: Vad | null = null;
  private vadListening = false;
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
    this.events.onChange();
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
    onSpeechStart: () => this.events.onSpeechStart(),
    onSpeechRealStart: () => this.events.onSpeechConfirmed(),
    onMisfire: () => this.events.onMisfire(),
    onSpeechEnd: (audio) => {
      this.events.onSpeechEnd();
      if (audio.length === 0) return this.events.onError(VOICE_TEXT.noAudio);
      if (!this.handsFree) void this.stop();
      const vad = this.vad;
      if (!vad) return;
      let wav: ArrayBuffer;
      try {
        wav = vad.encodeWav(audio);
      } catch (error) {
        console.error('Could not encode the utterance', error);
        return this.events.onError(VOICE_TEXT.recordingError);
      }
      if (wav.byteLength > MAX_UTTERANCE_BYTES) {
        return this.events.onError(VOICE_TEXT.tooLongForTurn(MAX_UTTERANCE_MS / 1000));
      }
      this.events.onUtterance(wav);
    },
  };
}
