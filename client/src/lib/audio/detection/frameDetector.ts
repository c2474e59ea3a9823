import {
  FrameProcessor,
  defaultFrameProcessorOptions,
} from '@ricky0123/vad-web/dist/frame-processor';
import { Message } from '@ricky0123/vad-web/dist/messages';
import type { SpeechProbabilities } from '@ricky0123/vad-web/dist/models/common';

/**
 * What one frame told the detector, in the order it found out. `pause`: the speaker has been
 * silent for PAUSE_MS, not yet long enough to end the utterance (once per silence).
 */
export type DetectorEvent =
  'speech_start' | 'speech_real_start' | 'pause' | 'speech_end' | 'misfire';

/** A voice activity detector that hears fixed-size frames of 16 kHz audio, one at a time. */
export interface FrameDetector {
  /** Samples per frame. */
  readonly frameSamples: number;
  /** Frames of lead-in the detector keeps before the frame where speech starts. */
  readonly padFrames: number;
  process(frame: Float32Array): Promise<DetectorEvent[]>;
  /** Forgets any speech in progress (after a gap in the audio). */
  reset(): void;
  release(): Promise<void>;
}

/** The model half: speech probability per frame, with state carried from frame to frame. */
export interface SpeechModel {
  process(frame: Float32Array): Promise<SpeechProbabilities>;
  reset_state(): void;
  release(): Promise<void>;
}

/**
 * How long a silence ends an utterance. The VAD's default (1.4 s) feels like the patient is
 * not listening; much under 500 ms cuts people off when they pause to think.
 */
export const END_OF_SPEECH_MS = 550;

/**
 * A silence this long is a pause: the words so far are made final on the server, which starts
 * the reply on them while END_OF_SPEECH_MS runs out (server/conversations/earlyReply.ts). Human
 * turn gaps are about 200 ms. Measured with `npm run bench -- turn-taking` (decision 033).
 */
export const PAUSE_MS = 192;

/** Silero v5 hears 512 samples (32 ms at 16 kHz) at a time. */
export const SILERO_FRAME_SAMPLES = 512;

/**
 * vad-web's own speech segmentation (thresholds, lead-in, minimum speech, redemption) around a
 * model, so our turn-taking matches the library's tested rules while we decide where the audio
 * comes from (docs/decisions: why not MicVAD).
 */
export function createFrameDetector(
  model: SpeechModel,
  frameSamples: number = SILERO_FRAME_SAMPLES,
): FrameDetector {
  const msPerFrame = (frameSamples / 16_000) * 1000;
  const options = { ...defaultFrameProcessorOptions, redemptionMs: END_OF_SPEECH_MS };
  const pauseFrames = Math.ceil(PAUSE_MS / msPerFrame);
  // Silent frames since the last speech, counted as the processor counts its redemption.
  let silentFrames = 0;
  let speaking = false;
  let paused = false;
  const processor = new FrameProcessor(
    (frame) => model.process(frame),
    () => model.reset_state(),
    options,
    msPerFrame,
  );
  processor.resume();
  return {
    frameSamples,
    padFrames: processor.preSpeechPadFrames,
    async process(frame) {
      const events: DetectorEvent[] = [];
      await processor.process(frame, (event) => {
        switch (event.msg) {
          case Message.FrameProcessed: {
            if (!speaking) break;
            const probability = event.probs.isSpeech;
            if (probability >= options.positiveSpeechThreshold) {
              silentFrames = 0;
              paused = false;
            } else if (probability < options.negativeSpeechThreshold) {
              silentFrames += 1;
              if (!paused && silentFrames >= pauseFrames) {
                paused = true;
                events.push('pause');
              }
            }
            break;
          }
          case Message.SpeechStart:
            speaking = true;
            silentFrames = 0;
            paused = false;
            events.push('speech_start');
            break;
          case Message.SpeechRealStart:
            events.push('speech_real_start');
            break;
          case Message.SpeechEnd:
            speaking = false;
            events.push('speech_end');
            break;
          case Message.VADMisfire:
            speaking = false;
            events.push('misfire');
            break;
          default:
            break;
        }
      });
      return events;
    },
    reset: () => {
      speaking = false;
      processor.reset();
    },
    release: () => model.release(),
  };
}
