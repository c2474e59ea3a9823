import type { MessageAudio } from '#shared/api/conversations';
import type { Message } from '#shared/conversation';

/** The transcript's messages that can be replayed, in the order they were said. */
export function replayOrder(
  messages: readonly Message[],
  audio: Readonly<Record<string, MessageAudio>>,
): string[] {
  return messages.filter((m) => audio[m.id] !== undefined).map((m) => m.id);
}

/** What "play all" plays after `current`, or null at the end. */
export function nextInOrder(order: readonly string[], current: string): string | null {
  const at = order.indexOf(current);
  return at === -1 ? null : (order[at + 1] ?? null);
}

/** A recording's length as m:ss (a turn is seconds long, never hours); null when unknown. */
export function formatClipLength(durationMs: number | null): string | null {
  if (durationMs === null) return null;
  const seconds = Math.max(1, Math.round(durationMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
