import { z } from 'zod';
import { SCORES } from './skills';

/**
 * Spec §5: a generated feedback is accepted only if all five scores are numbers from 1 to 10
 * and the three lists are non-empty; otherwise the text is scanned for JSON, then for scores
 * and bullet lines, and the last resort is 5 everywhere with generic texts.
 */

const score = z.number().min(1).max(10);

export const feedbackScoresSchema = z.object({
  overallScore: score,
  empathyScore: score,
  clarityScore: score,
  persuasionScore: score,
  objectionHandlingScore: score,
});
export type FeedbackScores = z.infer<typeof feedbackScoresSchema>;
export type ScoreKey = keyof FeedbackScores;

/** The five scores in the report's order (shared/skills.ts names them). */
export const SCORE_KEYS: readonly ScoreKey[] = SCORES.map((s) => s.feedbackKey);

export const feedbackItemSchema = z.object({
  text: z.string(),
  /** A verbatim quote of the trainee's own words that supports the point, or null. */
  quote: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackFallbackSchema = z.enum(['json_in_text', 'text_scan', 'default']);
export type FeedbackFallback = z.infer<typeof feedbackFallbackSchema>;

/**
 * The one feedback shape: what a grader returns, what the database stores and what the API
 * sends. `fallback` is null when the grader's answer passed validation as it was; otherwise it
 * names the spec §5 fallback that produced it.
 */
export const feedbackSchema = feedbackScoresSchema.extend({
  strengths: z.array(feedbackItemSchema),
  areasForImprovement: z.array(feedbackItemSchema),
  suggestedResponses: z.array(z.string()),
  fallback: feedbackFallbackSchema.nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** Spec §9: feedback lists hold at most 3 items. */
export const MAX_FEEDBACK_ITEMS = 3;
/** Spec §9: fallback feedback scores. */
export const FALLBACK_SCORE = 5;

const DEFAULT_STRENGTHS: readonly string[] = [
  'You kept the conversation going and gave the patient room to respond.',
  'You stayed focused on the treatment the patient needs.',
];
const DEFAULT_AREAS: readonly string[] = [
  "Ask more open questions to uncover the patient's real concerns.",
  'Acknowledge how the patient feels before explaining the treatment.',
];
const DEFAULT_SUGGESTIONS: readonly string[] = [
  'What worries you most about this treatment?',
  'It sounds like this has been on your mind. Can you tell me more about it?',
];

export function defaultFeedback(): Feedback {
  return {
    overallScore: FALLBACK_SCORE,
    empathyScore: FALLBACK_SCORE,
    clarityScore: FALLBACK_SCORE,
    persuasionScore: FALLBACK_SCORE,
    objectionHandlingScore: FALLBACK_SCORE,
    strengths: DEFAULT_STRENGTHS.map((text) => ({ text, quote: null })),
    areasForImprovement: DEFAULT_AREAS.map((text) => ({ text, quote: null })),
    suggestedResponses: [...DEFAULT_SUGGESTIONS],
    fallback: 'default',
  };
}

/** Spec §9: green at 8 or more, yellow at 6 or more, otherwise red. */
export function feedbackBarColour(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 8) return 'green';
  if (score >= 6) return 'yellow';
  return 'red';
}

// The original product stored snake_case columns, so graders prompted from older text still
// answer in that shape; both spellings mean the same field.
const SNAKE_CASE: Record<string, string> = {
  ...Object.fromEntries(SCORES.map((s) => [s.feedbackKey, s.column])),
  areasForImprovement: 'areas_for_improvement',
  suggestedResponses: 'suggested_responses',
};

function field(record: Record<string, unknown>, key: string): unknown {
  if (key in record) return record[key];
  const snake = SNAKE_CASE[key];
  return snake === undefined ? undefined : record[snake];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toItem(value: unknown): FeedbackItem | null {
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : { text, quote: null };
  }
  if (!isRecord(value) || typeof value.text !== 'string') return null;
  const text = value.text.trim();
  if (text === '') return null;
  const quote = typeof value.quote === 'string' && value.quote.trim() !== '' ? value.quote : null;
  return { text, quote };
}

/** Items that are neither strings nor {text} are dropped; null when nothing usable is left. */
function toItems(value: unknown): FeedbackItem[] | null {
  if (!Array.isArray(value)) return null;
  const items = value.map(toItem).filter((item): item is FeedbackItem => item !== null);
  return items.length === 0 ? null : items.slice(0, MAX_FEEDBACK_ITEMS);
}

/** The §5 acceptance test. Returns the normalised feedback, or null when it must fall back. */
export function validateFeedback(raw: unknown): Feedback | null {
  if (!isRecord(raw)) return null;
  const scores = feedbackScoresSchema.safeParse(
    Object.fromEntries(SCORE_KEYS.map((key) => [key, field(raw, key)])),
  );
  if (!scores.success) return null;
  const strengths = toItems(field(raw, 'strengths'));
  const areasForImprovement = toItems(field(raw, 'areasForImprovement'));
  const suggestions = toItems(field(raw, 'suggestedResponses'));
  if (!strengths || !areasForImprovement || !suggestions) return null;
  return {
    ...scores.data,
    strengths,
    areasForImprovement,
    suggestedResponses: suggestions.map((item) => item.text),
    fallback: null,
  };
}

export function parseFeedbackText(text: string): Feedback {
  const whole = tryJson(text.trim());
  const direct = whole === undefined ? null : validateFeedback(whole);
  if (direct) return direct;

  for (const candidate of jsonCandidates(text)) {
    const embedded = validateFeedback(tryJson(candidate));
    if (embedded) return { ...embedded, fallback: 'json_in_text' };
  }

  const scanned = scanText(text);
  if (scanned) return { ...scanned, fallback: 'text_scan' };

  return defaultFeedback();
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Fenced blocks first (the usual way a chat model wraps JSON), then every balanced {...}. */
function* jsonCandidates(text: string): Generator<string> {
  for (const match of text.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g)) {
    if (match[1] !== undefined) yield match[1].trim();
  }
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    const end = matchingBrace(text, start);
    if (end !== -1) yield text.slice(start, end + 1);
  }
}

/** Index of the brace closing the one at `start`, skipping braces inside JSON strings. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '{') {
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const SCORE_LABELS: ReadonlyArray<readonly [ScoreKey, RegExp]> = [
  ['overallScore', /overall/i],
  ['empathyScore', /empathy/i],
  ['clarityScore', /clarity/i],
  ['persuasionScore', /persuasion/i],
  ['objectionHandlingScore', /objections?[\s_-]*handling/i],
];

/**
 * A label, then at most 40 characters without digits, then the number. Prose such as
 * "Overall, you raised 3 points" must not read as a score, so the gap has to hold a separator
 * (":", "-", "=") or the number has to be followed by "/10" or "out of 10".
 */
function findScore(text: string, label: RegExp): number | null {
  const pattern = new RegExp(
    `${label.source}([^\\d\\n]{0,40}?)(\\d+(?:\\.\\d+)?)(\\s*(?:\\/|out of)\\s*10)?`,
    'gi',
  );
  for (const match of text.matchAll(pattern)) {
    const gap = match[1] ?? '';
    const outOfTen = match[3] !== undefined;
    if (!outOfTen && !/[:=\-–—]/.test(gap)) continue;
    const value = Number(match[2]);
    if (value >= 1 && value <= 10) return value;
  }
  return null;
}

type Section = 'strengths' | 'areas' | 'suggestions';

const HEADINGS: ReadonlyArray<readonly [Section, RegExp]> = [
  ['strengths', /^(?:key\s+)?strengths?$/i],
  [
    'areas',
    /^(?:areas?\s+(?:for|of|to)\s+(?:improvement|improve|work\s+on)|improvements?|weaknesses)$/i,
  ],
  [
    'suggestions',
    /^suggest(?:ed|ions?)?(?:\s+alternative)?(?:\s+(?:responses?|phrases?|phrasing))?$/i,
  ],
];

const BULLET = /^\s*(?:[-*•‣–]|\d{1,2}[.)])\s+(.*)$/;

/** Strips markdown emphasis and heading marks so "## **Strengths:**" reads as "Strengths". */
function headingOf(line: string): { section: Section; rest: string } | null {
  const plain = line
    .replace(/^\s*#{1,6}\s*/, '')
    .replace(/[*_]/g, '')
    .trim();
  const split = /^(.*?)\s*(?::|\s[-–—]\s)\s*(.*)$/.exec(plain);
  const label = split ? (split[1] ?? '') : plain;
  const rest = split ? (split[2] ?? '').trim() : '';
  for (const [section, pattern] of HEADINGS) {
    if (pattern.test(label.trim())) return { section, rest };
  }
  return null;
}

function firstQuoted(text: string): string | null {
  const match = /"([^"]{3,})"|“([^”]{3,})”/.exec(text);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function cleanBullet(text: string): string {
  return text.replace(/\*\*/g, '').trim();
}

