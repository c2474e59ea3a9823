import { describe, expect, it } from 'vitest';
import { MAX_HINT_WORDS } from '#server/ai/offline/coach';
import { createOfflineCoach, createOfflineGrader } from '#server/ai/offline/index';
import { runInLocale } from '#server/i18n/localeContext';
import type { ChatTurn } from '#server/ai/types';
import { en } from '#shared/i18n/en';
import { es } from '#shared/i18n/es';
import type { LanguageCode } from '#shared/languages';
import { conversation, crownScenario } from '../../../fixtures/offlineScenario';

/**
 * The offline report in the reader's language (issue 28): the scorer's sentences come from the
 * catalogues in the conversation's report language, while the clinician's quotes, the scenario's
 * own words and the lines suggested to say to the (English) patient stay as they are.
 */
const grader = createOfflineGrader();
const signal = new AbortController().signal;

const DISMISSIVE = conversation(crownScenario, [
  [
    'Right, the tooth is cracked and it needs a crown.',
    'How much is this going to cost me? Money is tight at the moment.',
  ],
  ['It is what it is. Shall we book you in?', "I'm not ready to decide yet."],
]);

async function report(history: readonly ChatTurn[], reportLanguage?: LanguageCode) {
  const context = { scenario: crownScenario, history, ...(reportLanguage && { reportLanguage }) };
  const [feedback, debrief] = await Promise.all([
    grader.grade(context, { signal }),
    grader.debrief(context, { signal }),
  ]);
  return { feedback, debrief: debrief! };
}

/** Each English sentence of the offline report, as the runs of words between its values. */
function englishFragments(): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      for (const part of node.split(/\{\{\w+\}\}/)) {
        if (part.trim().split(/\s+/).length >= 3) out.push(part.trim());
      }
    } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(en.offlineReport);
  return out;
}

describe('the offline report in the reader’s language', () => {
  it('English is the default, word for word', async () => {
    const { feedback, debrief } = await report(DISMISSIVE, 'en');
    expect(feedback).toEqual((await report(DISMISSIVE)).feedback);
    expect(feedback.areasForImprovement[0]).toEqual({
      text: "Acknowledge, don't dismiss (LAER): reassurance like this tells the patient the worry doesn't count, so it stays. Name the worry, then ask what is behind it. Your objection handling scored 1/10; on Listen, Acknowledge, Explore, Respond and check, 1-2 means objections brushed aside, argued with or met with pressure.",
      quote: 'It is what it is.',
    });
    expect(debrief.notes.map((n) => n.label)).toContain('brushed the worry aside');
  });

  it('Spanish: the same scores and quotes, every sentence around them in Spanish', async () => {
    const english = await report(DISMISSIVE, 'en');
    const { feedback, debrief } = await report(DISMISSIVE, 'es');
    expect(feedback.overallScore).toBe(english.feedback.overallScore);
    expect(feedback.objectionHandlingScore).toBe(english.feedback.objectionHandlingScore);
    const quotes = (f: typeof feedback) =>
      [...f.strengths, ...f.areasForImprovement].map((item) => item.quote);
    expect(quotes(feedback)).toEqual(quotes(english.feedback));
    expect(debrief.notes.map((n) => n.quote)).toEqual(english.debrief.notes.map((n) => n.quote));

    expect(feedback.areasForImprovement[0]?.text).toBe(
      'Reconoce, no descartes (LAER): tranquilizar así le dice a la paciente que su preocupación no cuenta, y por eso se queda. Nombra la preocupación y luego pregunta qué hay detrás. Tu manejo de objeciones obtuvo 1/10; en Escuchar, Reconocer, Explorar, Responder y comprobar, 1-2 significa objeciones descartadas, discutidas o respondidas con presión.',
    );
    expect(debrief.notes.map((n) => n.label)).toEqual([
      'señal perdida: ella mencionó "cost of the crown"',
      'quitó importancia a la preocupación',
      'pregunta cerrada: invita a una respuesta corta',
    ]);
    expect(debrief.reactions.map((r) => r.label)).toEqual(['confianza ↓', 'ansiedad ↑']);
    expect(debrief.thoughts.at(-1)?.text).toBe('Le quitan importancia. Para mí sigue siendo real.');
    // The line to say is the conversation's (English); what frames it is the reader's.
    expect(feedback.suggestedResponses[0]).toBe(
      'Cuando la paciente mencionó "Cost of the crown", en lugar de "It is what it is.", prueba: "I can hear that\'s a real worry for you. Tell me more: what concerns you most about it?"',
    );

    const written = [
      ...[...feedback.strengths, ...feedback.areasForImprovement].map((item) => item.text),
      ...debrief.notes.map((n) => n.label),
      ...debrief.reactions.map((r) => r.label),
      ...debrief.thoughts.map((t) => t.text),
      ...debrief.consent.flags.map((f) => f.label),
    ];
    const fragments = englishFragments();
    for (const text of written) {
      expect(
        fragments.filter((fragment) => text.includes(fragment)),
        text,
      ).toEqual([]);
    }
  });

  it('follows the request’s locale when the conversation has no report language', async () => {
    const { feedback } = await runInLocale('es', () => report(DISMISSIVE));
    expect(feedback.strengths[0]?.text).toBe(
      'Le hiciste preguntas a la paciente en lugar de limitarte a hablarle.',
    );
    // A report language wins over the request's: the conversation was started in English.
    const kept = await runInLocale('es', () => report(DISMISSIVE, 'en'));
    expect(kept.feedback.strengths[0]?.text).toBe(
      'You asked the patient questions rather than only talking at them.',
    );
  });

  it('the coach’s hints too, each within the hint’s word limit in Spanish', async () => {
    const coach = createOfflineCoach();
    const opening = conversation(crownScenario, []);
    const hint = (reportLanguage: LanguageCode) =>
      coach.hint({ scenario: crownScenario, history: opening, reportLanguage }, { signal });
    expect(await hint('en')).toBe(en.offlineReport.coach.start);
    expect(await hint('es')).toBe(es.offlineReport.coach.start);
    for (const [key, text] of Object.entries(es.offlineReport.coach)) {
      const filled = text.replace(/\{\{\w+\}\}/g, 'x');
      expect(filled.split(/\s+/).length, key).toBeLessThanOrEqual(MAX_HINT_WORDS);
    }
  });
});
