import { en } from '#shared/i18n/en';
import { translate } from '#shared/i18n/translate';

/**
 * The objection-handling rubric. Objection handling is scored on LAER (Listen, Acknowledge, Explore, Respond) with a final
 * check that the concern is resolved. The same anchors go to the AI grader and into the
 * feedback a trainee reads, so both explain a score in the same terms.
 */
export const OBJECTION_STEPS = {
  listen: 'Listen: let the patient state the objection fully before you reply.',
  acknowledge: "Acknowledge: name the concern in the patient's own terms.",
  explore: 'Explore: ask what is behind it before you answer.',
  respond:
    'Respond: answer that specific concern with facts and options, and offer something to take away (records, figures, written questions).',
  check: 'Check: ask whether your answer has resolved it.',
} as const;

export const OBJECTION_PENALTIES = [
  'reassurance that dismisses the worry ("nothing to worry about", "not a big deal")',
  'answering before exploring',
  'talking the patient out of a second opinion, or running down another clinician',
  'fear-based urgency',
  'asking to book before the concerns are explored',
] as const;

/**
 * The bands' ranges; their meanings live in the catalogues (`offlineReport.objectionBands`), so
 * the offline report can explain a score in the reader's language with the grader's anchors.
 */
const OBJECTION_BANDS = [
  { range: '1-2', key: 'lowest' },
  { range: '3-4', key: 'low' },
  { range: '5-6', key: 'middle' },
  { range: '7-8', key: 'high' },
  { range: '9-10', key: 'highest' },
] as const;

/** The grader's anchors, in English whatever the request's locale (the prompts are English). */
export const OBJECTION_ANCHORS: readonly string[] = OBJECTION_BANDS.map(
  ({ range, key }) => `${range}: ${en.offlineReport.objectionBands[key]}`,
);

/** The band a score falls in, its meaning in the current locale. */
export function objectionBand(score: number): { range: string; meaning: string } {
  const band = OBJECTION_BANDS[Math.min(4, Math.max(0, Math.ceil(score / 2) - 1))]!;
  return {
    range: band.range,
    meaning: translate(`offlineReport.objectionBands.${band.key}`),
  };
}
