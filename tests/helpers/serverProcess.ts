import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY = /ChairTalk is running at (\S+)/;

export interface ServerProcess {
  /** Where it listens, as printed by server/main.ts. */
  url: string;
  pid: number;
  /** Everything it wrote on stderr (the JSON log lines). */
  logs: string[];
  /** Sends the signal and resolves with the exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves with the exit code once the process has ended, however it ended. */
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();

/**
 * The production entry point (`server/main.ts`) in its own process, configured only through the
 * environment, as a deployment runs it. Listens on a free port of 127.0.0.1; the offline AI
 * unless `env` says otherwise.
 */
export interface SpawnOptions {
  /** Node's own flags (--cpu-prof, --import a probe…). */
  nodeArgs?: string[];
  /** Another checkout of the app to run (a benchmark's baseline build); this one by default. */
  root?: string;
}

export function spawnServer(
  env: Record<string, string>,
  { nodeArgs = [], root = ROOT }: SpawnOptions = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // Only what the server needs: nothing from the test run's own environment leaks into its
    // configuration (TEST_DATABASE_URL, CI, ...).
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'offline',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const logs: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => logs.push(chunk));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
  });

  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = READY.exec(stdout);
      if (!match) return;
      resolve({
        url: match[1]!,
        pid: child.pid!,
        logs,
        exited,
        stop(signal = 'SIGTERM') {
          child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${logs.join('')}`)),
    );
  });
}

/** Kills whatever a failed test left running (children of this test file only). */
export async function killServers(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
