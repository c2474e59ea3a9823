import { z } from 'zod';
import { translate } from './i18n/translate';
import { isSafeName, isSafeText } from './inputChecks';
import { DEFAULT_LANGUAGE, languageCodeSchema } from './languages';
import { difficultySchema } from './scenario';

/**
 * The shape of a scenario: the shipped seed files, authors' custom scenarios and the import /
 * export format all pass this one schema. Everything under `extras` is for the patient engines
 * (offline patient, prompts, hints, grader) and is never sent to a trainee: one who could read
 * the hidden concerns would have nothing left to discover. It lives in shared/ so an authoring
 * screen can check a field with the same rule the server applies.
 */

/**
 * The most every field may hold. Authoring, import and the shipped files all pass
 * this one schema, so the offline engine's work per turn and a scenario's bytes are bounded
 * for everyone: the largest scenario the schema allows is about 60 KB of JSON. The shipped
 * library uses a fraction of each.
 */
export const SCENARIO_LIMITS = {
  slug: 80,
  title: 120,
  description: 1000,
  patientProfile: 2000,
  initialMessage: 1000,
  /** A concern as the card lists it (and a stated concern's name, which must equal one). */
  concern: 120,
  /** A short text for the engines: ideas, concerns, expectations, the goal, a hidden concern. */
  note: 500,
  /** One of the patient's own lines, a reveal, a topic answer. */
  line: 400,
  hint: 300,
  hiddenConcernId: 60,
  keyword: 40,
  keywordsPerConcern: 20,
} as const;

// Read when a value fails, in the current locale (decision 049).
const atMost = (max: number) => ({
  error: () => translate('authoring.problems.maxChars', { max }),
});
const SAFE_TEXT = { error: () => translate('authoring.problems.safeText') };
const ONE_LINE = { error: () => translate('authoring.problems.oneLine') };

/** Prose: line breaks allowed, control and direction-changing characters not. */
const text = (max: number) =>
  z.string().trim().min(1).max(max, atMost(max)).refine(isSafeText, SAFE_TEXT);

/** A title or a name: one line that looks like what it is. */
const oneLine = (max: number) =>
  z.string().trim().min(1).max(max, atMost(max)).refine(isSafeName, ONE_LINE);

/** A line the patient may say: 2-4 of them so replies can vary. */
const patientLines = z.array(text(SCENARIO_LIMITS.line)).min(2).max(4);

/**
 * Topic words: lower-case words or short phrases, each a word the engine can find in a turn
 * (so with a letter or digit), as many as a concern needs and no more.
 */
const keywords = z
  .array(
    oneLine(SCENARIO_LIMITS.keyword).refine((word) => /[\p{L}\p{N}]/u.test(word), {
      error: () => translate('authoring.problems.keywordCharacter'),
    }),
  )
  .min(2)
  .max(SCENARIO_LIMITS.keywordsPerConcern);

/**
 * What a clinician's question can be about. The offline engine hears these in a clinician turn
 * and a scenario may give its patient's own answer for each.
 */
export const CONVERSATION_TOPICS = [
  'feelings',
  'cost',
  'time',
  'pain',
  'procedure',
  'risks',
  'alternatives',
  'longevity',
  'past',
  'family',
  'appearance',
  'work',
] as const;
export type ConversationTopic = (typeof CONVERSATION_TOPICS)[number];

/** Something the patient says about one of the concerns stated on the card. */
export const statedConcernSchema = z.object({
  /** Must equal one of the scenario's patientConcerns. */
  concern: oneLine(SCENARIO_LIMITS.concern),
  /** Lower-case words or short phrases in a clinician's turn that touch this concern. */
  keywords,
  /** The patient's own lines about it, from first mention to deeper; 2-4 of them. */
  lines: patientLines,
  /** What the patient says once this concern is well explained or acknowledged. */
  settled: text(SCENARIO_LIMITS.line),
});

/** Something the patient will not volunteer. */
export const hiddenConcernSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .max(SCENARIO_LIMITS.hiddenConcernId, atMost(SCENARIO_LIMITS.hiddenConcernId)),
  /** Third-person summary, for the grader and the coach. */
  concern: text(SCENARIO_LIMITS.note),
  /**
   * What kind of turn unlocks it: an open question (what/how/tell me...), an acknowledgement
   * of feelings (it sounds like / I understand / that must be...), or either.
   */
  unlock: z.enum(['open_question', 'acknowledgement', 'either']),
  /** Topic words the unlocking turn must also touch (lower case). */
  keywords,
  /** The patient's words when it finally comes out. */
  reveal: text(SCENARIO_LIMITS.line),
  /** A coaching nudge pointing at the area without giving the concern away. */
  hint: text(SCENARIO_LIMITS.hint),
});

