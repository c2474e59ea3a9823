import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bounded } from '../helpers/bounded';
import { startCluster, type Cluster } from '../helpers/cluster';
import { checkStored, type StoredCheck } from '../helpers/failoverCheck';
import { signedInClient, type HttpClient } from '../helpers/httpClient';
import {
  ResilientConversation,
  type SpokenUtterance,
  type TurnOutcome,
} from '../helpers/resilientConversation';
import { postgresUrl } from '../helpers/testDb';
import {
  COMPONENTS_MS,
  CONVERSATIONS_PER_USER,
  BROWSER_FRAME_MS as FRAME_MS,
  LOAD_STUB,
  loadServerEnv,
  seededRandom,
  SPOKEN_WORDS,
  TYPED_TURNS,
  UTTERANCE_FRAMES,
} from './load/conversations';
import { percentile, type BenchRow } from './report';

const CONVERSATIONS = Number(process.env.BENCH_FAILOVER_CONVERSATIONS ?? 200);
/** People's pace, as the concurrency benchmark's targeted round: 5-10 s between turns. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 5000);
const TURNS = TYPED_TURNS + 1;
const RECONNECT_TARGET_MS = 2_000;
/** "During the takeover": spoken turns that end within this long after the kill. */
const TAKEOVER_MS = 10_000;
const UTTERANCE: SpokenUtterance = {
  frames: UTTERANCE_FRAMES,
  frameMs: FRAME_MS,
  words: SPOKEN_WORDS,
};
/** How long one HTTP call or database read of the harness may take. */
const HTTP_WAIT_MS = 30_000;
const TYPED_TEXT = 'What worries you most about the treatment?';

interface Round {
  name: string;
  conversations: ResilientConversation[];
  /** When the instance was killed (performance.now()), or null in the baseline. */
  killedAt: number | null;
  victim: string | null;
  survivor: string | null;
  stored: StoredCheck;
  /** Seconds the conversations took, from the first turn to the last. */
  elapsed: number;
  /** HAProxy's log of the round: servers going down and up, requests that ended abnormally. */
  haproxyLog: string[];
}

/** Signs up the users and opens every conversation's socket through the load balancer. */
async function openConversations(
  cluster: Cluster,
  round: string,
  random: () => number,
): Promise<ResilientConversation[]> {
  const users: HttpClient[] = [];
  for (let i = 0; i * CONVERSATIONS_PER_USER < CONVERSATIONS; i++) {
    const name = `Dr Failover ${round} ${i + 1}`;
    users.push(await bounded(signedInClient(cluster.url, name), HTTP_WAIT_MS, `${name}'s sign-up`));
  }
  const { body } = await bounded(
    users[0]!.get('/api/scenarios'),
    HTTP_WAIT_MS,
    'the scenario list',
  );
  const scenarioIds: string[] = body.scenarios.map((s: { id: string }) => s.id);
  return Promise.all(
    Array.from({ length: CONVERSATIONS }, async (_, i) => {
      const user = users[Math.floor(i / CONVERSATIONS_PER_USER)]!;
      const created = await bounded(
        user.post('/api/conversations', { scenarioId: scenarioIds[i % CONVERSATIONS_PER_USER] }),
        HTTP_WAIT_MS,
        `conversation ${i + 1} to be created`,
      );
      if (created.status !== 201) throw new Error(`new conversation: HTTP ${created.status}`);
      const conversation = new ResilientConversation(
        cluster.url,
        created.body.session.id as string,
        user.cookie!,
        random,
      );
      await conversation.open();
      return conversation;
    }),
  );
}

/**
 * One conversation at people's pace: three typed turns and one streamed spoken turn, the spoken
 * one at a different place in each conversation so some are being spoken whenever the kill
 * comes.
 */
