import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { TestSocket } from '../helpers/socketClient';
import { startBenchServer } from './benchServer';
import { spawnStub } from './stubProcess';
import { percentile, type BenchRow } from './report';

const TURNS = 240;
const CONVERSATIONS = 24;

/** Time to the first content chunk straight from the stub, over raw HTTP: the baseline. */
async function directFirstToken(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let at = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(at) && /"content":"[^"]/.test(text)) at = performance.now() - started;
  }
  return at;
}

/**
 * Issue 3: time to first token through our server (socket turn → first reply_delta, which
 * includes storing the turn and reading the history) against the stub directly, over ≥ 200 turns.
 */
export async function benchChatRelay(): Promise<BenchRow[]> {
  // The stub in its own process, as a provider is on its own machine: in ours, its 20 ms
  // timer would start only once our server (and an embedded database on its thread) let go
  // of the event loop, counting the stub's lateness as our overhead.
  const stub = await spawnStub({
    reply: 'Well, I suppose that makes sense. What would it cost me, roughly?',
    transcription: '',
    transcriptionDelayMs: 0,
    firstTokenDelayMs: 20,
    tokenDelayMs: 2,
    speechBytes: 0,
    speechChunks: 1,
    speechFirstByteDelayMs: 0,
  });
  const { server, user, scenarioIds, close } = await startBenchServer(stub.url);

  const sockets: TestSocket[] = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    const created = await user.post('/api/conversations', {
      scenarioId: scenarioIds[i % scenarioIds.length],
    });
    const socket = await TestSocket.open(server.url, created.body.session.id, {
      cookie: user.cookie,
    });
    await socket.next('history');
    sockets.push(socket);
  }

  const ours: number[] = [];
  const direct: number[] = [];
  // Warm both paths (JIT, connection pools) before measuring.
  for (let i = 0; i < 10; i++) await directFirstToken(stub.url);
  for (let turn = -1; turn < TURNS / CONVERSATIONS; turn++) {
    for (const socket of sockets) {
      const from = socket.frames.length;
      const started = performance.now();
      socket.send({
        type: 'turn',
        clientId: randomUUID(),
        text: 'How are you feeling about it?',
        stream: true,
      });
      await socket.next('reply_delta', () => true, from);
      const elapsed = performance.now() - started;
      await socket.next('reply_done', () => true, from);
      const baseline = await directFirstToken(stub.url);
      if (turn >= 0) {
        ours.push(elapsed);
        direct.push(baseline);
      }
    }
  }
  await Promise.all(sockets.map((s) => s.close()));
  await close();
  stub.stop();

  const p50Added = percentile(ours, 50) - percentile(direct, 50);
  const p95Added = percentile(ours, 95) - percentile(direct, 95);
  return [
    {
      name: `chat TTFT direct to stub p50 (${direct.length} turns)`,
      value: percentile(direct, 50),
      unit: 'ms',
    },
    { name: 'chat TTFT through ChairTalk p50', value: percentile(ours, 50), unit: 'ms' },
    { name: 'chat TTFT through ChairTalk p95', value: percentile(ours, 95), unit: 'ms' },
    {
      name: 'chat relay added p50',
      value: p50Added,
      unit: 'ms',
      target: '≤ 5 ms',
      ok: p50Added <= 5,
    },
    {
      name: 'chat relay added p95',
      value: p95Added,
      unit: 'ms',
      target: '≤ 15 ms',
      ok: p95Added <= 15,
    },
  ];
}
