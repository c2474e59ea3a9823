/**
 * Chunking text for speech: the server synthesises each chunk as soon as it is complete, and the
 * browser's own speech splits long texts (spec §9: over 200 characters) by sentence.
 */

// A sentence ends at . ! ? (or an ellipsis) followed by whitespace, optionally after a closing
// quote or bracket.
const BOUNDARY = /[.!?…]+["'”’)\]]*\s+/g;
const MIN_SENTENCE_CHARS = 12;
/** Ends in sentence punctuation with nothing after it yet. */
const ENDS_SENTENCE = /[.!?…]+["'”’)\]]*$/;
/** Words whose full stop does not end a sentence. */
const ABBREVIATION = /\b(?:dr|mr|mrs|ms|st|vs|etc|e\.g|i\.e|approx|no)\.$/i;
/** ...and, at the very end of what has arrived, a number that may go on ("3." → "3.5"). */
const NOT_AN_END = /(?:\b(?:dr|mr|mrs|ms|st|vs|etc|e\.g|i\.e|approx|no)|\d)\.$/i;

/**
 * Where a clause may end: a comma, colon or semicolon before a space (or at the end of what has
 * arrived), a spaced hyphen or dash, or an em dash. A comma or colon straight after a digit with
 * nothing after it yet may be inside a number ("1,000", "3:30"): it waits for the next character.
 */
const CLAUSE_BREAK = /[,;:]["'”’)\]]*(?=\s|$)|\s[-–—]+(?=\s)|\s[–—]$|—/g;
/** The first clause is spoken alone only when it has this many words: shorter ones sound clipped. */
export const FIRST_CLAUSE_MIN_WORDS = 4;

export interface SentenceChunker {
  /** Adds streamed text; returns the chunks it completed. */
  push(text: string): string[];
  /** The rest, once the stream has ended. */
  flush(): string | null;
}

export interface ChunkOptions {
  /**
   * The first chunk is the first clause (at least FIRST_CLAUSE_MIN_WORDS words), or the first
   * sentence if that ends sooner; the rest are whole sentences. Speech starts a clause earlier,
   * and later chunks keep a sentence's natural prosody.
   */
  firstClause?: boolean;
}

/** The end of the sentence the text starts with (after its punctuation), or null if not yet. */
function sentenceEnd(text: string): number | null {
  BOUNDARY.lastIndex = 0;
  for (let match = BOUNDARY.exec(text); match; match = BOUNDARY.exec(text)) {
    const end = match.index + match[0].length;
    const sentence = text.slice(0, end).trim();
    // Very short pieces ("Oh." "Well!") ride along with the next sentence: one request each
    // would cost more in latency than it saves.
    if (sentence.length >= MIN_SENTENCE_CHARS && !ABBREVIATION.test(sentence)) return end;
  }
  // Streamed text usually brings the space after a full stop with the next word. Waiting for it
  // would hold every sentence back by one token, so a clear ending counts now.
  const pending = text.trim();
  if (
    pending.length >= MIN_SENTENCE_CHARS &&
    ENDS_SENTENCE.test(pending) &&
    !NOT_AN_END.test(pending)
  ) {
    return text.length;
  }
  return null;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The end of the first clause of at least FIRST_CLAUSE_MIN_WORDS words, or null if not yet. */
export function firstClauseEnd(text: string): number | null {
  CLAUSE_BREAK.lastIndex = 0;
  for (let match = CLAUSE_BREAK.exec(text); match; match = CLAUSE_BREAK.exec(text)) {
    const end = match.index + match[0].length;
    const mark = match[0][0];
    const atEnd = end === text.length;
    if (atEnd && (mark === ',' || mark === ':') && /\d/.test(text[match.index - 1] ?? '')) {
      return null;
    }
    if (countWords(text.slice(0, end)) >= FIRST_CLAUSE_MIN_WORDS) return end;
  }
  return null;
}

export function createSentenceChunker(options: ChunkOptions = {}): SentenceChunker {
  let buffer = '';
  let firstPending = options.firstClause === true;

  function nextEnd(): number | null {
    const sentence = sentenceEnd(buffer);
    if (!firstPending) return sentence;
    const clause = firstClauseEnd(buffer);
    if (clause === null) return sentence;
    return sentence === null ? clause : Math.min(clause, sentence);
  }

  return {
    push(text) {
      buffer += text;
      const out: string[] = [];
      for (let end = nextEnd(); end !== null; end = nextEnd()) {
        const chunk = buffer.slice(0, end).trim();
        buffer = buffer.slice(end);
        if (chunk === '') continue;
        out.push(chunk);
        firstPending = false;
      }
      return out;
    },
    flush() {
      const rest = buffer.trim();
      buffer = '';
      firstPending = options.firstClause === true;
      return rest === '' ? null : rest;
    },
  };
}

/** A whole text in the chunks streamed speech would make of it. */
export function splitSentences(text: string, options: ChunkOptions = {}): string[] {
  const chunker = createSentenceChunker(options);
  const sentences = chunker.push(text + ' ');
  const rest = chunker.flush();
  return rest ? [...sentences, rest] : sentences;
}

/** Spec §9: browser speech splits texts over 200 characters by sentence. */
export function speechChunks(text: string, maxChars = 200): string[] {
  return text.length > maxChars ? splitSentences(text) : [text];
}
