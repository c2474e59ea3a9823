import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HttpClient, signedInClient } from '../helpers/httpClient';
import { TestSocket } from '../helpers/socketClient';
import { worstCaseSeed, worstCaseTurn } from '../fixtures/worstCaseScenario';
import { startChildBenchServer } from './childServer';
import { percentile, type BenchRow } from './report';

/** Turns said before the measured ones, so the transcript is long when they are measured. */
const WARM_TURNS = 40;
const MEASURED_TURNS = 20;

/**
 * Issue 22: an author's scenario once froze the server for everyone (5,000 keywords, each a
 * pattern run over the whole transcript at every turn). Here one user talks, with messages at
 * the length limit, on the heaviest scenario the schema allows and then on a shipped one,
 * while another user asks `GET /api/health` over and over: that user's latency during the
 * worst-case turns, beside the same during the shipped scenario's turns (the baseline) and
 * with nobody talking.
 */
export async function benchWorstScenario(): Promise<BenchRow[]> {
  const target = await startChildBenchServer({
    AI_PROVIDER: 'offline',
    TURNS_PER_HOUR: '100000',
    AI_BUDGET_PER_HOUR: '10000000',
    LOG_LEVEL: 'error',
  });
  try {
    const url = target.server.url;
    const talker = await signedInClient(url, 'Talker');
    const created = await talker.post('/api/authoring/scenarios', { scenario: worstCaseSeed() });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
    const worstId = created.body.summary.id as string;
    const shippedId = (await talker.get('/api/scenarios')).body.scenarios[0].id as string;

    const idle = await otherUserDuring(url, async () => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return [];
    });
    const shipped = await otherUserDuring(url, () => talk(talker, shippedId));
    const worst = await otherUserDuring(url, () => talk(talker, worstId));
    const label = target.label;
    const p95 = (values: number[]) => percentile(values, 95);
    // Within noise: a few milliseconds either way of the shipped scenario's figure.
    const noise = Math.max(5, 0.5 * p95(shipped.latencies));
    return [
      {
        name: `worst scenario: another user's GET /api/health p95, nobody talking (${label})`,
        value: p95(idle.latencies),
        unit: 'ms',
      },
      {
        name: `worst scenario: another user's p95 during turns on a shipped scenario (${label})`,
        value: p95(shipped.latencies),
        unit: 'ms',
      },
      {
        name: `worst scenario: another user's p95 during turns on the heaviest allowed scenario (${label})`,
        value: p95(worst.latencies),
        unit: 'ms',
        target: `≤ shipped + ${noise.toFixed(1)}`,
        ok: p95(worst.latencies) <= p95(shipped.latencies) + noise,
      },
      {
        name: `worst scenario: one 2,000-character turn after ${WARM_TURNS} others, to reply done, p50 (shipped / heaviest)`,
        value: percentile(worst.turns, 50),
        unit: `ms (shipped ${percentile(shipped.turns, 50).toFixed(1)} ms)`,
      },
    ];
  } finally {
    await target.server.stop();
    await target.drop();
  }
}

/** A conversation of long messages; the last MEASURED_TURNS are timed to their reply. */
async function talk(user: HttpClient, scenarioId: string): Promise<number[]> {
  const opened = await user.post('/api/conversations', { scenarioId });
  if (opened.status !== 201) throw new Error(`open: ${opened.status} ${opened.text}`);
  const socket = await TestSocket.open(user.baseUrl, opened.body.session.id, {
    cookie: user.cookie,
  });
  await socket.next('history');
  const times: number[] = [];
  try {
    for (let i = 0; i < WARM_TURNS + MEASURED_TURNS; i++) {
      const from = socket.frames.length;
      const started = performance.now();
      socket.send({
        type: 'turn',
        clientId: randomUUID(),
        text: worstCaseTurn(2000, ` ${i}`),
        stream: true,
      });
      await socket.next('reply_done', () => true, from);
      if (i >= WARM_TURNS) times.push(performance.now() - started);
    }
  } finally {
    await socket.close();
  }
  await user.post(`/api/conversations/${opened.body.session.id}/end`, {});
  return times;
}

/** Another user's health checks, one after another, for as long as `work` runs. */
async function otherUserDuring(url: string, work: () => Promise<number[]>) {
  const other = new HttpClient(url);
  const latencies: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await other.get('/api/health');
      if (response.status !== 200) throw new Error(`health: ${response.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    const turns = await work();
    return { latencies, turns };
  } finally {
    done = true;
    await probing;
  }
}
