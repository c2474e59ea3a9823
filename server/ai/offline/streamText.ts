/**
 * A finished reply as word-sized deltas, the way a streaming model would send it. Stops as
 * soon as the signal aborts (barge-in or the user leaving); the caller decides what a cut-off
 * reply means, so no error is thrown.
 */
export async function* streamWords(
  text: string,
  signal: AbortSignal,
  stream: boolean,
): AsyncGenerator<string> {
  if (signal.aborted) return;
  if (!stream) {
    yield text;
    return;
  }
  for (const delta of text.match(/\s*\S+/g) ?? []) {
    if (signal.aborted) return;
    yield delta;
  }
}
