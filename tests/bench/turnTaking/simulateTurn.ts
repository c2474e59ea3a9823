import {
  createFrameDetector,
  SILERO_FRAME_SAMPLES,
  type SpeechModel,
} from '#client/lib/audio/detection/frameDetector';
import { endsMidThought, thoughtComplete } from '#server/conversations/endOfTurn';
import { RATE, type SpokenAudio, type TimedWord } from './spokenAudio';

/**
 * One spoken turn through the real detector (vad-web's segmentation around Silero's speech
 * probabilities for the turn's audio) and a model of the rest of the pipeline, in audio time:
 * the client's pauses and ends of speech, the transcriber's finals, the server's end-of-turn
 * rule and its early reply. Deterministic: the same probabilities always give the same turn.
 */

const FRAME_MS = (SILERO_FRAME_SAMPLES / RATE) * 1000;

export interface PipelineTimes {
  /** From a pause to its settled words back at the client (the checkpoint's final). */
  settleMs: number;
  /** From a commit to its final transcript. */
  finalMs: number;
  /** The server's wait for more speech after words that end mid-thought. */
  endOfTurnWaitMs: number;
  /** The model's and speech's own share before the first sound: first token, first clause, speech. */
  componentsMs: number;
  /** The server's own work between the words and the first sound (measured live). */
  overheadMs: number;
}

/**
 * How the transcriber ends words cut off by a pause: 'bare' as heard ("Does it hurt"), or
 * 'punctuated' with the end mark of the sentence they belong to ("Does it hurt?"), as a
 * transcriber that takes every pause for a sentence's end would.
 */
export type TranscriberModel = 'bare' | 'punctuated';

/**
 * today: the reply starts at the end of speech, or early on the partial words at the commit;
 * words: it starts on the words settled at the speaker's last pause, when they make a whole
 * thought, and the end of speech claims it.
 */
export type Policy = 'today' | 'words';

export interface TurnOutcome {
  /** The turn was answered before all its words: inside a sentence, or between sentences. */
  cut: 'none' | 'mid_sentence' | 'between_sentences';
  /** From the true end of speech to the commit that ended the turn (uncut turns). */
  endOfSpeechWaitMs: number | null;
  /** From the true end of speech to the first sound, less the components' own share. */
  ownShareMs: number | null;
  earlyMade: number;
  earlyClaimed: boolean;
  /** The detector heard no speech at all. */
  missed: boolean;
}

/** The turn's words up to `untilMs`, as the transcriber would write them. */
function wordsUntil(words: readonly TimedWord[], untilMs: number, model: TranscriberModel): string {
  const heard = words.filter((word) => word.endMs <= untilMs);
  if (heard.length === 0) return '';
  const text = heard.map((word) => word.text).join(' ');
  const last = heard.at(-1)!;
  if (model === 'bare' || last.endsSentence) return text;
  const sentenceEnd = words.slice(heard.length).find((word) => word.endsSentence);
  return `${text}${sentenceEnd ? sentenceEnd.text.slice(-1) : '.'}`;
}

/** Silero's probabilities, frame by frame, replayed as a model (its state carried as recorded). */
function replayModel(probabilities: readonly number[]): SpeechModel {
  let next = 0;
  return {
    process: async () => {
      const isSpeech = probabilities[next++] ?? 0;
      return { isSpeech, notSpeech: 1 - isSpeech };
    },
    reset_state: () => undefined,
    release: async () => undefined,
  };
}

