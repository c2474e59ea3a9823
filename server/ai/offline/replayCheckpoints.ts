import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ChatTurn } from '../types';

/**
 * Where a conversation's replay stood after its last reply, so the next reply replays only the
 * turns that came since (replaying every turn again made a long conversation's reply
 * take hundreds of milliseconds of the event loop). The replay is a pure function of the
 * scenario and the history, so a checkpoint is found by a digest of both: a branch, a restart
 * or a second instance simply misses and replays from the start, with the same result.
 */

/** Bytes the checkpoints of all conversations may take, estimated from their text. */
const MAX_CHECKPOINT_BYTES = 64 * 1024 * 1024;
/**
 * Measured: a replayed turn keeps about this many bytes per character of the conversation's
 * text (the sentences, their analysis and the patient's state), plus a fixed part per turn.
 */
const BYTES_PER_CHAR = 16;
const BYTES_PER_TURN = 2048;

interface Stored<T> {
  value: T;
  bytes: number;
}

const checkpoints = new LRUCache<string, Stored<unknown>>({
  maxSize: MAX_CHECKPOINT_BYTES,
  sizeCalculation: (stored) => stored.bytes,
});

/** `keys[k]` names the history's first k turns of this scenario (keys[0] is unused). */
export function prefixKeys(scenarioKey: string, history: readonly ChatTurn[]): string[] {
  const hash = createHash('sha256').update(scenarioKey);
  const keys = [''];
  for (const turn of history) {
    hash.update(`\u0000${turn.role}\u0000${turn.content.length}\u0000${turn.content}`);
    keys.push(hash.copy().digest('base64url'));
  }
  return keys;
}

/** The longest prefix of the history with a checkpoint, and the checkpoint. */
export function findCheckpoint<T>(keys: readonly string[]): { length: number; value: T } | null {
  for (let length = keys.length - 1; length > 0; length--) {
    const stored = checkpoints.get(keys[length]!);
    if (stored !== undefined) return { length, value: stored.value as T };
  }
  return null;
}

/**
 * Keeps the replay of the whole history and drops the one it grew from, which no reply of
 * this conversation will ask for again.
 */
export function saveCheckpoint<T>(
  keys: readonly string[],
  history: readonly ChatTurn[],
  value: T,
  grewFrom: number,
): void {
  if (history.length === 0) return;
  let chars = 0;
  for (const turn of history) chars += turn.content.length;
  const bytes = chars * BYTES_PER_CHAR + history.length * BYTES_PER_TURN;
  checkpoints.set(keys[history.length]!, { value, bytes });
  if (grewFrom > 0 && grewFrom < history.length) checkpoints.delete(keys[grewFrom]!);
}

/** Forgets every checkpoint: the next replay of any conversation starts from the beginning. */
export function clearCheckpoints(): void {
  checkpoints.clear();
}

/** The estimated bytes held, for the tests of the bound. */
export function checkpointBytes(): number {
  return checkpoints.calculatedSize;
}

export const CHECKPOINT_BYTE_LIMIT = MAX_CHECKPOINT_BYTES;
