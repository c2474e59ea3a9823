/**
 * Sentence chunking for speech: the server synthesises each sentence as soon as it is complete,
 * and the browser's own speech splits long texts (spec §9: over 200 characters) by sentence.
 */

// A sentence ends at . ! ? (or an ellipsis) followed by whitespace, optionally after a closing
// quote or bracket. Abbreviations like "Dr." are rare in a patient's speech and harmless here:
// the worst case is a slightly shorter chunk.
const BOUNDARY = /[.!?…]+["'”’)\]]*\s+/g;
const MIN_SENTENCE_CHARS = 12;
/** Ends in sentence punctuation with nothing after it yet. */
const ENDS_SENTENCE = /[.!?…]+["'”’)\]]*$/;
/** Words whose full stop does not end a sentence, and numbers that may go on ("3." → "3.5"). */
const NOT_AN_END = /(?:\b(?:dr|mr|mrs|ms|st|vs|etc|e\.g|i\.e|approx|no)|\d)\.$/i;

export interface SentenceChunker {
  /** Adds streamed text; returns the sentences it completed. */
  push(text: string): string[];
  /** The rest, once the stream has ended. */
  flush(): string | null;
}

export function createSentenceChunker(): SentenceChunker {
  let buffer = '';
  return {
    push(text) {
      buffer += text;
      const out: string[] = [];
      let start = 0;
      BOUNDARY.lastIndex = 0;
      for (let match = BOUNDARY.exec(buffer); match; match = BOUNDARY.exec(buffer)) {
        const end = match.index + match[0].length;
        const sentence = buffer.slice(start, end).trim();
        // Very short pieces ("Oh." "Well!") ride along with the next sentence: one request each
        // would cost more in latency than it saves.
        if (sentence.length >= MIN_SENTENCE_CHARS) {
          out.push(sentence);
          start = end;
        }
      }
      buffer = buffer.slice(start);
      // Streamed text usually brings the space after a full stop with the next word. Waiting
      // for it would hold every sentence back by one token, so a clear ending counts now.
      const pending = buffer.trim();
      if (
        pending.length >= MIN_SENTENCE_CHARS &&
        ENDS_SENTENCE.test(pending) &&
        !NOT_AN_END.test(pending)
      ) {
        out.push(pending);
        buffer = '';
      }
      return out;
    },
    flush() {
      const rest = buffer.trim();
      buffer = '';
      return rest === '' ? null : rest;
    },
  };
}

export function splitSentences(text: string): string[] {
  const chunker = createSentenceChunker();
  const sentences = chunker.push(text + ' ');
  const rest = chunker.flush();
  return rest ? [...sentences, rest] : sentences;
}

/** Spec §9: browser speech splits texts over 200 characters by sentence. */
export function speechChunks(text: string, maxChars = 200): string[] {
  return text.length > maxChars ? splitSentences(text) : [text];
}
