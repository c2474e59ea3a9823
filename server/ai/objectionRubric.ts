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

export const OBJECTION_ANCHORS = [
  '1-2: objections brushed aside, argued with or met with pressure',
  '3-4: objections answered straight away, without acknowledging or exploring them',
  '5-6: objections acknowledged and answered, but not explored first or not checked',
  '7-8: each objection heard, acknowledged, explored and answered specifically',
  '9-10: all of that, and each one checked as resolved, with no dismissing or pushing',
] as const;
