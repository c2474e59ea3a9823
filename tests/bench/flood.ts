import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { signedInClient } from '../helpers/httpClient';
import { TestSocket, openConversationWebSocket } from '../helpers/socketClient';
import { startChildBenchServer } from './childServer';
import { percentile, type BenchRow } from './report';

/** The measured user's turns per phase. */
const TURNS = 150;
/** The flooder's rate: ten turn frames every 10 ms. */
const FLOOD_BATCH = 10;
const FLOOD_EVERY_MS = 10;

interface Phase {
  /** Time from sending a turn to its `turn_stored`, ms. */
  stored: number[];
  /** Flood sockets the server closed during the phase. */
  floodClosed: number;
  floodFrames: number;
}

/**
 * Issue 12: one client floods turns on its socket (1,000 frames a second, reconnecting whenever
 * it is hung up on) while another user talks. The other user's time to `turn_stored` is
 * measured with no flood, during the flood with the frame budget on (the default), and during
 * the flood with the budget effectively off: the baseline of what the budget buys.
 */
export async function benchFlood(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const budget of ['on', 'off'] as const) {
    const target = await startChildBenchServer({
      AI_PROVIDER: 'offline',
      TURNS_PER_HOUR: '100000',
      AI_BUDGET_PER_HOUR: '10000000',
      CONCURRENT_TURNS_PER_USER: '1000',
      LOG_LEVEL: 'error',
      ...(budget === 'off' ? { SOCKET_FRAMES_PER_SECOND: '10000' } : {}),
    });
    try {
      const url = target.server.url;
      const quiet = await measureOtherUser(url, null);
      const flooded = await measureOtherUser(url, await floodTarget(url));
      const tag = `budget ${budget}, ${target.label}`;
      if (budget === 'on') {
        rows.push({
          name: `flood: another user's turn p99, no flood (${tag})`,
          value: percentile(quiet.stored, 99),
          unit: 'ms',
        });
      }
      rows.push(
        {
          name: `flood: another user's turn p99 during a 1,000 frames/s flood (${tag})`,
          value: percentile(flooded.stored, 99),
          unit: 'ms',
          ...(budget === 'on'
            ? {
                target: `≤ 3× no flood (${(3 * percentile(quiet.stored, 99)).toFixed(1)})`,
                ok: percentile(flooded.stored, 99) <= 3 * percentile(quiet.stored, 99),
              }
            : {}),
        },
        {
          name: `flood: flood sockets hung up on (${tag})`,
          value: flooded.floodClosed,
          unit: `of ${flooded.floodFrames} frames`,
        },
      );
    } finally {
      await target.server.stop();
      await target.drop();
    }
  }
  return rows;
}

interface FloodTarget {
  url: string;
  cookie: string | null;
  conversationId: string;
}

async function floodTarget(url: string): Promise<FloodTarget> {
  const flooder = await signedInClient(url, 'Flooder');
  const { body } = await flooder.get('/api/scenarios');
  const created = await flooder.post('/api/conversations', { scenarioId: body.scenarios[0].id });
  return { url, cookie: flooder.cookie, conversationId: created.body.session.id };
}

/** The other user's turns, one after another, while `flood` (if any) hammers its own socket. */
async function measureOtherUser(url: string, flood: FloodTarget | null): Promise<Phase> {
  const user = await signedInClient(url, 'Other User');
  const { body } = await user.get('/api/scenarios');
  const created = await user.post('/api/conversations', { scenarioId: body.scenarios[1].id });
  const socket = await TestSocket.open(url, created.body.session.id, { cookie: user.cookie });
  await socket.next('history');

  const flooding = flood ? startFlood(flood) : null;
  const stored: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const from = socket.frames.length;
    const started = performance.now();
    socket.send({
      type: 'turn',
      clientId: randomUUID(),
      text: 'How are you feeling?',
      stream: true,
    });
    await socket.next('turn_stored', () => true, from);
    stored.push(performance.now() - started);
    await socket.next('reply_done', () => true, from);
  }
  const counts = flooding ? await flooding.stop() : { closed: 0, frames: 0 };
  await socket.close();
  return { stored, floodClosed: counts.closed, floodFrames: counts.frames };
}

function startFlood(target: FloodTarget) {
  let stopped = false;
  let closed = 0;
  let frames = 0;
  let current: ReturnType<typeof openConversationWebSocket> | null = null;
  const loop = (async () => {
    while (!stopped) {
      const ws = openConversationWebSocket(target.url, target.conversationId, {
        cookie: target.cookie,
      });
      current = ws;
      ws.on('error', () => undefined);
      const opened = await Promise.race([
        once(ws, 'open').then(() => true),
        once(ws, 'close').then(() => false),
      ]);
      if (!opened) continue;
      const timer = setInterval(() => {
        for (let i = 0; i < FLOOD_BATCH && ws.readyState === ws.OPEN; i++) {
          ws.send(
            JSON.stringify({ type: 'turn', clientId: randomUUID(), text: 'x', stream: true }),
          );
          frames++;
        }
      }, FLOOD_EVERY_MS);
      await once(ws, 'close');
      clearInterval(timer);
      if (!stopped) closed++;
    }
  })();
  return {
    async stop() {
      stopped = true;
      current?.terminate();
      await loop;
      return { closed, frames };
    },
  };
}