async function converse(
  c: ResilientConversation,
  index: number,
  random: () => number,
): Promise<void> {
  await sleep(THINK_MS * random());
  for (let turn = 0; turn < TURNS; turn++) {
    if (turn > 0) await sleep(THINK_MS * (1 + random()));
    if (turn === index % TURNS) await c.spokenTurn(UTTERANCE);
    else await c.typedTurn(TYPED_TEXT);
  }
}

/** Kills the instance holding the most sockets once half of the round's turns are stored. */
async function killMidway(
  cluster: Cluster,
  conversations: ResilientConversation[],
  finished: () => boolean,
): Promise<{ at: number; victim: string; survivor: string } | null> {
  const half = (conversations.length * TURNS) / 2;
  while (!finished()) {
    const stored = conversations.reduce(
      (n, c) => n + c.turns.filter((t) => t.storedId !== null).length,
      0,
    );
    if (stored >= half) {
      const counts = new Map<string, number>();
      for (const c of conversations) {
        if (c.instance) counts.set(c.instance, (counts.get(c.instance) ?? 0) + 1);
      }
      const victim = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      const survivor = cluster.instances.find((i) => i.name !== victim)!.name;
      const { server } = cluster.instance(victim);
      process.kill(server.pid, 'SIGKILL');
      const at = performance.now();
      await bounded(server.exited, 10_000, `instance ${victim} to exit after SIGKILL`);
      return { at, victim, survivor };
    }
    await sleep(100);
  }
  return null;
}

async function playRound(cluster: Cluster, name: string, kill: boolean): Promise<Round> {
  const random = seededRandom(kill ? 25 : 6);
  const conversations = await openConversations(cluster, name, random);
  let done = false;
  const started = performance.now();
  const playing = Promise.all(
    conversations.map((c, i) =>
      converse(c, i, random).catch((error: unknown) => {
        c.failure ??= String(error);
      }),
    ),
  ).then(() => {
    done = true;
  });
  const killed = kill ? await killMidway(cluster, conversations, () => done) : null;
  await playing;
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(conversations.map((c) => c.close()));
  return {
    name,
    conversations,
    killedAt: killed?.at ?? null,
    victim: killed?.victim ?? null,
    survivor: killed?.survivor ?? null,
    stored: await bounded(
      checkStored(cluster.db.db, conversations),
      HTTP_WAIT_MS,
      "the round's messages read back from PostgreSQL",
    ),
    elapsed,
    haproxyLog: cluster.haproxy.logs
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('[NOTICE]')),
  };
}

function overheads(round: Round, from = -Infinity, to = Infinity): number[] {
  return round.conversations.flatMap((c) =>
    c.turns.flatMap((t) =>
      t.kind === 'spoken' &&
      t.outcome === 'replied' &&
      t.endedAt !== null &&
      t.firstSpeechAt !== null &&
      t.endedAt >= from &&
      t.endedAt < to
        ? [t.firstSpeechAt - t.endedAt - COMPONENTS_MS]
        : [],
    ),
  );
}

