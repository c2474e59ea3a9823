/**
 * Dictated words join whatever is already in the message box, after one space (or replace a
 * blank box). The same rule places the live partial transcript while the user is speaking and
 * the final words once they are in, so the final words land where the partial one showed.
 */
export function withDictated(draft: string, words: string): string {
  return draft.trim() === '' ? words : `${draft.trimEnd()} ${words}`;
}

/**
 * The draft behind what the box shows while a partial transcript is appended: an edit made
 * while dictating keeps the typed part and drops the partial words, which are not the user's
 * yet (the final words follow). An edit inside the partial words keeps the whole text.
 */
export function withoutDictated(shown: string, words: string): string {
  if (words === '' || !shown.endsWith(words)) return shown;
  return shown.slice(0, shown.length - words.length).trimEnd();
}
