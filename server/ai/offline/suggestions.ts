import { plainWordsFor } from './jargon';
import { onTaskTurns } from './rubric';
import { whoFor } from './feedbackItems';
import { lowerFirst } from './textTools';
import type { ClinicianTurnReplay, ConversationReplay } from './patientState';
import type { ScenarioRecord } from '../../scenarios/schema';

/**
 * Alternative lines the trainee could have said in this scenario: a rewrite of their weakest
 * turn, a question that would have opened up what the patient kept back (without saying what
 * it was), and a next step they skipped.
 */

const MAX_SUGGESTIONS = 3;

function penalty(turn: ClinicianTurnReplay): number {
  const { analysis } = turn;
  return (
    (analysis.pressure ? 3 : 0) +
    Math.min(4, 2 * analysis.jargonUnexplained.length) +
    (turn.ignoredConcern ? 2 : 0)
  );
}

function withPlainWords(sentence: string, terms: readonly string[]): string {
  let out = sentence;
  for (const term of terms) {
    const plain = plainWordsFor(term);
    if (plain === undefined) continue;
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${term}(?![\\p{L}\\p{N}])`, 'iu'),
      `$& (${plain})`,
    );
  }
  return out;
}

function rewriteWeakestTurn(
  scenario: ScenarioRecord,
  replay: ConversationReplay,
): string | undefined {
  const turns = onTaskTurns(replay);
  const weakest = turns.reduce<ClinicianTurnReplay | undefined>(
    (worst, turn) => (penalty(turn) > (worst === undefined ? 0 : penalty(worst)) ? turn : worst),
    undefined,
  );
  if (weakest === undefined) return undefined;
  const { analysis } = weakest;
  if (analysis.pressure) {
    const quote = analysis.sentences.find((s) => s.pressure)?.text ?? analysis.text;
    return `Instead of "${quote}", try: "There's no rush to decide today. Let me go through your options, including waiting, and what each would mean for you. What would help you feel ready?"`;
  }
  const jargon = analysis.sentences.find((s) => s.jargon.some((j) => !j.explained));
  if (jargon !== undefined) {
    const terms = jargon.jargon.filter((j) => !j.explained).map((j) => j.term);
    return `Instead of "${jargon.text}", try: "${withPlainWords(jargon.text, terms)}"`;
  }
  const concern = scenario.extras.statedConcerns[weakest.raisedBefore.stated[0] ?? -1]?.concern;
  const raised = concern === undefined ? 'raised a worry' : `raised "${concern}"`;
  return `When ${whoFor(scenario)} ${raised}, instead of "${analysis.sentences[0]?.text ?? analysis.text}", try: "I can hear that's a real worry for you. Tell me more: what concerns you most about it?"`;
}

function uncoverHidden(scenario: ScenarioRecord, replay: ConversationReplay): string | undefined {
  const locked = scenario.extras.hiddenConcerns.find((_, i) => !replay.final.hidden[i]?.revealed);
  if (locked === undefined) return undefined;
  // A phrase, else the longest word, is the most specific topic to ask about.
  const topic =
    [...locked.keywords].sort(
      (a, b) => Number(b.includes(' ')) - Number(a.includes(' ')) || b.length - a.length,
    )[0] ?? 'everything else';
  return `To find out what else is on ${whoFor(scenario)}'s mind, try: "It sounds like there's a lot to weigh up. Tell me a bit about ${topic}: how does that fit in for you at the moment?"`;
}

function exploreConcern(scenario: ScenarioRecord, replay: ConversationReplay): string | undefined {
  const index = replay.final.stated.findIndex((s) => !s.explored);
  const concern = scenario.extras.statedConcerns[index]?.concern;
  if (concern === undefined) return undefined;
  return `To explore "${concern}" before answering it, try: "That's a fair question. Before I answer, what worries you most about it?"`;
}

function checkUnderstanding(replay: ConversationReplay): string | undefined {
  if (replay.turns.some((t) => !t.analysis.offTask && t.analysis.checksUnderstanding)) return;
  return `Before asking for a decision, try: "I've given you a lot of information. Can you tell me in your own words what you've taken from it, and what questions you still have?"`;
}

function offerOptions(replay: ConversationReplay): string | undefined {
  const turns = onTaskTurns(replay);
  if (turns.some((t) => t.analysis.explainsOptions && t.analysis.mentionsNoTreatment)) return;
  return `To make it a real choice, try: "There's more than one way forward, including waiting and keeping an eye on it. Can I talk you through each, so you can decide what suits you?"`;
}

function summariseAndAsk(scenario: ScenarioRecord): string {
  const concerns = scenario.extras.statedConcerns.map((c) => lowerFirst(c.concern));
  const listed =
    concerns.length > 1
      ? `${concerns.slice(0, -1).join(', ')} and ${concerns.at(-1) ?? ''}`
      : (concerns[0] ?? 'a few things');
  return `To close, try: "Let me check I've understood: what matters most to you is ${listed}. Knowing the options, including waiting, how would you like to go ahead?"`;
}

export function suggestedResponses(scenario: ScenarioRecord, replay: ConversationReplay): string[] {
  const candidates = [
    rewriteWeakestTurn(scenario, replay),
    uncoverHidden(scenario, replay),
    exploreConcern(scenario, replay),
    checkUnderstanding(replay),
    offerOptions(replay),
    summariseAndAsk(scenario),
  ];
  const out: string[] = [];
  for (const candidate of candidates) {
    if (candidate !== undefined && !out.includes(candidate)) out.push(candidate);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}
