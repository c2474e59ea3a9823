/**
 * The end-of-turn rule. Our VAD ends an utterance at the first long enough pause, but people
 * pause mid-sentence ("I was wondering, um"). A final transcript that stops on a word that
 * cannot end a thought, or on a comma or dash, waits a little for more speech before the
 * patient answers; a sentence that ends in . ? or ! is answered at once.
 */

/**
 * Words a finished thought does not end on: conjunctions, articles and possessives,
 * prepositions that need an object, and fillers. Words that often end a question as well
 * ("in", "on", "at", "from", "that") are left out: waiting on a finished question costs more
 * than answering a rare unfinished one.
 */
const OPEN_ENDINGS = new Set([
  // Conjunctions.
  'and',
  'but',
  'or',
  'nor',
  'so',
  'because',
  'cause',
  'cos',
  'if',
  'then',
  'when',
  'while',
  'although',
  'though',
  'unless',
  'until',
  'whether',
  // Articles, possessives, demonstratives.
  'the',
  'a',
  'an',
  'my',
  'your',
  'his',
  'her',
  'their',
  'our',
  'this',
  'these',
  'those',
  // Prepositions that need an object.
  'to',
  'of',
  'for',
  'with',
  'about',
  'like',
  // A subject with no verb yet ("and then I").
  'i',
  // Fillers.
  'um',
  'umm',
  'uh',
  'uhm',
  'er',
  'erm',
  'ah',
  'hmm',
  'mm',
]);

/** Closing quotes and brackets may follow a sentence's end mark. */
const CLOSERS = /["'”’)\]]+$/u;
/** Trailing off (an ellipsis) or breaking off (a dash), or a clause that goes on (, ; :). */
const OPEN_PUNCTUATION = /(\.\.\.|…|[,;:\-–—])$/u;
const END_MARK = /[.?!]$/u;

/** True when the transcript stops where a speaker usually goes on. */
export function endsMidThought(transcript: string): boolean {
  const text = transcript.trim().replace(CLOSERS, '').trimEnd();
  if (text === '') return false;
  if (OPEN_PUNCTUATION.test(text)) return true;
  if (END_MARK.test(text)) return false;
  const lastWord = /([\p{L}']+)$/u.exec(text)?.[1]?.toLowerCase();
  return lastWord !== undefined && OPEN_ENDINGS.has(lastWord);
}

/**
 * True when final words make a whole thought: a sentence that ends in . ? or !, not stopped
 * where a speaker goes on (the mark aside: "…about the?" is not one). A reply started on them
 * is likely to be the one wanted (earlyReply.ts); a clause left open is not worth the call.
 */
export function thoughtComplete(words: string): boolean {
  const text = words.trim().replace(CLOSERS, '').trimEnd();
  return END_MARK.test(text) && !endsMidThought(text.slice(0, -1));
}

/** How long the reply waits for more speech after this transcript (0: answer now). */
export function endOfTurnWaitMs(transcript: string, configuredWaitMs: number): number {
  return endsMidThought(transcript) ? configuredWaitMs : 0;
}
