import { DICTATION_TEXT, VOICE_TEXT } from '../../../../shared/text';
import { MicrophoneError, openMicrophone, stopStream } from './microphone';
import { rmsOf, SilenceDetector } from './silence';

/** Spec §9 recording: 128 kbps. WebM/Opus is what the server accepts besides WAV. */
const BITS_PER_SECOND = 128_000;
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm'];
const LEVEL_EVERY_MS = 100;

export interface Recording {
  blob: Blob;
  /** Anything above the speech level was heard. */
  heardSpeech: boolean;
}

export interface RecordingHandle {
  /** Resolves when recording stops (by `stop`, a pause after speech, or the time limit). */
  done: Promise<Recording>;
  stop(): void;
  /** Stops and throws the audio away. */
  cancel(): void;
}

export function canRecordWebm(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    MIME_TYPES.some((type) => MediaRecorder.isTypeSupported(type))
  );
}

/**
 * Records one utterance from the microphone as WebM/Opus. Throws MicrophoneError (with the
 * sentence to show) when the microphone cannot be opened.
 */
export async function recordUtterance(): Promise<RecordingHandle> {
  const mimeType = MIME_TYPES.find(
    (type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
  );
  if (!mimeType) {
    throw new MicrophoneError(DICTATION_TEXT.noWebm, null);
  }
  const stream = await openMicrophone();
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: BITS_PER_SECOND });
  } catch (error) {
    stopStream(stream);
    throw new MicrophoneError(VOICE_TEXT.recordingError, error);
  }

  const detector = new SilenceDetector();
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const parts: Blob[] = [];
  let cancelled = false;

  const done = new Promise<Recording>((resolve, reject) => {
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) parts.push(event.data);
    };
    recorder.onerror = (event) => {
      cleanup();
      reject(new MicrophoneError(VOICE_TEXT.recordingError, event));
    };
    recorder.onstop = () => {
      cleanup();
      resolve({
        blob: new Blob(cancelled ? [] : parts, { type: mimeType }),
        heardSpeech: detector.heardSpeech,
      });
    };
  });

  const level = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    if (detector.update(rmsOf(samples), LEVEL_EVERY_MS) !== 'continue') stop();
  }, LEVEL_EVERY_MS);

  function cleanup() {
    clearInterval(level);
    stopStream(stream);
    void context.close().catch(() => undefined);
  }

  function stop() {
    clearInterval(level);
    if (recorder.state !== 'inactive') recorder.stop();
  }

  recorder.start();
  return {
    done,
    stop,
    cancel() {
      cancelled = true;
      stop();
    },
  };
}
