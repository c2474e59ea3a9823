/** Reply text reaches the screen at most this often after its first words (25 updates a second). */
export const DELTA_FRAME_MS = 40;

export interface DeltaPacer {
  push(text: string): void;
  /** Sends whatever is held, now (before the reply's closing frame). */
  flush(): void;
  /** Drops whatever is held (the reply was cancelled: the client no longer wants it). */
  stop(): void;
}

/**
 * Paces streamed reply text for the socket: the first delta goes out at once (time to first
 * token is what the user feels); after that, deltas arriving within one frame interval leave
 * together in a single frame. A model sends a token every 10-20 ms, and every socket frame
 * costs the server a system call and the browser a render; nobody reads faster than this.
 */
export function createDeltaPacer(
  send: (text: string) => void,
  frameMs = DELTA_FRAME_MS,
): DeltaPacer {
  let held = '';
  let timer: NodeJS.Timeout | null = null;
  let lastSentAt = Number.NEGATIVE_INFINITY;

  const sendHeld = () => {
    timer = null;
    if (held === '') return;
    const text = held;
    held = '';
    lastSentAt = performance.now();
    send(text);
  };

  return {
    push(text) {
      if (text === '') return;
      held += text;
      if (timer !== null) return;
      const wait = lastSentAt + frameMs - performance.now();
      if (wait <= 0) sendHeld();
      else timer = setTimeout(sendHeld, wait);
    },
    flush() {
      if (timer !== null) clearTimeout(timer);
      sendHeld();
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      held = '';
    },
  };
}
