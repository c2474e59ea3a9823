import { FEAR_TACTIC } from './lexicon';
import { reportText } from './reportText';
import { scenarioIndex } from './scenarioIndex';
import { foldText, lowerFirst } from './textTools';
import type { SentenceAnalysis } from './analyseTurn';
import type { ClinicianTurnReplay, PatientState } from './patientState';
import type { DebriefDraft, NoteTone, TurnNoteKind } from '#shared/debrief';
import type { ScenarioRecord } from '../../scenarios/schema';

/**
 * The margin notes on one clinician turn, read off the offline engine's own analysis of it.
 * Each note quotes the sentence it is about, a verbatim span of the turn.
 */

export type DraftNote = DebriefDraft['notes'][number];

export function usesFearTactic(sentence: Pick<SentenceAnalysis, 'text'>): boolean {
  const lower = foldText(sentence.text);
  return FEAR_TACTIC.some((pattern) => pattern.test(lower));
}

function concernName(scenario: ScenarioRecord, index: number): string | undefined {
  const concern = scenario.extras.statedConcerns[index]?.concern;
  return concern === undefined ? undefined : lowerFirst(concern);
}

/** What the patient had just brought up, in a word or two: a stated concern, else a topic. */
function cueName(scenario: ScenarioRecord, turn: ClinicianTurnReplay): string | undefined {
  const stated = turn.raisedBefore.stated[0];
  if (stated !== undefined) return concernName(scenario, stated);
  const hidden = turn.raisedBefore.hidden[0];
  return hidden === undefined ? undefined : scenario.extras.hiddenConcerns[hidden]?.keywords[0];
}

/** Whether a sentence names the stated concern by one of its keywords. */
function namesConcern(scenario: ScenarioRecord, sentence: string, index: number): boolean {
  return (scenarioIndex(scenario).mentions(sentence).stated[index] ?? 0) > 0;
}

/** Stated concerns this turn answered before ever exploring them. */
function answeredEarly(before: PatientState, after: PatientState): number[] {
  return after.stated.flatMap((progress, i) =>
    progress.answered &&
    before.stated[i]?.answered !== true &&
    progress.exploredBeforeAnswer === false
      ? [i]
      : [],
  );
}

export function turnNotes(
  scenario: ScenarioRecord,
  turn: ClinicianTurnReplay,
  before: PatientState,
): DraftNote[] {
  const number = turn.historyIndex + 1;
  const { sentences } = turn.analysis;
  const notes: DraftNote[] = [];
  const add = (
    kind: TurnNoteKind,
    tone: NoteTone,
    label: string,
    sentence: SentenceAnalysis | undefined,
  ) => {
    if (sentence === undefined) return;
    if (notes.some((n) => n.kind === kind && n.label === label)) return;
    notes.push({ turn: number, kind, tone, label, quote: sentence.text });
  };
  const first = (test: (s: SentenceAnalysis) => boolean) => sentences.find(test);

  if (turn.analysis.offTask) {
    add(
      'off_task',
      'concern',
      reportText('note.offTask'),
      first((s) => s.roleBreak || s.graderInjection) ?? sentences[0],
    );
    return notes;
  }

  const pronoun = reportText(`note.pronoun.${scenario.extras.voice.gender}`);
  if (turn.ignoredConcern) {
    const name = cueName(scenario, turn);
    add(
      'missed_cue',
      'concern',
      name === undefined
        ? reportText('note.missedCue', { pronoun })
        : reportText('note.missedCueNamed', { pronoun, name }),
      sentences[0],
    );
  }
  for (const sentence of sentences) {
    if (sentence.pressure) add('pressure', 'concern', reportText('note.pressure'), sentence);
    if (usesFearTactic(sentence)) {
      add('fear_tactic', 'concern', reportText('note.fearTactic'), sentence);
    }
    if (sentence.dismissal) add('dismissal', 'concern', reportText('note.dismissal'), sentence);
    for (const jargon of sentence.jargon) {
      const term = { term: jargon.term };
      if (jargon.explained)
        add('plain_words', 'good', reportText('note.plainWords', term), sentence);
      else add('jargon', 'concern', reportText('note.jargon', term), sentence);
    }
    if (sentence.long) {
      const words = { words: sentence.words };
      add('long_sentence', 'concern', reportText('note.longSentence', words), sentence);
    }
  }
  for (const index of answeredEarly(before, turn.state)) {
    const name = concernName(scenario, index);
    add(
      'answered_before_exploring',
      'concern',
      name === undefined
        ? reportText('note.answeredEarly')
        : reportText('note.answeredEarlyNamed', { name }),
      first((s) => s.explanation && namesConcern(scenario, s.text, index)) ??
        first((s) => s.explanation) ??
        sentences[0],
    );
  }

  const clean = (s: SentenceAnalysis) => !s.pressure && !s.dismissal;
  add(
    'open_question',
    'good',
    reportText('note.openQuestion'),
    first((s) => s.openQuestion && clean(s)),
  );
  add(
    'acknowledged_feeling',
    'good',
    reportText('note.acknowledged'),
    first((s) => s.acknowledgement && clean(s)),
  );
  const reflection = first((s) => s.reflection && !s.acknowledgement && clean(s));
  add(
    'reflection',
    'good',
    reflection?.acts.includes('complex_reflection') === true
      ? reportText('note.complexReflection')
      : reportText('note.reflection'),
    reflection,
  );
  // A closed question is fine to check a fact; it is worth a note when the turn asks nothing
  // open, since a yes or no is all it invites.
  if (!turn.analysis.openQuestion)
    add(
      'closed_question',
      'concern',
      reportText('note.closedQuestion'),
      first((s) => s.closedQuestion && !s.checksUnderstanding && !s.acts.includes('permission')),
    );
  add(
    'checked_understanding',
    'good',
    reportText('note.checkedUnderstanding'),
    first((s) => s.checksUnderstanding),
  );
  const noTreatment = first((s) => s.noTreatment && clean(s));
  if (noTreatment !== undefined)
    add('options_offered', 'good', reportText('note.offeredWaiting'), noTreatment);
  else
    add(
      'options_offered',
      'good',
      reportText('note.offeredOptions'),
      first((s) => s.options && clean(s)),
    );
  return notes;
}
