/**
 * What of a patient reply the clinician heard before cutting in (barge-in or 'Stop audio'). The
 * server stores it and the voice modal shows it, so both ends use this one rule.
 * See docs/decisions/013-nothing-heard-is-an-ellipsis.md.
 */

/** A reply cut off before a word of it was really heard: shown and stored as this, partial. */
export const NOTHING_HEARD = '…';

/**
 * Fewer whole words than this were not really heard (a lone "A" or "Well," from the first few
 * hundred milliseconds of a clip), unless they make a whole sentence ("Yes.").
 */
export const MIN_HEARD_WORDS = 2;

const ENDS_SENTENCE = /[.!?…]["'”’)\]]*$/;

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * The heard part of a reply, ending on a whole word: a word cut in half was not really heard.
 * `heardChars` is an offset into the reply as streamed, spaces included (the client counts it;
 * see heardChars in the client). An empty reply stays empty; a reply of which too little was
 * heard is NOTHING_HEARD.
 */
export function heardPart(content: string, heardChars: number): string {
  if (content.trim() === '') return '';
  const cut = content.slice(0, Math.max(0, heardChars));
  const atWord = (
    /\S$/.test(cut) && /^\S/.test(content.slice(cut.length)) ? cut.replace(/\S+$/, '') : cut
  ).trim();
  const enough = countWords(atWord) >= MIN_HEARD_WORDS || ENDS_SENTENCE.test(atWord);
  return enough ? atWord : NOTHING_HEARD;
}

/**
 * What a stored, complete reply becomes when the clinician cut in while its audio was still
 * playing: its heard part, or null when all of it was heard (nothing to change).
 */
export function heardRevision(content: string, heardChars: number): string | null {
  return heardChars >= content.length ? null : heardPart(content, heardChars);
}