function roundRows(round: Round, baseline: Round | null): BenchRow[] {
  const at = `failover, ${round.name}:`;
  const { conversations, stored } = round;
  const rows: BenchRow[] = [];
  const failures = conversations.filter((c) => c.failure !== null);
  for (const c of failures.slice(0, 5)) console.log(`  gave up (${round.name}): ${c.failure}`);
  rows.push({
    name: `${at} conversations that gave up waiting (each named above)`,
    value: failures.length,
    unit: 'conversations',
    target: '0',
    ok: failures.length === 0,
  });
  for (const line of round.haproxyLog.slice(0, 8))
    console.log(`  haproxy (${round.name}): ${line}`);
  rows.push({
    name: `${at} HAProxy log lines (servers down or up, requests ended abnormally; first 8 above)`,
    value: round.haproxyLog.length,
    unit: 'lines',
  });
  const refused = new Map<string, number>();
  for (const c of conversations) {
    for (const why of c.connectFailures) refused.set(why, (refused.get(why) ?? 0) + 1);
  }
  rows.push({
    name: `${at} connection attempts that failed (retried with the browser's backoff)`,
    value: [...refused.values()].reduce((a, b) => a + b, 0),
    unit: 'attempts',
  });
  for (const [why, n] of refused) rows.push({ name: `${at}   ${why}`, value: n, unit: 'times' });
  if (round.killedAt !== null) {
    const drops = conversations.flatMap((c) => c.drops);
    const resumed = drops.filter((d) => d.resumedAt !== null);
    const times = resumed.map((d) => d.resumedAt! - d.at);
    const p95 = percentile(times, 95);
    rows.push(
      {
        name: `${at} sockets dropped by the kill of ${round.victim} (resumed on ${round.survivor})`,
        value: drops.length,
        unit: 'sockets',
      },
      {
        name: `${at} resumed on the survivor with the chat intact`,
        value: resumed.filter((d) => d.resumedOn === round.survivor && d.missing.length === 0)
          .length,
        unit: 'sockets',
        target: `${drops.length}`,
        ok: resumed.every((d) => d.resumedOn === round.survivor && d.missing.length === 0),
      },
      { name: `${at} reconnect time p50`, value: percentile(times, 50), unit: 'ms' },
      {
        name: `${at} reconnect time p95`,
        value: p95,
        unit: 'ms',
        target: `≤ ${RECONNECT_TARGET_MS} ms`,
        ok: p95 <= RECONNECT_TARGET_MS,
      },
      { name: `${at} reconnect time max`, value: Math.max(...times), unit: 'ms' },
    );
    // Where the reconnect's time goes: the browser's backoff, the upgrade (the survivor checks
    // the cookie and the conversation), then the history it reads.
    const parts: Array<[string, (d: (typeof resumed)[number]) => number]> = [
      ['waiting (the browser backoff, and failed attempts)', (d) => d.attemptAt! - d.at],
      ['upgrade through HAProxy to the survivor', (d) => d.openedAt! - d.attemptAt!],
      ['open to history', (d) => Math.max(0, d.resumedAt! - d.openedAt!)],
    ];
    for (const [part, of] of parts) {
      const values = resumed.filter((d) => d.openedAt !== null).map(of);
      rows.push({
        name: `${at}   of which ${part}, p50 / p95`,
        value: percentile(values, 50),
        unit: `/ ${percentile(values, 95).toFixed(0)} ms`,
      });
    }
    const outcomes = new Map<TurnOutcome, number>();
    for (const c of conversations) {
      for (const t of c.turns) {
        if (t.dropped && t.outcome) outcomes.set(t.outcome, (outcomes.get(t.outcome) ?? 0) + 1);
      }
    }
    for (const [outcome, n] of [...outcomes].sort()) {
      rows.push({
        name: `${at} turns in flight at the kill: ${outcome}`,
        value: n,
        unit: 'turns',
        ...(outcome === 'reply_lost' ? { target: '0', ok: false } : {}),
      });
    }
    const interrupted = stored.interruptedSpoken;
    rows.push({
      name: `${at} spoken turns cut off before acknowledged: stored once / not stored (voice mode said so)`,
      value: interrupted.filter((s) => s.stored).length,
      unit: `/ ${interrupted.filter((s) => !s.stored).length}`,
    });
  }
  rows.push(
    {
      name: `${at} acknowledged messages lost`,
      value: stored.lost.length,
      unit: 'messages',
      target: '0',
      ok: stored.lost.length === 0,
    },
    {
      name: `${at} duplicated turns (stored twice or answered twice)`,
      value: stored.answeredTwice.length + stored.storedTwice.length,
      unit: 'turns',
      target: '0',
      ok: stored.answeredTwice.length + stored.storedTwice.length === 0,
    },
    { name: `${at} replies stored partial`, value: stored.partialReplies, unit: 'replies' },
  );
  const shown = new Map<string, number>();
  for (const c of conversations) {
    for (const e of c.errorsShown) {
      const key = `${e.code ?? 'voice mode'}: "${e.message}"`;
      shown.set(key, (shown.get(key) ?? 0) + 1);
    }
  }
  rows.push({
    name: `${at} errors shown to users`,
    value: [...shown.values()].reduce((a, b) => a + b, 0),
    unit: 'errors',
  });
  for (const [message, n] of shown) {
    rows.push({ name: `${at}   ${message}`, value: n, unit: 'times' });
  }
  const all = overheads(round);
  if (round.killedAt === null) {
    rows.push({
      name: `${at} voice overhead p95, both instances (components ${COMPONENTS_MS} ms)`,
      value: percentile(all, 95),
      unit: 'ms',
    });
  } else {
    const takeover = overheads(round, round.killedAt, round.killedAt + TAKEOVER_MS);
    const after = overheads(round, round.killedAt);
    // The same round's last seconds before the kill: the nearest baseline in time, so the
    // machine's other load (this one is shared) weighs on both alike.
    const before = overheads(round, round.killedAt - TAKEOVER_MS, round.killedAt);
    const base = baseline ? percentile(overheads(baseline), 95) : Number.NaN;
    rows.push(
      {
        name: `${at} voice overhead p95 in the ${TAKEOVER_MS / 1000} s before the kill, both instances (${before.length} spoken turns)`,
        value: percentile(before, 95),
        unit: 'ms',
      },
      {
        name: `${at} survivor's voice overhead p95 during the takeover (${TAKEOVER_MS / 1000} s after the kill, ${takeover.length} spoken turns)`,
        value: percentile(takeover, 95),
        unit: 'ms',
      },
      {
        name: `${at} survivor's voice overhead p95 after the kill (${after.length} spoken turns)`,
        value: percentile(after, 95),
        unit: 'ms',
      },
      {
        name: `${at} takeover overhead p95 over the ${TAKEOVER_MS / 1000} s before the kill`,
        value: percentile(takeover, 95) / percentile(before, 95),
        unit: '×',
      },
      {
        name: `${at} takeover overhead p95 over the baseline round's (same load, no kill)`,
        value: percentile(takeover, 95) / base,
        unit: '×',
      },
    );
  }
  return rows;
}

