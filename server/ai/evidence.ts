import type { FeedbackItem, Feedback } from '#shared/feedback';

/**
 * Feedback quotes are shown to the trainee as "you said ...", so a quote the trainee never said
 * (a paraphrase, or the patient's words) would put words in their mouth. Every quote must be a
 * span of one of their own messages; small copying slips by the grader are repaired to the
 * exact original span, anything else loses its quote but keeps its point.
 */
export function verifyEvidence(feedback: Feedback, traineeMessages: readonly string[]): Feedback {
  const sources = traineeMessages.map(normaliseWithMap);
  const check = (item: FeedbackItem): FeedbackItem => ({
    text: item.text,
    quote: item.quote === null ? null : findEvidence(item.quote, traineeMessages, sources),
  });
  return {
    ...feedback,
    strengths: feedback.strengths.map(check),
    areasForImprovement: feedback.areasForImprovement.map(check),
  };
}

/**
 * The quote as an exact span of this one message (small copying slips repaired), or null when
 * the message does not say it. For notes tied to a single turn.
 */
export function quoteInMessage(quote: string, message: string): string | null {
  return findEvidence(quote, [message], [normaliseWithMap(message)]);
}

interface Normalised {
  text: string;
  /** For each character of `text`, where it starts in the original. */
  starts: number[];
  /** For each character of `text`, where the original character it came from ends. */
  ends: number[];
}

const QUOTE_FOLDS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  ʼ: "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
};

function normaliseWithMap(original: string): Normalised {
  const out: Normalised = { text: '', starts: [], ends: [] };
  let index = 0;
  for (const ch of original) {
    const start = index;
    index += ch.length;
    if (/\s/.test(ch)) {
      // Runs of whitespace collapse to one space; leading whitespace is dropped.
      if (out.text !== '' && !out.text.endsWith(' ')) push(out, ' ', start, index);
      continue;
    }
    for (const folded of (QUOTE_FOLDS[ch] ?? ch).toLowerCase()) push(out, folded, start, index);
  }
  return out;
}

function push(out: Normalised, ch: string, start: number, end: number): void {
  out.text += ch;
  out.starts.push(start);
  out.ends.push(end);
}

const ELLIPSIS = /\s*(?:\.{3,}|…)\s*/;
const EDGE_QUOTES = /^[\s"']+|[\s"']+$/g;
const EDGE_NOISE = /^[\s"'.,;:!?…-]+|[\s"'.,;:!?…-]+$/g;

/**
 * The words the quote claims, as pieces around "…" cuts: first as written (so a kept "?" stays
 * in the span), then without the punctuation a grader tends to add or drop at the edges.
 */
function quotePieceSets(quote: string): string[][] {
  const parts = normaliseWithMap(quote).text.split(ELLIPSIS);
  const clean = (edge: RegExp) =>
    parts.map((piece) => piece.replace(edge, '')).filter((piece) => piece !== '');
  return [clean(EDGE_QUOTES), clean(EDGE_NOISE)].filter(
    (pieces) => pieces.length > 0 && pieces.some((piece) => /[\p{L}\p{N}]/u.test(piece)),
  );
}

function findEvidence(
  quote: string,
  originals: readonly string[],
  sources: readonly Normalised[],
): string | null {
  const trimmed = quote.trim();
  if (trimmed !== '' && originals.some((message) => indexOfWord(message, trimmed, 0) !== -1)) {
    return trimmed;
  }

  for (const pieces of quotePieceSets(quote)) {
    for (let m = 0; m < sources.length; m++) {
      const source = sources[m];
      const original = originals[m];
      if (source === undefined || original === undefined) continue;
      const span = findPiecesInOrder(source.text, pieces);
      if (!span) continue;
      const start = source.starts[span.start];
      const end = source.ends[span.end - 1];
      if (start === undefined || end === undefined) continue;
      return original.slice(start, end);
    }
  }
  return null;
}

/**
 * Where the pieces occur in order inside `haystack`, as one span from the start of the first to
 * the end of the last. Pieces must start and end on word boundaries so "pain" cannot be
 * "proven" out of "painless".
 */
function findPiecesInOrder(
  haystack: string,
  pieces: readonly string[],
): { start: number; end: number } | null {
  const [first, ...rest] = pieces;
  if (first === undefined) return null;
  for (let from = 0; ;) {
    const start = indexOfWord(haystack, first, from);
    if (start === -1) return null;
    let end = start + first.length;
    let complete = true;
    for (const piece of rest) {
      const next = indexOfWord(haystack, piece, end);
      if (next === -1) {
        complete = false;
        break;
      }
      end = next + piece.length;
    }
    if (complete) return { start, end };
    from = start + 1;
  }
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

function indexOfWord(haystack: string, needle: string, from: number): number {
  for (let at = haystack.indexOf(needle, from); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    const startsClean = !isWordChar(needle[0]) || !isWordChar(before);
    const endsClean = !isWordChar(needle[needle.length - 1]) || !isWordChar(after);
    if (startsClean && endsClean) return at;
  }
  return -1;
}
