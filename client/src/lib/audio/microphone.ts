import { MICROPHONE_TEXT } from '#shared/text';
import { microphoneErrorMessage } from './audioMessages';

/** Spec §9 recording: mono, echo cancellation, noise suppression, auto gain. */
export const MICROPHONE_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

/** A microphone problem with the sentence to show for it. */
export class MicrophoneError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'MicrophoneError';
  }
}

/**
 * Opens the microphone with the spec's constraints. Browsers hide `navigator.mediaDevices`
 * entirely on insecure origins (plain http other than localhost), which is the HTTPS case.
 */
export async function openMicrophone(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    throw new MicrophoneError(MICROPHONE_TEXT.insecure, null);
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: MICROPHONE_CONSTRAINTS });
  } catch (error) {
    throw new MicrophoneError(microphoneErrorMessage(error), error);
  }
}

/** Releases the microphone (the browser's recording indicator goes off). */
export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}
