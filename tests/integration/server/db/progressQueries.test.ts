import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { historyEntries, type HistorySource } from '#shared/history';
import type { LanguageCode } from '#shared/languages';
import {
  averageScore,
  chartPoints,
  summarizeProgress,
  summaryFromPoints,
  type ProgressConversation,
} from '#shared/progress';
import type { Db } from '#server/db/db';
import { getProgressByUser, listHistoryByUser } from '#server/db/progress';
import { createTestDb, databaseKinds, printSkipNotice, type TestDb } from '../../../helpers/testDb';

/**
 * The progress and history rules are computed twice: in SQL (server/db/progress.ts, which the
 * API answers with) and as the pure reference rules of shared/progress.ts and shared/history.ts.
 * Here both run over the same generated sessions (open and completed, with and without
 * feedback or a rating, many started at the same moment so ties must break the same way) and
 * must agree on every figure, every chart point and every history page.
 */

printSkipNotice();

const RUNS = 60;
const MAX_SESSIONS = 12;
const BASE = Date.UTC(2025, 0, 6, 9);
const HOUR = 3_600_000;

const score = fc.integer({ min: 1, max: 10 });

const generatedConversation = fc.record({
  /** Few distinct start times, so ties are common; some a millisecond apart. */
  createdAt: fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.constantFrom(0, 0, 0, 1, 999))
    .map(([hour, ms]) => BASE + hour * HOUR + ms),
  /** Minutes until it ended; null: still open. */
  endedAfter: fc.option(fc.integer({ min: 0, max: 90 }), { freq: 4 }),
  successRating: fc.option(score, { freq: 3 }),
  feedback: fc.option(
    fc.record({
      overall: score,
      empathy: score,
      clarity: score,
      persuasion: score,
      objection: score,
    }),
    { freq: 3 },
  ),
  scenario: fc.nat(),
});
type GeneratedConversation = typeof generatedConversation extends fc.Arbitrary<infer T> ? T : never;

const generated = fc.record({
  sessions: fc.array(generatedConversation, { maxLength: MAX_SESSIONS }),
  pageSize: fc.integer({ min: 1, max: 5 }),
});

interface Scenario {
  id: string;
  title: string;
  difficulty: string;
  language: LanguageCode;
}

/** A new user with these sessions, written straight into the tables; the rules' view of them. */
async function seed(
  db: Db,
  scenarios: readonly Scenario[],
  sessions: readonly GeneratedConversation[],
): Promise<{ userId: string; sources: HistorySource[] }> {
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (email, full_name, password_hash) VALUES ($1, 'Agreement', 'x') RETURNING id`,
    [`agree-${randomUUID()}@example.com`],
  );
  const sources: HistorySource[] = [];
  // A user has at most one open session per scenario, so open ones each take the next scenario.
  let open = 0;
  for (const s of sessions) {
    const index = s.endedAfter === null ? open++ : s.scenario;
    const scenario = scenarios[index % scenarios.length]!;
    const createdAt = new Date(s.createdAt).toISOString();
    const endedAt =
      s.endedAfter === null ? null : new Date(s.createdAt + s.endedAfter * 60_000).toISOString();
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO conversation_sessions (user_id, scenario_id, created_at, ended_at, success_rating)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [user!.id, scenario.id, createdAt, endedAt, s.successRating],
    );
    const f = s.feedback;
    if (f) {
      await db.query(
        `INSERT INTO feedback (session_id, overall_score, empathy_score, clarity_score,
                               persuasion_score, objection_handling_score, strengths,
                               areas_for_improvement, suggested_responses)
         VALUES ($1, $2, $3, $4, $5, $6, '[]', '[]', '[]')`,
        [row!.id, f.overall, f.empathy, f.clarity, f.persuasion, f.objection],
      );
    }
    sources.push({
      id: row!.id,
      createdAt,
      endedAt,
      successRating: s.successRating,
      scenario: {
        title: scenario.title,
        difficulty: scenario.difficulty,
        language: scenario.language,
      },
      feedback: f
        ? [
            {
              overallScore: f.overall,
              empathyScore: f.empathy,
              clarityScore: f.clarity,
              persuasionScore: f.persuasion,
              objectionHandlingScore: f.objection,
            },
          ]
        : [],
    });
  }
  return { userId: user!.id, sources };
}

const progressConversations = (sources: readonly HistorySource[]): ProgressConversation[] =>
  sources.map(({ scenario: _scenario, ...session }) => session);

describe.each(databaseKinds())('progress SQL and the shared rules on %s', (kind) => {
  let t: TestDb;
  let scenarios: Scenario[];
  beforeAll(async () => {
    t = await createTestDb(kind);
    scenarios = await t.db.query<Scenario>(
      'SELECT id, title, difficulty, language FROM scenarios ORDER BY slug',
    );
    // Enough for every generated session to be open at once.
    expect(scenarios.length).toBeGreaterThanOrEqual(MAX_SESSIONS);
  });
  afterAll(async () => {
    await t?.drop();
  });

  const examples: [{ sessions: GeneratedConversation[]; pageSize: number }][] = [
    [{ sessions: [], pageSize: 1 }],
    [
      {
        // Three sessions started at the same moment: only the id orders them.
        sessions: [4, 9, 6].map((overall) => ({
          createdAt: BASE,
          endedAfter: 5,
          successRating: overall,
          feedback: { overall, empathy: 5, clarity: 6, persuasion: 7, objection: 8 },
          scenario: 0,
        })),
        pageSize: 2,
      },
    ],
  ];

  it('computes the summary the rules compute', async () => {
    await fc.assert(
      fc.asyncProperty(generated, async ({ sessions }) => {
        const { userId, sources } = await seed(t.db, scenarios, sessions);
        const reference = progressConversations(sources);
        const { points, ...totals } = await getProgressByUser(t.db, { userId });

        expect(totals.completedConversations).toBe(
          sources.filter((s) => s.endedAt !== null).length,
        );
        expect(totals.avgScore).toBeCloseTo(averageScore(reference), 9);
        expect(points).toEqual(chartPoints(reference));
        expect(summaryFromPoints(totals, points)).toEqual(summarizeProgress(reference));
      }),
      { numRuns: RUNS, examples },
    );
  });

  it('lists, page by page, the history the rules list', async () => {
    await fc.assert(
      fc.asyncProperty(generated, async ({ sessions, pageSize }) => {
        const { userId, sources } = await seed(t.db, scenarios, sessions);
        const expected = historyEntries(sources);

        const whole = await listHistoryByUser(t.db, { userId, limit: 100 });
        expect(whole).toEqual({ entries: expected, nextCursor: null });

        const paged = [];
        let before: string | undefined;
        for (let page = 0; page <= expected.length; page++) {
          const next = await listHistoryByUser(t.db, { userId, limit: pageSize, before });
          paged.push(...next.entries);
          if (next.nextCursor === null) break;
          before = next.nextCursor;
        }
        expect(paged).toEqual(expected);
      }),
      { numRuns: RUNS, examples },
    );
  });
});
