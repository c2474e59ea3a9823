/**
 * How much of a reply the user actually heard when they cut the patient off (barge-in): every
 * sentence that finished playing, plus the played share of the current one, cut back to the
 * last whole word. The server stores `reply.slice(0, heardChars)` as the patient's (partial)
 * line, so the count is an offset into the reply text as streamed, spaces included.
 */
export function heardChars(input: {
  /** The reply as streamed so far (reply deltas concatenated). */
  replyText: string;
  /** Texts of the sentences that finished playing, in order. */
  finished: string[];
  /** The sentence playing when the user spoke, and how far into it (0..1). */
  current: { text: string; fraction: number } | null;
}): number {
  const { finished, current } = input;
  const reply = input.replyText;
  let cursor = 0;
  for (const sentence of finished) cursor = endOf(reply, sentence, cursor);
  if (current) {
    const fraction = Number.isFinite(current.fraction)
      ? Math.min(1, Math.max(0, current.fraction))
      : 0;
    const found = reply === '' ? -1 : reply.indexOf(current.text, cursor);
    const start = found === -1 ? cursor : found;
    const spoken = Math.floor(current.text.length * fraction);
    if (spoken >= current.text.length) {
      cursor = start + current.text.length;
    } else {
      // A word cut in half was not really heard: keep the words before it.
      const lastBreak = current.text.slice(0, spoken + 1).search(/\s\S*$/);
      if (lastBreak > 0) cursor = start + lastBreak;
    }
  }
  return reply === '' ? cursor : Math.min(cursor, reply.length);
}

/** Where `sentence` ends in `reply`, searching from `from`; without the text, lengths add up. */
function endOf(reply: string, sentence: string, from: number): number {
  const at = reply === '' ? -1 : reply.indexOf(sentence, from);
  if (at !== -1) return at + sentence.length;
  // The sentence chunker trims, so a sentence it made is separated from the next by a space.
  return from + (from > 0 ? 1 : 0) + sentence.length;
}
