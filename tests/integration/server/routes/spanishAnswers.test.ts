import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en';
import { es } from '#shared/i18n/es';
import { scenarioLibrary } from '#server/scenarios/library';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { say } from '../../../helpers/conversations';

printSkipNotice();

/**
 * The server's answers to someone who reads Spanish (issue 28, decision 049): a contract's
 * field rule, zod's own words for an imported file, and the offline engine's report, whose
 * sentences come from the Spanish catalogue around the clinician's English quotes.
 */

const NEEDLE_FEAR = scenarioLibrary.find((s) => s.slug === 'needle-fear-before-two-fillings')!;
const LINES = [
  'You need to book today, or the decay will spread.',
  'That sounds really scary. Has anything like this happened before with needles?',
];

async function spanishUser(url: string): Promise<HttpClient> {
  const user = await signedInClient(url, 'Dra. Ana Pulpa');
  const chosen = await user.post('/api/account/language', { locale: 'es' });
  expect(chosen.status).toBe(200);
  return user;
}

/** Runs of three or more words of the English report's sentences (between their values). */
function englishRuns(node: unknown): string[] {
  if (typeof node === 'string') {
    return node
      .split(/\{\{\w+\}\}/)
      .map((run) => run.trim())
      .filter((run) => run.split(/\s+/).length >= 3);
  }
  return Object.values(node as object).flatMap(englishRuns);
}
const ENGLISH_RUNS = englishRuns(en.offlineReport);

describe.each(routeDatabaseKinds())('answers in Spanish on %s', (kind) => {
  const { server } = useTestServer(kind);

  it('a contract’s field rule and zod’s own words come back in Spanish', async () => {
    const user = await spanishUser(server.url);
    const history = await user.get('/api/history?limit=0');
    expect(history.status).toBe(400);
    expect(history.body.error.message).toBe('limit debe ser como mínimo 1');

    const imported = await user.post('/api/authoring/scenarios/import', { scenarios: [] });
    expect(imported.status).toBe(400);
    expect(imported.body.error.message).toMatch(/^1 problema: scenarios: Demasiado pequeño: /);
  });

  it('the offline report: Spanish sentences, the clinician’s quotes as said', async () => {
    expect(ENGLISH_RUNS.length).toBeGreaterThan(50);
    const user = await spanishUser(server.url);
    const { body } = await user.get('/api/scenarios');
    const scenario = body.scenarios.find((s: { title: string }) => s.title === NEEDLE_FEAR.title);
    const created = await user.post('/api/conversations', { scenarioId: scenario.id });
    expect(created.body.session.reportLanguage).toBe('es');
    const conversationId: string = created.body.session.id;
    await say(user, conversationId, LINES);

    const ended = await user.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    const { feedback, debrief } = ended.body;
    const items = [...feedback.strengths, ...feedback.areasForImprovement];
    const written: string[] = [
      ...items.map((item: { text: string }) => item.text),
      ...debrief.notes.map((n: { label: string }) => n.label),
      ...debrief.thoughts.map((t: { text: string }) => t.text),
    ];
    for (const text of written) {
      expect(
        ENGLISH_RUNS.filter((run) => text.includes(run)),
        text,
      ).toEqual([]);
    }
    const pressure = debrief.notes.find((n: { kind: string }) => n.kind === 'pressure');
    expect(pressure).toMatchObject({ label: es.offlineReport.note.pressure, quote: LINES[0] });
    for (const item of items) if (item.quote) expect(LINES.join(' ')).toContain(item.quote);
  });
});
