import { runsDownOthers, turnSentences, understandTurn } from './clinicianTurn';
import type { ClinicianAct, ConversationTopic, TurnUnderstanding } from './clinicianTurn';
import { JARGON_TERMS } from './jargon';
import {
  BENEFIT,
  COST,
  EXPLAINED_AFTER,
  EXPLAINED_BEFORE,
  EXPLAINED_NEARBY,
  GRADER_INJECTION,
  NO_TREATMENT,
  OPTIONS,
  PROPOSAL,
  ROLE_BREAK,
  TAKE_AWAY,
} from './lexicon';
import { foldText } from './textTools';
import type { Sentence } from './textTools';

/** Spoken advice gets hard to follow past this many words in one sentence. */
export const LONG_SENTENCE_WORDS = 25;

export interface JargonUse {
  term: string;
  explained: boolean;
}

/** The moves a sentence, or a whole turn, makes (true when any of its sentences does). */
interface ClinicianMoves {
  openQuestion: boolean;
  closedQuestion: boolean;
  acknowledgement: boolean;
  reflection: boolean;
  checksUnderstanding: boolean;
  pressure: boolean;
  /** Reassurance that brushes the worry aside, or talks the patient out of another opinion. */
  dismissal: boolean;
  /** Talks the patient out of another opinion, or runs down another clinician. */
  runsDownOthers: boolean;
  /** Records, figures or written questions offered to take away. */
  takeAway: boolean;
  proposal: boolean;
  /** A statement that informs (the "respond" step), as opposed to a question. */
  explanation: boolean;
}

export interface SentenceAnalysis extends ClinicianMoves {
  /** Verbatim span of the clinician's message. */
  text: string;
  words: number;
  /** What the sentence does and is about (see clinicianTurn.ts). */
  acts: ClinicianAct[];
  topics: ConversationTopic[];
  options: boolean;
  noTreatment: boolean;
  cost: boolean;
  benefit: boolean;
  jargon: JargonUse[];
  long: boolean;
  roleBreak: boolean;
  graderInjection: boolean;
}

export interface TurnAnalysis extends ClinicianMoves {
  text: string;
  lower: string;
  /** Acts, topics and the question to answer, for the patient and any later debrief. */
  understanding: TurnUnderstanding;
  sentences: SentenceAnalysis[];
  words: number;
  explainsOptions: boolean;
  mentionsNoTreatment: boolean;
  discussesCost: boolean;
  benefits: boolean;
  jargonUnexplained: string[];
  jargonExplained: string[];
  longSentences: number;
  roleBreak: boolean;
  graderInjection: boolean;
  /** Addressed to the machinery rather than the patient: never counts as good practice. */
  offTask: boolean;
}

function anyMatch(patterns: readonly RegExp[], lower: string): boolean {
  return patterns.some((pattern) => pattern.test(lower));
}

const JARGON_PATTERNS = JARGON_TERMS.map(
  (term) => [term, new RegExp(`(?<![a-z0-9])${term}(?![a-z0-9])`, 'g')] as const,
);

function findJargon(sentence: Sentence, next: Sentence | undefined): JargonUse[] {
  const found: JargonUse[] = [];
  const taken: Array<[number, number]> = [];
  for (const [term, pattern] of JARGON_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(sentence.lower); match !== null;) {
      const start = match.index;
      const end = start + match[0].length;
      if (!taken.some(([from, to]) => start < to && end > from)) {
        taken.push([start, end]);
        const after = sentence.lower.slice(end);
        const before = sentence.lower.slice(0, start);
        const explained =
          EXPLAINED_AFTER.test(after) ||
          EXPLAINED_BEFORE.test(before) ||
          EXPLAINED_NEARBY.test(`${after} ${next?.lower ?? ''}`);
        found.push({ term, explained });
      }
      match = pattern.exec(sentence.lower);
    }
  }
  return found;
}

