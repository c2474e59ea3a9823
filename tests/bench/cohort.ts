import { performance } from 'node:perf_hooks';
import type { Db } from '#server/db/db';
import { signedInClient } from '../helpers/httpClient';
import { startTestServer } from '../helpers/testServer';
import { onEachDatabase, type BenchDb } from './benchDb';
import { percentile, type BenchRow } from './report';

/**
 * Issue 17: the cohort table for 200 trainees × 20 assignments (4,000 conversations); issue 27:
 * the class summary over the same conversations, each with a debrief.
 */
const TRAINEES = 200;
const ASSIGNMENTS = 20;
const REQUESTS = 100;
const WARM_UP = 10;
const P99_TARGET_MS = 50;
/** The class summary reads every debrief of the cohort's 4,000 conversations. */
const SUMMARY_P99_TARGET_MS = 100;

/**
 * A debrief the size of a real one (notes, states and thoughts for twelve turns), with two hidden
 * concerns and five consent items whose outcomes the seed varies by conversation.
 */
const BENCH_DEBRIEF = {
  source: 'offline',
  notes: Array.from({ length: 12 }, (_, i) => ({
    turn: i * 2 + 2,
    messageId: `m${i}`,
    kind: 'open_question',
    tone: 'good',
    label: 'open question',
    quote: 'What worries you most about the treatment we talked about last time?',
  })),
  reactions: [],
  states: Array.from({ length: 12 }, (_, i) => ({
    turn: i * 2 + 1,
    messageId: `p${i}`,
    trust: 0.5,
    anxiety: 0.4,
    readiness: 0.3,
    estimated: false,
  })),
  thoughts: Array.from({ length: 12 }, (_, i) => ({
    turn: i * 2 + 1,
    messageId: `p${i}`,
    text: 'She is asking, but I am not sure she will listen to the part about the cost.',
  })),
  hiddenConcerns: [
    { id: 'childcare', concern: 'Has no childcare', uncoveredAt: 'UNCOVERED', openedBy: 'x' },
    { id: 'needles', concern: 'Afraid of needles', uncoveredAt: null, openedBy: 'y' },
  ],
  consent: {
    checks: ['options', 'risks_benefits', 'cost', 'understanding', 'decision_respected'].map(
      (item) => ({
        item,
        status: 'STATUS',
        evidence: { turn: 2, messageId: 'm0', quote: 'We could also wait and see.' },
      }),
    ),
    flags: [],
  },
};

/**
 * Trainees, their memberships, the assignments and one graded conversation per trainee and
 * assignment, each in one INSERT … SELECT over generate_series (no round trip per row).
 */
export async function seedCohort(db: Db, cohortId: string): Promise<void> {
  await db.query(
    `WITH trainees AS (
       INSERT INTO users (email, full_name, password_hash)
       SELECT 'bench-' || g || '-' || $3::text || '@example.com', 'Trainee ' || g, 'x'
         FROM generate_series(1, $2::int) AS g
       RETURNING id
     )
     INSERT INTO cohort_memberships (cohort_id, user_id, joined_at)
     SELECT $1::uuid, id, now() - interval '60 days' FROM trainees`,
    [cohortId, TRAINEES, cohortId.slice(0, 8)],
  );
  await db.query(
    `INSERT INTO cohort_assignments (cohort_id, scenario_id, due_at)
     SELECT $1, id, now() + make_interval(days => row_number() OVER (ORDER BY slug)::int)
       FROM (SELECT id, slug FROM scenarios WHERE visibility = 'shipped' ORDER BY slug LIMIT $2) s`,
    [cohortId, ASSIGNMENTS],
  );
  await db.query(
    `WITH done AS (
       INSERT INTO conversation_sessions (user_id, scenario_id, created_at, ended_at)
       SELECT m.user_id, a.scenario_id,
              now() - make_interval(hours => (abs(hashtext(m.user_id::text || a.id::text)) % 1000)),
              now() - make_interval(hours => (abs(hashtext(m.user_id::text || a.id::text)) % 1000))
                + interval '5 minutes'
         FROM cohort_memberships m JOIN cohort_assignments a ON a.cohort_id = m.cohort_id
        WHERE m.cohort_id = $1
       RETURNING id
     )
     INSERT INTO feedback (session_id, overall_score, empathy_score, clarity_score,
                           persuasion_score, objection_handling_score, strengths,
                           areas_for_improvement, suggested_responses, debrief)
     SELECT id, 1 + abs(hashtext(id::text)) % 10, 5, 5, 5, 5, '[]', '[]', '[]',
            -- Which concern came out and which consent items were met vary by conversation.
            replace(replace($2::text, '"UNCOVERED"',
                            CASE WHEN hashtext(id::text) % 2 = 0 THEN 'null'
                                 ELSE '{"turn": 4, "messageId": "m"}' END),
                    '"STATUS"', CASE WHEN hashtext(id::text) % 3 = 0 THEN '"met"'
                                     ELSE '"not_met"' END)::jsonb
       FROM done`,
    [cohortId, JSON.stringify(BENCH_DEBRIEF)],
  );
  for (const table of ['conversation_sessions', 'feedback', 'cohort_memberships', 'users'])
    await db.query(`ANALYZE ${table}`);
}

