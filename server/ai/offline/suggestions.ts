import { inPlainWords } from './jargon';
import { understandTurn } from './clinicianTurn';
import { onTaskTurns } from './rubric';
import { reportText, whoParams } from './reportText';
import type { ClinicianTurnReplay, ConversationReplay } from './patientState';
import type { ConversationTopic, ScenarioRecord } from '../../scenarios/schema';

/**
 * Alternative lines the trainee could have said in this scenario (in the conversation's language,
 * English for the offline patient; what frames them is in the reader's, via reportText): a rewrite of their weakest
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
    return reportText('suggestion.insteadOf', {
      quote,
      line: "There's no rush to decide today. Let me go through your options, including waiting, and what each would mean for you. What would help you feel ready?",
    });
  }
  const jargon = analysis.sentences.find((s) => s.jargon.some((j) => !j.explained));
  if (jargon !== undefined) {
    // Every term swapped, not only the first: the rewrite says no jargon at all.
    return reportText('suggestion.insteadOf', {
      quote: jargon.text,
      line: inPlainWords(jargon.text),
    });
  }
  const concern = scenario.extras.statedConcerns[weakest.raisedBefore.stated[0] ?? -1]?.concern;
  const said = {
    ...whoParams(scenario),
    quote: analysis.sentences[0]?.text ?? analysis.text,
    line: "I can hear that's a real worry for you. Tell me more: what concerns you most about it?",
  };
  return concern === undefined
    ? reportText('suggestion.whenWorried', said)
    : reportText('suggestion.whenRaised', { ...said, concern });
}

/**
 * What to ask about, in words that fit "Tell me a bit about ..." whatever the scenario: a
 * hidden concern's keywords give its topic, and each topic has its own grammatical phrase.
 */
const ASK_ABOUT: Record<ConversationTopic, string> = {
  feelings: 'how you are feeling about all this',
  cost: 'how the cost sits with you',
  time: 'how the appointments would fit around everything else',
  pain: 'any discomfort you have had',
  procedure: 'what you have heard about the treatment itself',
  risks: 'anything that worries you about how it could go',
  alternatives: 'the other ways forward you have thought about',
  longevity: 'how long you would want it to last',
  past: 'how things have gone for you before',
  family: 'what the people around you think',
  appearance: 'how you feel about the way your teeth look',
  work: 'how this fits in with work and everyday life',
};

function uncoverHidden(scenario: ScenarioRecord, replay: ConversationReplay): string | undefined {
  const locked = scenario.extras.hiddenConcerns.find((_, i) => !replay.final.hidden[i]?.revealed);
  if (locked === undefined) return undefined;
  const topic = understandTurn(locked.keywords.join(', ')).topics[0];
  const about = topic === undefined ? 'anything else that is on your mind' : ASK_ABOUT[topic];
  return reportText('suggestion.uncover', {
    ...whoParams(scenario),
    line: `It sounds like there's a lot to weigh up. Tell me a bit about ${about}.`,
  });
}

function exploreConcern(scenario: ScenarioRecord, replay: ConversationReplay): string | undefined {
  const index = replay.final.stated.findIndex((s) => !s.explored);
  const concern = scenario.extras.statedConcerns[index]?.concern;
  if (concern === undefined) return undefined;
  return reportText('suggestion.explore', {
    concern,
    line: "That's a fair question. Before I answer, what worries you most about it?",
  });
}

function checkUnderstanding(replay: ConversationReplay): string | undefined {
  if (replay.turns.some((t) => !t.analysis.offTask && t.analysis.checksUnderstanding)) return;
  return reportText('suggestion.check', {
    line: "I've given you a lot of information. Can you tell me in your own words what you've taken from it, and what questions you still have?",
  });
}

function offerOptions(replay: ConversationReplay): string | undefined {
  const turns = onTaskTurns(replay);
  if (turns.some((t) => t.analysis.explainsOptions && t.analysis.mentionsNoTreatment)) return;
  return reportText('suggestion.options', {
    line: "There's more than one way forward, including waiting and keeping an eye on it. Can I talk you through each, so you can decide what suits you?",
  });
}

/** What a concern is about, as a noun phrase that fits "what matters most to you is ...". */
const MATTERS: Record<ConversationTopic, string> = {
  feelings: 'how you feel about it',
  cost: 'the cost',
  time: 'the time it takes',
  pain: 'whether it will hurt',
  procedure: 'what the treatment involves',
  risks: 'what could go wrong',
  alternatives: 'the other options',
  longevity: 'how long it will last',
  past: 'what happened before',
  family: 'what the people close to you think',
  appearance: 'how it will look',
  work: 'how it fits around work and daily life',
};

export function summariseAndAsk(scenario: ScenarioRecord): string {
  // Each concern by its topic, never its label spliced in: a label like "was it done wrong"
  // does not read as part of a sentence.
  const phrases = [
    ...new Set(
      scenario.extras.statedConcerns.flatMap((c) => {
        const topic = understandTurn(c.concern).topics[0];
        return topic === undefined ? [] : [MATTERS[topic]];
      }),
    ),
  ];
  const listed =
    phrases.length > 1
      ? `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1) ?? ''}`
      : (phrases[0] ?? 'getting this right for you');
  return reportText('suggestion.close', {
    line: `Let me check I've understood: what matters most to you is ${listed}. Knowing the options, including waiting, how would you like to go ahead?`,
  });
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
