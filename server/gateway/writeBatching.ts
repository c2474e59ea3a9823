import type { Writable } from 'node:stream';

/**
 * Holds a socket's writes until the end of the current event-loop turn, so every frame sent in
 * that turn leaves in one system call: a speech header and its audio, a stored turn and the
 * reply's start, and under load the several reply deltas that arrived together. On a busy
 * server the writes, not the JavaScript, were the largest cost of a turn.
 */
export function batchWrites(socket: Writable): () => void {
  let held = false;
  const release = () => {
    held = false;
    socket.uncork();
  };
  return () => {
    if (held || socket.destroyed) return;
    held = true;
    socket.cork();
    setImmediate(release);
  };
}
