import { hashText, sameWords, splitSentences } from './textTools';

/**
 * Whether the patient has already said this line somewhere in the conversation. `patientSaid`
 * holds the patient's turns as `sameWords` gives them (the replay works them out once).
 */
export function hasSaid(patientSaid: readonly string[], line: string): boolean {
  const wanted = sameWords(line);
  return patientSaid.some((said) => said.includes(wanted));
}

/**
 * One line from a pool, chosen by a hash of the moment rather than a rotation, so two
 * different conversations drift apart. Lines the patient already said are skipped while any
 * fresh one is left.
 */
export function pickLine(
  pool: readonly string[],
  seed: string,
  patientSaid: readonly string[],
): string | undefined {
  const fresh = pool.filter((line) => !hasSaid(patientSaid, line));
  const from = fresh.length > 0 ? fresh : pool;
  return from[hashText(seed) % from.length];
}

export function sentenceCount(text: string): number {
  return splitSentences(text).length;
}

/** Joins reply pieces, dropping any that would take the reply past three sentences. */
export function joinReply(pieces: ReadonlyArray<string | undefined>, maxSentences = 3): string {
  const kept: string[] = [];
  let sentences = 0;
  for (const piece of pieces) {
    if (piece === undefined || piece.trim() === '') continue;
    const count = sentenceCount(piece);
    if (kept.length > 0 && sentences + count > maxSentences) continue;
    kept.push(piece.trim());
    sentences += count;
  }
  return kept.join(' ');
}
