import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { bounded } from './bounded';
import { freePort } from './freePort';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The config the README documents; tests run this very file, with their own ports. */
export const HAPROXY_CONFIG = join(ROOT, 'deploy', 'haproxy.cfg');
/** The response header naming the instance that served, added in tests only. */
export const INSTANCE_HEADER = 'x-chairtalk-instance';

/** HAProxy's binary: on PATH, or where Debian puts it (/usr/sbin is not on a user's PATH). */
export function haproxyBinary(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'haproxy');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export interface Backend {
  name: string;
  /** host:port */
  address: string;
}

/**
 * deploy/haproxy.cfg with its frontend's `bind` and the backend's `server` lines replaced: the
 * rest (timeouts, health checks, balancing, redispatch) is what a deployment runs.
 * `nameInstance` adds a response header naming the instance that answered (tests only: a
 * deployment has no reason to tell clients its topology).
 */
export function renderHaproxyConfig(
  template: string,
  options: { bind: string; backends: Backend[]; nameInstance?: boolean },
): string {
  const lines = template.split('\n');
  const out: string[] = [];
  let section = '';
  for (const line of lines) {
    const header = /^(global|defaults|frontend|backend|listen)\b/.exec(line);
    if (header) section = header[1]!;
    if (section === 'frontend' && /^\s+bind\s/.test(line)) {
      out.push(`    bind ${options.bind}`);
      continue;
    }
    if (section === 'backend' && /^\s+server\s/.test(line)) continue;
    out.push(line);
    if (section === 'backend' && /^\s+default-server\s/.test(line)) {
      for (const backend of options.backends) {
        out.push(`    server ${backend.name} ${backend.address}`);
      }
      if (options.nameInstance) {
        out.push(`    http-response set-header ${INSTANCE_HEADER} %s`);
      }
    }
  }
  return out.join('\n');
}

export interface Haproxy {
  url: string;
  pid: number;
  /** What it logged (servers going DOWN and UP). */
  logs: string[];
  stop(): Promise<void>;
}

/**
 * HAProxy in the foreground on a free port of 127.0.0.1, in front of `backends`, with the
 * repository's config. Resolves once it answers the health check through a backend.
 */
export async function startHaproxy(
  backends: Backend[],
  options: { nameInstance?: boolean } = {},
): Promise<Haproxy> {
  const binary = haproxyBinary();
  if (!binary) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'chairtalk-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    renderHaproxyConfig(readFileSync(HAPROXY_CONFIG, 'utf8'), {
      bind: `127.0.0.1:${port}`,
      backends,
      ...options,
    }),
  );
  // -db: stay in the foreground, so this process owns it and its log goes to stderr.
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => logs.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => logs.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await bounded(exited, 5_000, 'HAProxy to exit after SIGTERM').catch(() => {
      child.kill('SIGKILL');
    });
    rmSync(dir, { recursive: true, force: true });
  };
  let waiting = true;
  const ready = (async () => {
    while (waiting) {
      const response = await fetch(`${url}/api/health`).catch(() => null);
      if (response?.status === 200) return;
      await sleep(50);
    }
  })();
  const died = exited.then((code) => {
    throw new Error(`haproxy exited with ${code}:\n${logs.join('')}`);
  });
  try {
    await bounded(Promise.race([ready, died]), 10_000, `HAProxy to answer ${url}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    waiting = false;
  }
  return { url, pid: child.pid!, logs, stop };
}
