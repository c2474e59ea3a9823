/** What the capture worklet and the page agree on (the worklet imports nothing else). */

export const CAPTURE_PROCESSOR = 'chairtalk-capture';

/**
 * Samples (at the context's own rate) per message from the worklet: about 20 ms at 48 kHz.
 * Smaller costs a message per render quantum; larger only delays the detector.
 */
export const CAPTURE_BATCH_SAMPLES = 1024;
