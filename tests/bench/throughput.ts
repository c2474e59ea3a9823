import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/**
 * The same answer through Express 5, which our server is built on: the ceiling for any Express
 * route here, printed so the ratio to node:http can be read against what Express itself costs.
 */
const EXPRESS_HELLO_WORLD = `
const app = require('express')();
app.get('/', (req, res) => res.type('text').send('hello world'));
const server = app.listen(0, '127.0.0.1', () =>
  console.log('http://127.0.0.1:' + server.address().port),
);
`;

/** What a browser sends: our list goes out brotli-compressed to it, as in real use. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

async function spawnBaseline(source: string): Promise<{ url: string; stop(): void }> {
  // From the repository root, so that require('express') finds our own copy.
  const child = spawn(process.execPath, ['-e', source], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
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
 * Issue 6: requests per second of GET /api/scenarios, signed in and asking for compression as a
 * browser does, against the real server in its own process, beside a raw node:http hello world
 * (the target's yardstick) and an Express 5 one, each in its own process, measured the same way
 * in the same run.
 */
export async function benchThroughput(): Promise<BenchRow[]> {
  const chairtalk = await startChildBenchServer({ LOG_LEVEL: 'error' });
  const baselines = await Promise.all([
    spawnBaseline(HELLO_WORLD),
    spawnBaseline(EXPRESS_HELLO_WORLD),
  ]).catch(async (error: unknown) => {
    await chairtalk.stop();
    await chairtalk.drop();
    throw error;
  });
  const [hello, expressHello] = baselines;
  try {
    const user = await signedInClient(chairtalk.server.url, 'Dr Throughput');
    if (!user.cookie) throw new Error('no session cookie after sign-up');
    const baseline = await load(hello.url);
    const expressBaseline = await load(expressHello.url);
    const ours = await load(`${chairtalk.server.url}/api/scenarios`, {
      ...BROWSER_HEADERS,
      cookie: user.cookie,
    });
    const ratio = ours.requests.average / baseline.requests.average;
    const expressRatio = expressBaseline.requests.average / baseline.requests.average;
    const ratioToExpress = ours.requests.average / expressBaseline.requests.average;
    const failures = ours.errors + ours.timeouts + ours.non2xx;
    const setup = `${CONNECTIONS} connections, ${SECONDS} s`;
    return [
      {
        name: `throughput: node:http hello world (${setup})`,
        value: baseline.requests.average,
        unit: 'req/s',
      },
      {
        name: 'throughput: Express 5 hello world',
        value: expressBaseline.requests.average,
        unit: 'req/s',
      },
      {
        name: 'throughput: Express 5 hello world, ratio to node:http',
        value: expressRatio,
        unit: '×',
      },
      {
        name: `throughput: GET /api/scenarios signed in, brotli (${chairtalk.label})`,
        value: ours.requests.average,
        unit: 'req/s',
      },
      { name: 'throughput: GET /api/scenarios p99 latency', value: ours.latency.p99, unit: 'ms' },
      {
        name: 'throughput: ratio to node:http hello world',
        value: ratio,
        unit: '×',
        target: `≥ ${RATIO_TARGET}`,
        ok: ratio >= RATIO_TARGET,
      },
      {
        name: 'throughput: ratio to Express 5 hello world',
        value: ratioToExpress,
        unit: '×',
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
    for (const baseline of baselines) baseline.stop();
    await chairtalk.stop();
    await chairtalk.drop();
  }
}
