import { isInterfaceLocale } from '#shared/i18n/locales';
import { translate, type TextKey, type TextParams } from '#shared/i18n/translate';
import { requestLocale, runInLocale } from '../../i18n/localeContext';
import type { ConversationSoFar } from '../types';
import type { ScenarioRecord } from '../../scenarios/schema';

/**
 * The offline report's sentences (issue 28, decision 049): read from the catalogues' section
 * `offlineReport` in the current locale, which the offline grader sets to the conversation's
 * report language. The patient and the scorer's analysis stay English; only what the trainee
 * reads about it is translated, with their quotes and the scenario's words spliced in as they are.
 */

type ReportKey =
  Extract<TextKey, `offlineReport.${string}`> extends `offlineReport.${infer K}` ? K : never;

export function reportText(key: ReportKey, params?: TextParams): string {
  return translate(`offlineReport.${key}` as TextKey, params);
}

/** The person in the chair, in each form a sentence needs ("the patient"; "al paciente"). */
export function whoParams(scenario: ScenarioRecord): { who: string; whoTo: string; whoOf: string } {
  const base = `who.${scenario.extras.speaker}.${scenario.extras.voice.gender}` as const;
  return {
    who: reportText(`${base}.subject`),
    whoTo: reportText(`${base}.to`),
    whoOf: reportText(`${base}.of`),
  };
}

/**
 * Writes in the language the trainee reads: the conversation's report language (set when it
 * started, from their interface language), as the AI grader and coach are told to; the
 * request's locale where that is not an interface language.
 */
export function inReportLanguage<T>(
  context: Pick<ConversationSoFar, 'reportLanguage'>,
  write: () => T,
): T {
  const { reportLanguage } = context;
  return runInLocale(isInterfaceLocale(reportLanguage) ? reportLanguage : requestLocale(), write);
}