function scanText(text: string): Omit<Feedback, 'fallback'> | null {
  const found = SCORE_LABELS.map(([key, label]) => [key, findScore(text, label)] as const);

  const lists: Record<Section, string[]> = { strengths: [], areas: [], suggestions: [] };
  let section: Section | null = null;
  for (const line of text.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const heading = bullet ? null : headingOf(line);
    if (heading) {
      section = heading.section;
      if (heading.rest !== '') lists[section].push(cleanBullet(heading.rest));
    } else if (bullet && section) {
      const item = cleanBullet(bullet[1] ?? '');
      if (item !== '') lists[section].push(item);
    } else if (line.trim() !== '' && !bullet) {
      // A non-bullet line that is not a heading closes the list (e.g. a "Scores" block).
      if (/^\s*#|:\s*$|^\s*\*\*[^*]+\*\*:?\s*$/.test(line)) section = null;
    }
  }

  const anyScore = found.some(([, value]) => value !== null);
  const anyItem = Object.values(lists).some((items) => items.length > 0);
  if (!anyScore && !anyItem) return null;

  const fallback = defaultFeedback();
  const scores = Object.fromEntries(
    found.map(([key, value]) => [key, value ?? FALLBACK_SCORE]),
  ) as FeedbackScores;
  const asItems = (items: string[]): FeedbackItem[] =>
    items.slice(0, MAX_FEEDBACK_ITEMS).map((item) => ({ text: item, quote: firstQuoted(item) }));
  return {
    ...scores,
    strengths: lists.strengths.length > 0 ? asItems(lists.strengths) : fallback.strengths,
    areasForImprovement:
      lists.areas.length > 0 ? asItems(lists.areas) : fallback.areasForImprovement,
    suggestedResponses:
      lists.suggestions.length > 0
        ? lists.suggestions.slice(0, MAX_FEEDBACK_ITEMS)
        : fallback.suggestedResponses,
  };
}
