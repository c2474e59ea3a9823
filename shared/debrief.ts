import { z } from 'zod';

/**
 * The debrief of an ended conversation: what a trainer would point at in the transcript. Notes
 * on the clinician's turns, the patient's reactions and state turn by turn, what she was
 * thinking, the hidden concerns (uncovered or missed) and an informed-consent checklist kept
 * apart from the five scores. Produced only when the conversation ends, so nothing of it (the
 * hidden concerns least of all) reaches the browser while the patient can still be asked.
 *
 * Every entry points at a turn of the transcript: `turn` is its 1-based position, `messageId`
 * the stored message. The engines write `turn` only (debriefDraftSchema); the server adds the
 * ids once it has checked the turn exists and is spoken by the right side.
 */

export const TURN_NOTE_KINDS = [
  'open_question',
  'acknowledged_feeling',
  'reflection',
  'checked_understanding',
  'plain_words',
  'options_offered',
  'closed_question',
  'jargon',
  'long_sentence',
  'answered_before_exploring',
  'dismissal',
  'pressure',
  'fear_tactic',
  'missed_cue',
  'off_task',
] as const;
export const turnNoteKindSchema = z.enum(TURN_NOTE_KINDS);
export type TurnNoteKind = z.infer<typeof turnNoteKindSchema>;

export const noteToneSchema = z.enum(['good', 'concern']);
export type NoteTone = z.infer<typeof noteToneSchema>;

export const PATIENT_REACTION_KINDS = [
  'trust_up',
  'trust_down',
  'anxiety_up',
  'anxiety_down',
  'readiness_up',
  'readiness_down',
  'revealed',
  'settled',
  'agreed',
] as const;
export const patientReactionKindSchema = z.enum(PATIENT_REACTION_KINDS);
export type PatientReactionKind = z.infer<typeof patientReactionKindSchema>;

export const CONSENT_ITEMS = [
  'options',
  'risks_benefits',
  'cost',
  'understanding',
  'decision_respected',
] as const;
export const consentItemSchema = z.enum(CONSENT_ITEMS);
export type ConsentItem = z.infer<typeof consentItemSchema>;

export const consentStatusSchema = z.enum(['met', 'partly_met', 'not_met']);
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/**
 * A consent item is met, or partly met, only by something said: without a line to show it,
 * the item reads "not met", never "partly met — nothing in the conversation shows it".
 */
export function consentStatusShown(status: ConsentStatus, hasEvidence: boolean): ConsentStatus {
  return hasEvidence ? status : 'not_met';
}

/** Evidence for an item not met is what went against it; for any other, what shows it. */
export function consentEvidenceStance(status: ConsentStatus): 'for' | 'against' {
  return status === 'not_met' ? 'against' : 'for';
}

export const consentFlagKindSchema = z.enum(['pressure', 'fear_tactic']);
export type ConsentFlagKind = z.infer<typeof consentFlagKindSchema>;

const level = z.number().min(0).max(1);
const label = z.string().min(1).max(200);
const quote = z.string().min(1).max(2000);

/** One schema per way of pointing at a turn, so the draft and the stored debrief stay one shape. */
function debriefShape<Ref extends z.ZodRawShape>(ref: Ref) {
  const at = z.object(ref);
  const turnNote = z.object({
    ...ref,
    kind: turnNoteKindSchema,
    tone: noteToneSchema,
    /** Short, as a trainer would write it in the margin: `jargon: "periapical"`. */
    label,
    /** The exact words of that turn the note is about. */
    quote,
  });
  const patientReaction = z.object({
    ...ref,
    kind: patientReactionKindSchema,
    /** "trust ↑", "revealed: fear the numbing won't work". */
    label,
  });
  /** The patient's state as she speaks this turn (the opening line: where she started). */
  const patientState = z.object({
    ...ref,
    trust: level,
    anxiety: level,
    readiness: level,
    /** True when the LLM grader guessed the state from the transcript. */
    estimated: z.boolean(),
  });
  /** One line per patient turn, in the patient's voice. */
  const thought = z.object({ ...ref, text: z.string().min(1).max(400) });
  const hiddenConcern = z.object({
    /** The scenario's id for the concern. */
    id: z.string(),
    concern: z.string(),
    /** The patient turn where it came out; null when it was missed. */
    uncoveredAt: at.nullable(),
    /** The kind of question that opens it ("an acknowledgement of the feeling, about ..."). */
    openedBy: z.string(),
  });
  const consentCheck = z.object({
    item: consentItemSchema,
    status: consentStatusSchema,
    /** The clinician's words that show it, or null when nothing does. */
    evidence: z.object({ ...ref, quote }).nullable(),
  });
  const consentFlag = z.object({ ...ref, kind: consentFlagKindSchema, quote, label });
  return z.object({
    source: z.enum(['offline', 'llm']),
    notes: z.array(turnNote),
    reactions: z.array(patientReaction),
    states: z.array(patientState),
    thoughts: z.array(thought),
    hiddenConcerns: z.array(hiddenConcern),
    consent: z.object({
      checks: z.array(consentCheck),
      /** Pressure and fear tactics, flagged even when the patient agreed. */
      flags: z.array(consentFlag),
    }),
  });
}

const turnNumber = z.number().int().min(1);

export const debriefSchema = debriefShape({ turn: turnNumber, messageId: z.string() });
export type Debrief = z.infer<typeof debriefSchema>;
export type TurnNote = Debrief['notes'][number];
export type PatientReaction = Debrief['reactions'][number];
export type PatientStatePoint = Debrief['states'][number];
export type PatientThought = Debrief['thoughts'][number];
export type HiddenConcernOutcome = Debrief['hiddenConcerns'][number];
export type ConsentCheck = Debrief['consent']['checks'][number];
export type ConsentFlag = Debrief['consent']['flags'][number];

/** What an engine produces: the same, pointing at turns by position only. */
export const debriefDraftSchema = debriefShape({ turn: turnNumber });
export type DebriefDraft = z.infer<typeof debriefDraftSchema>;

/** Persuasion at or above this with consent below `POOR_CONSENT_POINTS` is called out. */
export const HIGH_PERSUASION_SCORE = 7;
/** Consent points: met 2, partly met 1, not met 0, over the five items (10 in all). */
export const POOR_CONSENT_POINTS = 6;

const STATUS_POINTS: Record<ConsentStatus, number> = { met: 2, partly_met: 1, not_met: 0 };

export function consentPoints(checks: readonly Pick<ConsentCheck, 'status'>[]): number {
  return checks.reduce((sum, check) => sum + STATUS_POINTS[check.status], 0);
}

/**
 * Persuading well is not the same as the patient deciding freely: a high persuasion score with
 * a weak consent checklist, or any pressure or fear tactic, is worth saying out loud.
 */
export function persuasionWithoutConsent(
  persuasionScore: number,
  consent: { checks: readonly Pick<ConsentCheck, 'status'>[]; flags: readonly unknown[] },
): boolean {
  if (persuasionScore < HIGH_PERSUASION_SCORE) return false;
  return consentPoints(consent.checks) < POOR_CONSENT_POINTS || consent.flags.length > 0;
}
