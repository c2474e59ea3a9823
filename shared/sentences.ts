/**
 * Sentence chunking for speech: the server synthesises each sentence as soon as it is complete,
 * and the browser's own speech splits long texts (spec §9: over 200 characters) by sentence.
 */

// A sentence ends at . ! ? (or an ellipsis) followed by whitespace, optionally after a closing
// quote or bracket. Abbreviations like "Dr." are rare in a patient's speech and harmless here:
// the worst case is a slightly shorter chunk.
const BOUNDARY = /[.!?…]+["'”’)\]]*\s+/g;
const MIN_SENTENCE_CHARS = 12;

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
