import { CLINICIAN_ACTS } from './clinicianActs';
import type { ClinicianAct } from './clinicianActs';
import { coachModel } from './model/coachModel';
import type { CoachAct } from './model/labels';
import { countWords, foldText, splitSentences } from './textTools';
import type { Sentence } from './textTools';
import { CONVERSATION_TOPICS } from '../../scenarios/schema';
import type { ConversationTopic } from '../../scenarios/schema';

/**
 * What a clinician turn does (its acts) and what it is about (its topics), sentence by
 * sentence, as the coach model reads it (model/). Pure and independent of any scenario, so the
 * patient, the grader and a debrief all read the same understanding of a turn.
 */

export { CLINICIAN_ACTS, CONVERSATION_TOPICS };
export type { ClinicianAct, ConversationTopic };
export {
  contentWords,
  hasPressure,
  normaliseSpeech,
  runsDownOthers,
  topicsOf,
} from './phraseRules';

export interface SentenceUnderstanding {
  /** Verbatim span of the clinician's message. */
  text: string;
  acts: ClinicianAct[];
  /** Most confident first. */
  topics: ConversationTopic[];
}

export interface TurnUnderstanding {
  text: string;
  acts: ClinicianAct[];
  topics: ConversationTopic[];
  sentences: SentenceUnderstanding[];
  /** The question the patient should answer: the turn's last one, if it asks any. */
  question: { kind: 'open' | 'closed'; text: string; topics: ConversationTopic[] } | null;
}

const FROM_MODEL: Record<CoachAct, readonly ClinicianAct[]> = {
  open_question: ['open_question'],
  closed_question: ['closed_question'],
  simple_reflection: ['reflection'],
  complex_reflection: ['reflection', 'complex_reflection'],
  affirmation: ['acknowledgement'],
  summary: ['summary', 'reflection'],
  information: ['information'],
  advice: ['advice'],
  asks_permission: ['permission'],
  check_understanding: ['check_understanding'],
  reassurance: ['reassurance'],
  dismissal: ['dismissal', 'reassurance'],
  pressure: ['pressure'],
  small_talk: ['small_talk'],
};

function understandSentence(text: string, previous: string): SentenceUnderstanding {
  const reading = coachModel().read(text, previous);
  const acts = new Set(reading.acts.flatMap((act) => FROM_MODEL[act]));
  return {
    text,
    acts: CLINICIAN_ACTS.filter((act) => acts.has(act)),
    topics: reading.topics,
  };
}

/**
 * A clinician turn's sentences, each a verbatim span. A dictated turn (no sentence punctuation
 * at all) comes as one run, so it is cut into its clauses first: read whole, a run that greets,
 * explains and asks is judged as a blur of all three.
 */
export function turnSentences(text: string): Sentence[] {
  const sentences = splitSentences(text);
  if (/[.!?…]/.test(text)) return sentences;
  return sentences.flatMap((sentence) =>
    coachModel()
      .clauses(sentence.text)
      .map((clause) => ({ text: clause, lower: foldText(clause), words: countWords(clause) })),
  );
}

/** What one clinician turn does and is about. */
export function understandTurn(text: string, previousPatientText = ''): TurnUnderstanding {
  const sentences = turnSentences(text).map((sentence) =>
    understandSentence(sentence.text, previousPatientText),
  );
  const acts = CLINICIAN_ACTS.filter((act) => sentences.some((s) => s.acts.includes(act)));
  const topics = [...new Set(sentences.flatMap((s) => s.topics))];
  const asked = sentences.findLast(
    (s) => s.acts.includes('open_question') || s.acts.includes('closed_question'),
  );
  // A question names its topic in the sentence or, as in "The crown is £450. Is that okay?",
  // takes it from the one before.
  const question =
    asked === undefined
      ? null
      : {
          kind: asked.acts.includes('open_question') ? ('open' as const) : ('closed' as const),
          text: asked.text,
          topics: asked.topics.length > 0 ? asked.topics : topics,
        };
  return { text, acts, topics, sentences, question };
}