function analyseSentence(
  sentence: Sentence,
  next: Sentence | undefined,
  understood: { acts: ClinicianAct[]; topics: ConversationTopic[] },
  judgeLength: boolean,
): SentenceAnalysis {
  const { lower } = sentence;
  const { acts } = understood;
  const open = acts.includes('open_question');
  const closed = acts.includes('closed_question');
  const options = OPTIONS.test(lower);
  const cost = COST.test(lower);
  const benefit = BENEFIT.test(lower);
  const pressure = acts.includes('pressure');
  const acknowledgement = acts.includes('acknowledgement');
  const reflection = acts.includes('reflection');
  const checksUnderstanding = acts.includes('check_understanding');
  const dismissal = acts.includes('dismissal');
  // Acknowledging or checking is listening, not yet answering the concern.
  const informs =
    !open &&
    !closed &&
    !pressure &&
    !dismissal &&
    !acknowledgement &&
    !reflection &&
    !checksUnderstanding;
  return {
    text: sentence.text,
    words: sentence.words,
    acts,
    topics: understood.topics,
    openQuestion: open,
    closedQuestion: closed,
    acknowledgement,
    reflection,
    options,
    noTreatment: NO_TREATMENT.test(lower),
    cost,
    benefit,
    checksUnderstanding,
    pressure,
    dismissal,
    runsDownOthers: runsDownOthers(sentence.text),
    takeAway: TAKE_AWAY.test(lower),
    proposal: anyMatch(PROPOSAL, lower),
    explanation: informs && (sentence.words >= 6 || options || cost || benefit),
    jargon: findJargon(sentence, next),
    long: judgeLength && sentence.words > LONG_SENTENCE_WORDS,
    roleBreak: anyMatch(ROLE_BREAK, lower),
    graderInjection: anyMatch(GRADER_INJECTION, lower),
  };
}

/**
 * What one clinician turn does, sentence by sentence. `previousPatientTurn` lets a turn count
 * as a reflection when it hands the patient's own words back to them.
 */
export function analyseTurn(text: string, previousPatientTurn = ''): TurnAnalysis {
  const parts = turnSentences(text);
  const understanding = understandTurn(text, previousPatientTurn);
  // Without any punctuation (dictated speech) sentence length cannot be judged fairly.
  const judgeLength = /[.!?…]/.test(text);
  const sentences = parts.map((part, i) =>
    analyseSentence(
      part,
      parts[i + 1],
      understanding.sentences[i] ?? { acts: [], topics: [] },
      judgeLength,
    ),
  );
  const some = (key: keyof SentenceAnalysis): boolean => sentences.some((s) => s[key] === true);
  const jargon = sentences.flatMap((s) => s.jargon);
  const roleBreak = some('roleBreak');
  const graderInjection = some('graderInjection');
  return {
    text,
    lower: foldText(text),
    understanding,
    sentences,
    words: sentences.reduce((sum, s) => sum + s.words, 0),
    openQuestion: some('openQuestion'),
    closedQuestion: some('closedQuestion'),
    acknowledgement: some('acknowledgement'),
    reflection: some('reflection'),
    explainsOptions: some('options'),
    mentionsNoTreatment: some('noTreatment'),
    discussesCost: some('cost'),
    benefits: some('benefit'),
    checksUnderstanding: some('checksUnderstanding'),
    pressure: some('pressure'),
    dismissal: some('dismissal'),
    runsDownOthers: some('runsDownOthers'),
    takeAway: some('takeAway'),
    proposal: some('proposal'),
    explanation: some('explanation'),
    jargonUnexplained: jargon.filter((j) => !j.explained).map((j) => j.term),
    jargonExplained: jargon.filter((j) => j.explained).map((j) => j.term),
    longSentences: sentences.filter((s) => s.long).length,
    roleBreak,
    graderInjection,
    offTask: roleBreak || graderInjection,
  };
}
