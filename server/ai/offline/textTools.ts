/** Small text helpers shared by the offline engines. */

export interface Sentence {
  /** Exactly as written, trimmed: a span of the original message. */
  text: string;
  /** Lower case with curly quotes folded, for pattern matching. */
  lower: string;
  words: number;
}

// A full stop after these is not the end of a sentence ("Dr. Patel", "e.g. a crown").
const ABBREVIATIONS = new Set(['dr', 'mr', 'mrs', 'ms', 'e.g', 'i.e', 'etc', 'vs', 'approx', 'st']);

export function foldText(text: string): string {
  return text
    .replace(/[‘’ʼ′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .toLowerCase();
}

export function countWords(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return words === null ? 0 : words.length;
}

/** Sentences and lines of a message; each `text` is a verbatim span so it can be quoted. */
export function splitSentences(message: string): Sentence[] {
  const out: Sentence[] = [];
  const boundary = /[.!?…]+["'”’)\]]*(?=\s|$)|\n+/g;
  let start = 0;
  for (let match = boundary.exec(message); match !== null; match = boundary.exec(message)) {
    const end = match.index + match[0].length;
    const before = message.slice(start, match.index).trim();
    const lastWord = before.split(/\s+/).pop()?.toLowerCase() ?? '';
    if (match[0].startsWith('.') && ABBREVIATIONS.has(lastWord)) continue;
    addSentence(out, message.slice(start, end));
    start = end;
  }
  addSentence(out, message.slice(start));
  return out;
}

function addSentence(out: Sentence[], raw: string): void {
  const text = raw.trim();
  if (countWords(text) === 0) return;
  out.push({ text, lower: foldText(text), words: countWords(text) });
}

/** FNV-1a: a stable 32-bit hash, so the same conversation always picks the same line. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Compares lines the way a listener would: case, spacing and quote style do not matter. */
export function sameWords(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}