async function benchOne(target: BenchDb): Promise<BenchRow[]> {
  const server = await startTestServer(target.db);
  try {
    const trainer = await signedInClient(server.url, 'Dr Bench Trainer');
    const org = await trainer.post('/api/organisations', { name: 'Bench School' });
    const cohort = await trainer.post(`/api/organisations/${org.body.id}/cohorts`, {
      name: 'Bench cohort',
    });
    const cohortId = cohort.body.id as string;
    await seedCohort(target.db, cohortId);
    const url = `${server.url}/api/organisations/cohorts/${cohortId}/table?sort=average`;
    const cookie = trainer.cookie!;

    // The baseline: the same signed-in round trip to the trainee's (empty) assignments, so the
    // figure shows what the table's query adds to the HTTP, session and JSON cost of any route.
    const baselineUrl = `${server.url}/api/organisations/assignments`;

    let bytes = 0;
    const once = async (target: string) => {
      const started = performance.now();
      const response = await fetch(target, { headers: { cookie, accept: 'application/json' } });
      const body = await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET ${target}: HTTP ${response.status}`);
      if (target === url) bytes = body.byteLength;
      return elapsed;
    };
    const summaryUrl = `${server.url}/api/organisations/cohorts/${cohortId}/summary`;
    for (let i = 0; i < WARM_UP; i++) {
      await once(url);
      await once(summaryUrl);
    }
    const times: number[] = [];
    const summaries: number[] = [];
    const baseline: number[] = [];
    // Interleaved so all see the same machine load.
    for (let i = 0; i < REQUESTS; i++) {
      times.push(await once(url));
      summaries.push(await once(summaryUrl));
      baseline.push(await once(baselineUrl));
    }
    const summary = (await (await fetch(summaryUrl, { headers: { cookie } })).json()) as {
      conversations: number;
      debriefed: number;
      missedConcerns: unknown[];
    };
    if (
      summary.conversations !== TRAINEES * ASSIGNMENTS ||
      summary.debriefed !== TRAINEES * ASSIGNMENTS
    )
      throw new Error(`class summary counted ${JSON.stringify(summary).slice(0, 200)}`);
    const check = JSON.parse(await (await fetch(url, { headers: { cookie } })).text()) as {
      rows: Array<{ done: number }>;
    };
    const done = check.rows.reduce((sum, row) => sum + row.done, 0);
    if (check.rows.length !== TRAINEES || done !== TRAINEES * ASSIGNMENTS)
      throw new Error(`cohort table has ${check.rows.length} rows, ${done} done`);

    const p99 = percentile(times, 99);
    const summaryP99 = percentile(summaries, 99);
    return [
      { name: `class summary p50 (${target.label})`, value: percentile(summaries, 50), unit: 'ms' },
      {
        name: `class summary p99 (${target.label})`,
        value: summaryP99,
        unit: 'ms',
        target: `≤ ${SUMMARY_P99_TARGET_MS} ms`,
        ok: summaryP99 <= SUMMARY_P99_TARGET_MS,
      },
      { name: `cohort table p50 (${target.label})`, value: percentile(times, 50), unit: 'ms' },
      {
        name: `cohort table p99 (${target.label})`,
        value: p99,
        unit: 'ms',
        target: `≤ ${P99_TARGET_MS} ms`,
        ok: p99 <= P99_TARGET_MS,
      },
      {
        name: `baseline: a small signed-in route p99 (${target.label})`,
        value: percentile(baseline, 99),
        unit: 'ms',
      },
      { name: `cohort table response (${target.label})`, value: bytes / 1024, unit: 'KiB' },
    ];
  } finally {
    await server.close();
  }
}

/**
 * Seeds a cohort of 200 trainees with 20 assignments, each done once (4,000 graded
 * conversations), and measures p50/p99 of GET /api/organisations/cohorts/:id/table over HTTP
 * on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL.
 */
export function benchCohort(): Promise<BenchRow[]> {
  return onEachDatabase(benchOne);
}
