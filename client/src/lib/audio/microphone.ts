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

/**
 * The user already lets this site use the microphone, so opening it asks nothing. Browsers
 * that cannot say (the Permissions API without 'microphone') count as not allowed.
 */
export async function microphoneAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'microphone' as PermissionName });
    return status.state === 'granted';
  } catch {
    return false;
  }
}

/** Releases the microphone (the browser's recording indicator goes off). */
export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}
