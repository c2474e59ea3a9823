import { ruleSignals } from '../phraseRules';

/** The phrase rules' acts in the coach's labels (a rule "reflection" counts as simple). */
const RULE_TO_COACH: Record<string, string> = {
  acknowledgement: 'affirmation',
  reflection: 'simple_reflection',
  permission: 'asks_permission',
  proposal: 'advice',
};

/** The rules' signals for a line (phraseRules.ruleSignals) in the coach's labels. */
export function ruleLabelsOf(signals: readonly string[]): string[] {
  return [...new Set(signals.map((signal) => RULE_TO_COACH[signal] ?? signal))];
}

/** What the old phrase rules find in one line, in the coach's labels. */
export function ruleLabelsOfLine(text: string, previous: string): string[] {
  return ruleLabelsOf(ruleSignals(text, previous));
}