/**
 * Issue 25, "an instance dies mid-lesson": two instances behind HAProxy (deploy/haproxy.cfg) on
 * one PostgreSQL, the stub in its own process, 200 conversations at people's pace through the
 * load balancer, each with typed and streamed spoken turns, by clients that behave as the
 * browser does (reconnect with its backoff, resend by clientId). The same load twice: a
 * baseline, then a round in which the instance holding the most sockets is killed with SIGKILL
 * once half the turns are stored. What the clients were told is then checked in the database.
 */
export async function benchFailover(): Promise<BenchRow[]> {
  if (!postgresUrl()) {
    console.log('  skipped: several instances share one PostgreSQL (set TEST_DATABASE_URL)');
    return [];
  }
  const rows: BenchRow[] = [];
  let baseline: Round | null = null;
  for (const kill of [false, true]) {
    // A fresh cluster per round: both instances alive at the start of each.
    const cluster = await startCluster({ stub: LOAD_STUB, serverEnv: loadServerEnv });
    try {
      const round = await playRound(cluster, kill ? 'one instance killed' : 'baseline', kill);
      rows.push(
        {
          name: `failover, ${round.name}: ${CONVERSATIONS} conversations × (${TYPED_TURNS} typed + 1 streamed spoken turn, ${THINK_MS / 1000}-${(2 * THINK_MS) / 1000} s apart), 2 instances behind HAProxy, PostgreSQL`,
          value: round.elapsed,
          unit: 's',
        },
        ...roundRows(round, baseline),
      );
      if (!kill) baseline = round;
    } finally {
      await cluster.stop();
    }
  }
  return rows;
}