export const patientExtrasSchema = z.object({
  /** Who speaks: the patient themself, or e.g. a parent for a child. */
  speaker: z.enum(['patient', 'parent', 'carer']),
  voice: z.object({
    gender: z.enum(['female', 'male']),
    ageGroup: z.enum(['child', 'adult', 'senior']),
  }),
  /** Ideas, concerns, expectations (the Calgary-Cambridge ICE triad) in plain words. */
  ice: z.object({
    ideas: text(SCENARIO_LIMITS.note),
    concerns: text(SCENARIO_LIMITS.note),
    expectations: text(SCENARIO_LIMITS.note),
  }),
  /** How open the patient is to the clinician's recommendation. */
  receptiveness: z.enum(['low', 'medium', 'high']),
  /** Starting state of the patient, each 0..1. */
  start: z.object({
    trust: z.number().min(0).max(1),
    anxiety: z.number().min(0).max(1),
    readiness: z.number().min(0).max(1),
  }),
  /** The treatment or step the clinician is hoping the patient will agree to. */
  goal: text(SCENARIO_LIMITS.note),
  statedConcerns: z.array(statedConcernSchema).min(2).max(4),
  hiddenConcerns: z.array(hiddenConcernSchema).min(1).max(3),
  /**
   * The patient's own answers to a direct question on a topic, in voice: 2-4 per topic, each
   * starting with a sentence that answers on its own (a closed question gets only that one).
   * Topics left out get an answer that fits the profile.
   */
  topicAnswers: z.partialRecord(z.enum(CONVERSATION_TOPICS), patientLines).optional(),
  /** In-voice lines; each list 2-4 entries so replies can vary. */
  lines: z.object({
    acceptance: patientLines,
    deferral: patientLines,
    pushback: patientLines,
    confusion: patientLines,
    neutral: patientLines,
  }),
});

/** The most characters a resource caption may have: one line under the picture. */
export const RESOURCE_CAPTION_MAX = 120;

/**
 * The line under the Resources panel's picture, written by the author. One line of
 * plain text: no control characters at all, line breaks included.
 */
export const resourceCaptionSchema = z
  .string()
  .trim()
  .min(1, { error: () => translate('authoring.problems.captionEmpty') })
  .max(RESOURCE_CAPTION_MAX, {
    error: () => translate('authoring.problems.captionMaxChars', { max: RESOURCE_CAPTION_MAX }),
  })
  .refine(isSafeName, { error: () => translate('authoring.problems.captionOneLine') });

export const scenarioSeedSchema = z
  .object({
    /** Stable key that makes seeding idempotent. */
    slug: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .max(SCENARIO_LIMITS.slug, atMost(SCENARIO_LIMITS.slug)),
    title: oneLine(SCENARIO_LIMITS.title),
    description: text(SCENARIO_LIMITS.description),
    category: z.enum([
      'Restorative',
      'Cosmetic',
      'Implants',
      'Endodontics',
      'Orthodontics',
      'Periodontics',
      'Paediatric',
      'Preventive',
      'Financial',
      'Dental Anxiety',
    ]),
    difficulty: difficultySchema,
    /**
     * The language the patient speaks and every text below is written in (decision 048).
     * Optional in the file: a scenario without one is English, as every scenario once was.
     */
    language: languageCodeSchema.default(DEFAULT_LANGUAGE),
    patientConcerns: z.array(oneLine(SCENARIO_LIMITS.concern)).min(2).max(4),
    patientProfile: text(SCENARIO_LIMITS.patientProfile),
    initialMessage: text(SCENARIO_LIMITS.initialMessage),
    /** Shown under the Resources picture instead of the caption chosen from the title. */
    resourceCaption: resourceCaptionSchema.optional(),
    extras: patientExtrasSchema,
  })
  .refine((s) => s.extras.statedConcerns.every((c) => s.patientConcerns.includes(c.concern)), {
    error: () => translate('authoring.problems.statedConcernsListed'),
  });

export type ScenarioSeed = z.infer<typeof scenarioSeedSchema>;
export type PatientExtras = z.infer<typeof patientExtrasSchema>;
export type HiddenConcern = z.infer<typeof hiddenConcernSchema>;
export type StatedConcern = z.infer<typeof statedConcernSchema>;

/**
 * Who may see a scenario: everyone (shipped with the app), its author alone, or the trainer and
 * current members of the organisation it is shared with (decision 023).
 */
export const SCENARIO_VISIBILITIES = ['shipped', 'private', 'organisation'] as const;
export const scenarioVisibilitySchema = z.enum(SCENARIO_VISIBILITIES);
export type ScenarioVisibility = z.infer<typeof scenarioVisibilitySchema>;

/** The most scenarios one import file may hold. */
export const MAX_SCENARIOS_PER_FILE = 100;

/** The import / export file (docs/scenario-format.md): one or many scenarios. */
export const scenarioFileSchema = z.object({
  scenarios: z.array(scenarioSeedSchema).min(1).max(MAX_SCENARIOS_PER_FILE),
});
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;

/** `scenarios[3].extras.hiddenConcerns[2].unlock`, the way an author finds it in the file. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

/** The value at a parse issue's path, or undefined when the path leads nowhere. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Every problem of a failed parse of `input`, one `path: message` line each. A field that is
 * not there at all says `required` (in the reader's language), whatever its rule would have said about a wrong value.
 */
export function describeIssues(error: z.ZodError, input: unknown): string[] {
  return error.issues.map((issue) => {
    const missing =
      issue.path.length > 0 && issue.code !== 'custom' && valueAt(input, issue.path) === undefined;
    const message = missing ? translate('input.missing') : issue.message;
    const at = formatIssuePath(issue.path);
    return at ? `${at}: ${message}` : message;
  });
}
