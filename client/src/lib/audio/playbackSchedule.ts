/**
 * Gapless playback on one audio clock: where each chunk of speech starts, and how much of a
 * sentence has been played at a given moment. Pure, so the timing rules are tested without a
 * browser; the player (speechPlayer.ts) applies them to an AudioContext.
 */

/**
 * How far ahead of "now" a chunk that arrives to silence is started. Scheduling exactly at
 * `currentTime` can land in the render quantum already being played and clip its first samples.
 */
export const SCHEDULE_LEAD_SECONDS = 0.05;

/**
 * Speaking rate assumed for the part of a sentence whose audio has not arrived yet (about
 * 130 words a minute: on the slow side, so what was heard is never overstated).
 */
export const ASSUMED_CHARS_PER_SECOND = 12;

/** A chunk of audio on the clock: when it starts and how long it plays (seconds). */
export interface Span {
  start: number;
  duration: number;
}

/** The next chunk starts where the previous one ends, or just after now if playback ran dry. */
export function nextStart(now: number, previousEnd: number, lead = SCHEDULE_LEAD_SECONDS): number {
  return Math.max(now + lead, previousEnd);
}

/** Start times for chunks given when each arrived and how long it plays, back to back. */
export function scheduleChunks(
  chunks: Array<{ arrival: number; duration: number }>,
  lead = SCHEDULE_LEAD_SECONDS,
): Span[] {
  let end = 0;
  return chunks.map(({ arrival, duration }) => {
    const start = nextStart(arrival, end, lead);
    end = start + duration;
    return { start, duration };
  });
}

/** Seconds of these spans played by `now`. */
export function playedSeconds(spans: readonly Span[], now: number): number {
  let played = 0;
  for (const { start, duration } of spans) played += Math.min(duration, Math.max(0, now - start));
  return played;
}

/**
 * How far into a sentence playback is (0..1). Until its last chunk has arrived its length is
 * not known: it is at least what arrived, and at least what its text takes to say.
 */
export function sentenceFraction(input: {
  text: string;
  played: number;
  received: number;
  complete: boolean;
}): number {
  const { text, played, received, complete } = input;
  const total = complete ? received : Math.max(received, text.length / ASSUMED_CHARS_PER_SECOND);
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, played / total));
}
