import { z } from 'zod';
import { difficultySchema, type Scenario } from '../../shared/scenario';

/**
 * The shape of a shipped scenario. Everything under `extras` is for the patient engines
 * (offline patient, prompts, hints, grader) and never leaves the server: a trainee who could
 * read the hidden concerns would have nothing left to discover.
 */

const nonEmpty = z.string().trim().min(1);

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
  concern: nonEmpty,
  /** Lower-case words or short phrases in a clinician's turn that touch this concern. */
  keywords: z.array(nonEmpty).min(2),
  /** The patient's own lines about it, from first mention to deeper; 2-4 of them. */
  lines: z.array(nonEmpty).min(2).max(4),
  /** What the patient says once this concern is well explained or acknowledged. */
  settled: nonEmpty,
});

/** Something the patient will not volunteer. */
export const hiddenConcernSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Third-person summary, for the grader and the coach. */
  concern: nonEmpty,
  /**
   * What kind of turn unlocks it: an open question (what/how/tell me...), an acknowledgement
   * of feelings (it sounds like / I understand / that must be...), or either.
   */
  unlock: z.enum(['open_question', 'acknowledgement', 'either']),
  /** Topic words the unlocking turn must also touch (lower case). */
  keywords: z.array(nonEmpty).min(2),
  /** The patient's words when it finally comes out. */
  reveal: nonEmpty,
  /** A coaching nudge pointing at the area without giving the concern away. */
  hint: nonEmpty,
});

export const patientExtrasSchema = z.object({
  /** Who speaks: the patient themself, or e.g. a parent for a child. */
  speaker: z.enum(['patient', 'parent', 'carer']),
  voice: z.object({
    gender: z.enum(['female', 'male']),
    ageGroup: z.enum(['child', 'adult', 'senior']),
  }),
  /** Ideas, concerns, expectations (the Calgary-Cambridge ICE triad) in plain words. */
  ice: z.object({ ideas: nonEmpty, concerns: nonEmpty, expectations: nonEmpty }),
  /** How open the patient is to the clinician's recommendation. */
  receptiveness: z.enum(['low', 'medium', 'high']),
  /** Starting state of the patient, each 0..1. */
  start: z.object({
    trust: z.number().min(0).max(1),
    anxiety: z.number().min(0).max(1),
    readiness: z.number().min(0).max(1),
  }),
  /** The treatment or step the clinician is hoping the patient will agree to. */
  goal: nonEmpty,
  statedConcerns: z.array(statedConcernSchema).min(2).max(4),
  hiddenConcerns: z.array(hiddenConcernSchema).min(1).max(3),
  /**
   * The patient's own answers to a direct question on a topic, in voice: 2-4 per topic, each
   * starting with a sentence that answers on its own (a closed question gets only that one).
   * Topics left out get an answer that fits the profile.
   */
  topicAnswers: z
    .partialRecord(z.enum(CONVERSATION_TOPICS), z.array(nonEmpty).min(2).max(4))
    .optional(),
  /** In-voice lines; each list 2-4 entries so replies can vary. */
  lines: z.object({
    acceptance: z.array(nonEmpty).min(2).max(4),
    deferral: z.array(nonEmpty).min(2).max(4),
    pushback: z.array(nonEmpty).min(2).max(4),
    confusion: z.array(nonEmpty).min(2).max(4),
    neutral: z.array(nonEmpty).min(2).max(4),
  }),
});

export const scenarioSeedSchema = z
  .object({
    /** Stable key that makes seeding idempotent. */
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: nonEmpty,
    description: nonEmpty,
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
    patientConcerns: z.array(nonEmpty).min(2).max(4),
    patientProfile: nonEmpty,
    initialMessage: nonEmpty,
    extras: patientExtrasSchema,
  })
  .refine((s) => s.extras.statedConcerns.every((c) => s.patientConcerns.includes(c.concern)), {
    message: 'every statedConcerns[].concern must be one of patientConcerns',
  });

export type ScenarioSeed = z.infer<typeof scenarioSeedSchema>;
export type PatientExtras = z.infer<typeof patientExtrasSchema>;
export type HiddenConcern = z.infer<typeof hiddenConcernSchema>;
export type StatedConcern = z.infer<typeof statedConcernSchema>;

/** A scenario as the server knows it: the public fields plus the engine extras. */
export interface ScenarioRecord extends Scenario {
  slug: string;
  extras: PatientExtras;
}
