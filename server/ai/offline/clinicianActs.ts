/** The acts the offline patient and scorer act on; the coach model's labels map onto these. */
export const CLINICIAN_ACTS = [
  'open_question',
  'closed_question',
  /** Affirming the patient, or validating a feeling or a concern as fair. */
  'acknowledgement',
  /** Handing the patient's own feeling or meaning back to them. */
  'reflection',
  /** A reflection that adds meaning: the feeling under the words, both sides, a guess. */
  'complex_reflection',
  /** Pulling together what the patient said so far. */
  'summary',
  'check_understanding',
  'information',
  /** Recommending or telling the patient what to do. */
  'advice',
  'reassurance',
  /** Brushing the worry aside ("nothing to worry about", "it is what it is"). */
  'dismissal',
  'pressure',
  /** Asking leave before informing, advising or examining. */
  'permission',
  /** Greetings, weather, fillers: talk that carries no content. */
  'small_talk',
] as const;
export type ClinicianAct = (typeof CLINICIAN_ACTS)[number];