export async function simulateTurn(input: {
  audio: SpokenAudio;
  probabilities: readonly number[];
  policy: Policy;
  model: TranscriberModel;
  times: PipelineTimes;
}): Promise<TurnOutcome> {
  const { audio, probabilities, policy, model, times } = input;
  const { words } = audio;
  const detector = createFrameDetector(replayModel(probabilities));
  const frame = new Float32Array(SILERO_FRAME_SAMPLES);

  /** The utterance the client is streaming, and its last pause. */
  let open: { pausedAt: number | null } | null = null;
  /** Audio time up to which the turn's utterances were committed, and their finals' arrival. */
  let committedUntil = 0;
  let finalsAt = 0;
  let commits = 0;
  let lastCommitAt = 0;
  let decidedAt: number | null = null;
  let waitUntil: number | null = null;
  let early: { at: number; text: string } | null = null;
  let earlyMade = 0;
  let heardSpeech = false;
  /** Words settled at a pause, on their way back. */
  const settling: Array<{ at: number; pausedAt: number }> = [];

  const commit = (at: number) => {
    if (policy === 'today' && commits === 0) {
      // Today's early reply, on the partial words at the commit: a real service's partials
      // lack the last word until after it (the stub's lagWords: 1).
      const partial = words.filter((word) => word.endMs <= at).slice(0, -1);
      const text = partial.map((word) => word.text).join(' ');
      if (text !== '' && !endsMidThought(text)) {
        early = { at, text };
        earlyMade += 1;
      }
    }
    open = null;
    committedUntil = at;
    lastCommitAt = at;
    finalsAt = Math.max(finalsAt, at + times.finalMs);
    commits += 1;
    waitUntil = null;
  };

  /** The server's collector at time `now`: decides once every final is in and nobody speaks. */
  const collect = (now: number) => {
    if (decidedAt !== null || commits === 0 || open !== null || now < finalsAt) return;
    if (waitUntil === null) {
      const text = wordsUntil(words, committedUntil, model);
      if (!endsMidThought(text)) return void (decidedAt = finalsAt);
      waitUntil = finalsAt + times.endOfTurnWaitMs;
    }
    if (now >= waitUntil) decidedAt = waitUntil;
  };

  /** The server's early reply, on the first utterance of a turn whose settled words are whole. */
  const settle = (now: number) => {
    while (settling.length > 0 && settling[0]!.at <= now) {
      const { at, pausedAt } = settling.shift()!;
      if (!open || open.pausedAt !== pausedAt) continue;
      const text = wordsUntil(words, pausedAt, model);
      if (commits > 0 || !thoughtComplete(text)) continue;
      early = { at, text };
      earlyMade += 1;
    }
  };

  for (let index = 0; index < probabilities.length && decidedAt === null; index++) {
    const now = (index + 1) * FRAME_MS;
    settle(now);
    collect(now);
    if (decidedAt !== null) break;
    for (const event of await detector.process(frame)) {
      switch (event) {
        case 'speech_start':
          heardSpeech = true;
          if (decidedAt === null) open = { pausedAt: null };
          break;
        case 'pause':
          if (open && policy === 'words') {
            open.pausedAt = now;
            settling.push({ at: now + times.settleMs, pausedAt: now });
          }
          break;
        case 'speech_end':
          if (open) commit(now);
          break;
        case 'misfire':
          open = null;
          break;
        default:
          break;
      }
    }
    collect(now);
  }

  const lastWord = words.at(-1)!;
  if (!heardSpeech || decidedAt === null) {
    return {
      cut: 'none',
      endOfSpeechWaitMs: null,
      ownShareMs: null,
      earlyMade,
      earlyClaimed: false,
      missed: true,
    };
  }
  const answered = wordsUntil(words, committedUntil, model);
  const pending = words.filter((word) => word.endMs > committedUntil);
  if (pending.length > 0) {
    const before = words[words.length - pending.length - 1];
    return {
      cut: before?.endsSentence ? 'between_sentences' : 'mid_sentence',
      endOfSpeechWaitMs: null,
      ownShareMs: null,
      earlyMade,
      earlyClaimed: false,
      missed: false,
    };
  }
  const endOfSpeech = lastWord.endMs;
  const started = early as { at: number; text: string } | null;
  const claimed = started !== null && started.text === answered;
  const replyStart = claimed ? started.at : decidedAt;
  // A claimed reply has been thinking since it started; nothing is shown before the words are.
  const firstSound = Math.max(decidedAt, replyStart + times.componentsMs) + times.overheadMs;
  return {
    cut: 'none',
    endOfSpeechWaitMs: lastCommitAt - endOfSpeech,
    ownShareMs: firstSound - endOfSpeech - times.componentsMs,
    earlyMade,
    earlyClaimed: claimed,
    missed: false,
  };
}
