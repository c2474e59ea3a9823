import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { signedInClient } from '../helpers/httpClient';
import { startChildBenchServer } from './childServer';
import type { BenchRow } from './report';

const CONNECTIONS = Number(process.env.BENCH_THROUGHPUT_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5);
const RATIO_TARGET = 0.5;

/** The fastest a Node HTTP server can answer on this machine: the yardstick for ours. */
const HELLO_WORLD = `
const server = require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello world');
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
`;

async function spawnHelloWorld(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', HELLO_WORLD], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
  });
  return { url, stop: () => child.kill() };
}

async function load(url: string, headers: Record<string, string> = {}) {
  // A short first run warms the JIT and the connection pools; only the second counts.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
}

/**
 * Issue 6: requests per second of GET /api/scenarios, signed in, against the real server in its
 * own process, beside a raw node:http hello world in its own process, measured the same way in
 * the same run.
 */
export async function benchThroughput(): Promise<BenchRow[]> {
  const chairtalk = await startChildBenchServer({ LOG_LEVEL: 'error' });
  const hello = await spawnHelloWorld().catch(async (error: unknown) => {
    await chairtalk.stop();
    await chairtalk.drop();
    throw error;
  });
  try {
    const user = await signedInClient(chairtalk.server.url, 'Dr Throughput');
    if (!user.cookie) throw new Error('no session cookie after sign-up');
    const baseline = await load(hello.url);
    const ours = await load(`${chairtalk.server.url}/api/scenarios`, { cookie: user.cookie });
    const ratio = ours.requests.average / baseline.requests.average;
    const failures = ours.errors + ours.timeouts + ours.non2xx;
    const setup = `${CONNECTIONS} connections, ${SECONDS} s`;
    return [
      {
        name: `throughput: node:http hello world (${setup})`,
        value: baseline.requests.average,
        unit: 'req/s',
      },
      {
        name: `throughput: GET /api/scenarios signed in (${chairtalk.label})`,
        value: ours.requests.average,
        unit: 'req/s',
      },
      { name: 'throughput: GET /api/scenarios p99 latency', value: ours.latency.p99, unit: 'ms' },
      {
        name: 'throughput: ratio to hello world',
        value: ratio,
        unit: '×',
        target: `≥ ${RATIO_TARGET}`,
        ok: ratio >= RATIO_TARGET,
      },
      {
        name: 'throughput: failed requests (errors, timeouts, non-2xx)',
        value: failures,
        unit: 'requests',
        target: '0',
        ok: failures === 0,
      },
    ];
  } finally {
    hello.stop();
    await chairtalk.stop();
    await chairtalk.drop();
  }
}
