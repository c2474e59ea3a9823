import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SpokenTurn } from '../../fixtures/spokenTurns';

/**
 * A spoken turn as 16 kHz mono samples (espeak-ng, resampled by sox), with where each segment's
 * speech really starts and ends and when each of its words ends: the ground truth the detector
 * and the transcriber's model are measured against.
 */

export const RATE = 16_000;
/** Silence before the first word, and after the last (long enough for any end of speech). */
const LEAD_MS = 500;
const TAIL_MS = 2_500;
/** Quieter than this is silence (espeak-ng's output has no noise floor). */
const SILENCE = 0.01;

export interface TimedWord {
  text: string;
  /** When it ends, in ms from the start of the audio. */
  endMs: number;
  /** The last word of a sentence (it carries . ? or !). */
  endsSentence: boolean;
}

export interface SpokenAudio {
  samples: Float32Array;
  /** Each segment's speech, in ms from the start of the audio. */
  spans: Array<{ startMs: number; endMs: number }>;
  words: TimedWord[];
}

const cacheDir = join(process.cwd(), '.tmp', 'turn-audio');

/** One segment's speech, trimmed of silence at both ends. */
function speak(text: string): Float32Array {
  mkdirSync(cacheDir, { recursive: true });
  const key = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const raw = join(cacheDir, `${key}.raw`);
  if (!existsSync(raw)) {
    const wav = join(cacheDir, `${key}.wav`);
    execFileSync('espeak-ng', ['-w', wav, text]);
    execFileSync('sox', [wav, '-r', String(RATE), '-c', '1', '-b', '16', '-e', 'signed', raw]);
  }
  const pcm = readFileSync(raw);
  const samples = new Float32Array(pcm.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < SILENCE) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < SILENCE) last--;
  return samples.slice(first, last + 1);
}

const toMs = (samples: number) => (samples / RATE) * 1000;
const toSamples = (ms: number) => Math.round((ms / 1000) * RATE);

/** The turn's audio: lead-in, each segment and its pause, then a long silence. */
export function spokenAudio(turn: SpokenTurn): SpokenAudio {
  const parts = turn.segments.map((segment) => speak(segment.text));
  const length =
    toSamples(LEAD_MS) +
    parts.reduce((sum, part) => sum + part.length, 0) +
    turn.segments.slice(0, -1).reduce((sum, segment) => sum + toSamples(segment.pauseMs), 0) +
    toSamples(TAIL_MS);
  const samples = new Float32Array(length);
  const spans: SpokenAudio['spans'] = [];
  const words: TimedWord[] = [];
  let at = toSamples(LEAD_MS);
  turn.segments.forEach((segment, index) => {
    const part = parts[index]!;
    samples.set(part, at);
    const startMs = toMs(at);
    const endMs = toMs(at + part.length);
    spans.push({ startMs, endMs });
    // Word ends spread over the segment by length: close enough for when a transcriber has them.
    const tokens = segment.text.split(/\s+/).filter((token) => token !== '');
    const letters = tokens.reduce((sum, token) => sum + token.length, 0);
    let done = 0;
    for (const token of tokens) {
      done += token.length;
      words.push({
        text: token,
        endMs: startMs + ((endMs - startMs) * done) / letters,
        endsSentence: /[.?!]$/.test(token),
      });
    }
    at += part.length + (index < turn.segments.length - 1 ? toSamples(segment.pauseMs) : 0);
  });
  return { samples, spans, words };
}
