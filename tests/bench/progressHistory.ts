import { performance } from 'node:perf_hooks';
import type { Db } from '#server/db/db';
import { signedInClient, type HttpClient } from '../helpers/httpClient';
import { startTestServer } from '../helpers/testServer';
import { onEachDatabase, type BenchDb } from './benchDb';
import { percentile, type BenchRow } from './report';

/** Issue 4: a user with 1,000 completed sessions must stay fast. */
const SESSIONS = 1_000;
const REQUESTS = 200;
const WARM_UP = 20;
const P99_TARGET_MS = 20;

/**
 * One INSERT … SELECT over generate_series for the sessions and, chained through RETURNING,
 * one for their feedback: a thousand rows each in two statements, not two thousand round trips.
 * Sessions are an hour apart, oldest first, and the scores wander over the whole 1-10 scale.
 */
async function seedCompletedConversations(db: Db, userId: string, count: number): Promise<void> {
  await db.query(
    `WITH library AS (SELECT array_agg(id ORDER BY slug) AS ids FROM scenarios),
     done AS (
       INSERT INTO conversation_sessions (user_id, scenario_id, created_at, ended_at, success_rating)
       SELECT $1, library.ids[1 + g % array_length(library.ids, 1)],
              now() - make_interval(hours => $2::int - g),
              now() - make_interval(hours => $2::int - g) + make_interval(mins => 3 + g % 17),
              1 + (g * 7) % 10
         FROM generate_series(1, $2::int) AS g, library
       RETURNING id, success_rating
     )
     INSERT INTO feedback (session_id, overall_score, empathy_score, clarity_score,
                           persuasion_score, objection_handling_score, strengths,
                           areas_for_improvement, suggested_responses)
     SELECT id, success_rating, 1 + (success_rating + 2) % 10, 1 + (success_rating + 5) % 10,
            1 + (success_rating * 3) % 10, 1 + (success_rating + 7) % 10,
            '[{"text":"You acknowledged the worry before explaining.","quote":"That sounds stressful."}]',
            '[{"text":"Ask what matters most to the patient.","quote":null}]',
            '["What would make this feel manageable for you?"]'
       FROM done`,
    [userId, count],
  );
  // A long-lived database has statistics; a freshly filled one should plan like it does.
  await db.query('ANALYZE conversation_sessions');
  await db.query('ANALYZE feedback');
}

async function userIdOf(client: HttpClient): Promise<string> {
  const me = await client.get('/api/auth/me');
  if (me.status !== 200) throw new Error(`GET /api/auth/me: ${me.status}`);
  return me.body.user.id as string;
}

/** Sequential requests over real HTTP (keep-alive, as a browser does); ms to the last byte. */
async function measure(url: string, cookie: string): Promise<{ times: number[]; bytes: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, accept: 'application/json' } });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
    return { elapsed, bytes: body.byteLength };
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const { elapsed, bytes: size } = await once();
    times.push(elapsed);
    bytes = size;
  }
  return { times, bytes };
}

function latencyRows(name: string, label: string, times: number[]): BenchRow[] {
  const p99 = percentile(times, 99);
  return [
    { name: `${name} p50 (${label})`, value: percentile(times, 50), unit: 'ms' },
    {
      name: `${name} p99 (${label})`,
      value: p99,
      unit: 'ms',
      target: `≤ ${P99_TARGET_MS} ms`,
      ok: p99 <= P99_TARGET_MS,
    },
  ];
}

async function benchOne(target: BenchDb): Promise<BenchRow[]> {
  const server = await startTestServer(target.db);
  try {
    const user = await signedInClient(server.url, 'Dr Thousand');
    // Someone else's thousand sessions in the same tables: the user filter must use the index.
    const neighbour = await signedInClient(server.url, 'Dr Neighbour');
    await seedCompletedConversations(target.db, await userIdOf(neighbour), SESSIONS);
    const userId = await userIdOf(user);
    await seedCompletedConversations(target.db, userId, SESSIONS);
    const cookie = user.cookie;
    if (!cookie) throw new Error('no session cookie after sign-up');

    const progress = await measure(`${server.url}/api/progress`, cookie);
    const firstPage = await measure(`${server.url}/api/history`, cookie);

    // A cursor halfway down: what 'Load more' costs after 25 pages.
    const [middle] = await target.db.query<{ id: string }>(
      `SELECT id FROM conversation_sessions WHERE user_id = $1
        ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
      [userId, SESSIONS / 2],
    );
    const deepPage = await measure(`${server.url}/api/history?before=${middle!.id}`, cookie);

    return [
      ...latencyRows('progress', target.label, progress.times),
      { name: `progress response (${target.label})`, value: progress.bytes / 1024, unit: 'KiB' },
      ...latencyRows('history', target.label, firstPage.times),
      ...latencyRows('history page 26', target.label, deepPage.times),
    ];
  } finally {
    await server.close();
  }
}

/**
 * Seeds 1,000 completed sessions with feedback for one user and measures p50/p99 of
 * GET /api/progress and GET /api/history over HTTP, on PGlite and (when TEST_DATABASE_URL is
 * set) PostgreSQL.
 */
export function benchProgressHistory(): Promise<BenchRow[]> {
  return onEachDatabase(benchOne);
}
