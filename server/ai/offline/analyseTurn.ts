import { JARGON_TERMS } from './jargon';
import {
  ACKNOWLEDGEMENT,
  BENEFIT,
  CHECK_UNDERSTANDING,
  CLOSED_STARTERS,
  COST,
  DISCOURSE_MARKERS,
  EXPLAINED_AFTER,
  EXPLAINED_BEFORE,
  EXPLAINED_NEARBY,
  FACTUAL_HOW,
  GRADER_INJECTION,
  NEGATION,
  NO_TREATMENT,
  OPEN_INVITATIONS,
  OPEN_STARTERS,
  OPTIONS,
  PRESSURE,
  PROPOSAL,
  REFLECTION,
  ROLE_BREAK,
  WH_STATEMENT,
} from './lexicon';
import { foldText, splitSentences } from './text';
import type { Sentence } from './text';

/** Spoken advice gets hard to follow past this many words in one sentence. */
export const LONG_SENTENCE_WORDS = 25;

export interface JargonUse {
  term: string;
  explained: boolean;
}

export interface SentenceAnalysis {
  /** Verbatim span of the clinician's message. */
  text: string;
  words: number;
  openQuestion: boolean;
  closedQuestion: boolean;
  acknowledgement: boolean;
  reflection: boolean;
  options: boolean;
  noTreatment: boolean;
  cost: boolean;
  benefit: boolean;
  checksUnderstanding: boolean;
  pressure: boolean;
  proposal: boolean;
  /** A statement that informs (the "respond" step), as opposed to a question. */
  explanation: boolean;
  jargon: JargonUse[];
  long: boolean;
  roleBreak: boolean;
  graderInjection: boolean;
}

export interface TurnAnalysis {
  text: string;
  lower: string;
  sentences: SentenceAnalysis[];
  words: number;
  openQuestion: boolean;
  closedQuestion: boolean;
  acknowledgement: boolean;
  reflection: boolean;
  explainsOptions: boolean;
  mentionsNoTreatment: boolean;
  discussesCost: boolean;
  benefits: boolean;
  checksUnderstanding: boolean;
  pressure: boolean;
  proposal: boolean;
  explanation: boolean;
  jargonUnexplained: string[];
  jargonExplained: string[];
  longSentences: number;
  roleBreak: boolean;
  graderInjection: boolean;
  /** Addressed to the machinery rather than the patient: never counts as good practice. */
  offTask: boolean;
}

const STOPWORDS = new Set(
  'about after again also been before being could does doing done from have just like make more much really should some than that them then there they this very what when will with would your yours know think feel want going thing things right well'.split(
    ' ',
  ),
);

function contentWords(lower: string): Set<string> {
  const words = lower.match(/[a-z][a-z'-]{3,}/g) ?? [];
  return new Set(words.filter((word) => !STOPWORDS.has(word)));
}

function anyMatch(patterns: readonly RegExp[], lower: string): boolean {
  return patterns.some((pattern) => pattern.test(lower));
}

function questionKind(sentence: Sentence): { open: boolean; closed: boolean } {
  const { lower, text } = sentence;
  const endsWithQuestionMark = /\?["')\]]*$/.test(text);
  const hasTerminal = /[.!…]["')\]]*$/.test(text);
  const clauses = lower
    .split(/[,;:—–]|\s-\s/)
    .map((clause) => clause.trim().replace(DISCOURSE_MARKERS, '').trim());
  const whClause = clauses.some(
    (clause) =>
      OPEN_STARTERS.test(clause) && !FACTUAL_HOW.test(clause) && !WH_STATEMENT.test(clause),
  );
  const closedClause = clauses.some(
    (clause) => CLOSED_STARTERS.test(clause) || FACTUAL_HOW.test(clause),
  );
  // Speech recognition in the browser often drops punctuation, so an unpunctuated sentence
  // is judged by how it starts.
  const isQuestion = endsWithQuestionMark || (!hasTerminal && (whClause || closedClause));
  const open = OPEN_INVITATIONS.test(lower) || (isQuestion && whClause);
  return { open, closed: isQuestion && !open };
}

const PRESSURE_PATTERNS = PRESSURE.map((pattern) => new RegExp(pattern.source, 'g'));

/** Pressure phrases, unless negated ("you don't need to decide today") or asked about. */
function hasPressure(lower: string): boolean {
  for (const global of PRESSURE_PATTERNS) {
    global.lastIndex = 0;
    for (let match = global.exec(lower); match !== null; match = global.exec(lower)) {
      const before = lower.slice(Math.max(0, match.index - 25), match.index);
      const asked = /\b(do|does|did|would|will|if|when|what|whether|anything)\s+$/.test(before);
      if (!NEGATION.test(before) && !asked) return true;
    }
  }
  return false;
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

function echoesPatient(lower: string, patientWords: Set<string>): boolean {
  if (patientWords.size === 0 || !/\byou(r|'re)?\b/.test(lower)) return false;
  let shared = 0;
  for (const word of contentWords(lower)) if (patientWords.has(word)) shared++;
  return shared >= 2;
}

function analyseSentence(
  sentence: Sentence,
  next: Sentence | undefined,
  patientWords: Set<string>,
  judgeLength: boolean,
): SentenceAnalysis {
  const { lower } = sentence;
  const { open, closed } = questionKind(sentence);
  const options = OPTIONS.test(lower);
  const cost = COST.test(lower);
  const benefit = BENEFIT.test(lower);
  const pressure = hasPressure(lower);
  const acknowledgement = anyMatch(ACKNOWLEDGEMENT, lower);
  const reflection = anyMatch(REFLECTION, lower) || (!closed && echoesPatient(lower, patientWords));
  const checksUnderstanding = anyMatch(CHECK_UNDERSTANDING, lower);
  // Acknowledging or checking is listening, not yet answering the concern.
  const informs =
    !open && !closed && !pressure && !acknowledgement && !reflection && !checksUnderstanding;
  return {
    text: sentence.text,
    words: sentence.words,
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
  const parts = splitSentences(text);
  const patientWords = contentWords(foldText(previousPatientTurn));
  // Without any punctuation (dictated speech) sentence length cannot be judged fairly.
  const judgeLength = /[.!?…]/.test(text);
  const sentences = parts.map((part, i) =>
    analyseSentence(part, parts[i + 1], patientWords, judgeLength),
  );
  const some = (key: keyof SentenceAnalysis): boolean => sentences.some((s) => s[key] === true);
  const jargon = sentences.flatMap((s) => s.jargon);
  const roleBreak = some('roleBreak');
  const graderInjection = some('graderInjection');
  return {
    text,
    lower: foldText(text),
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
