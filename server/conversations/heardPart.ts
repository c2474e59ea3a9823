/**
 * The part of a patient reply the clinician heard before cutting in (barge-in), ending on a
 * whole word: a word cut in half was not really heard. `heardChars` is an offset into the
 * reply as streamed, spaces included (the client counts it; see heardChars in the client).
 */
export function heardPart(content: string, heardChars: number): string {
  const cut = content.slice(0, Math.max(0, heardChars));
  const atWord =
    /\S$/.test(cut) && /^\S/.test(content.slice(cut.length)) ? cut.replace(/\S+$/, '') : cut;
  return atWord.trim();
}

/**
 * What a stored, complete reply becomes when the clinician cut in while its audio was still
 * playing: its heard part, or null when all of it was heard (nothing to change).
 */
export function heardRevision(content: string, heardChars: number): string | null {
  return heardChars >= content.length ? null : heardPart(content, heardChars);
}
