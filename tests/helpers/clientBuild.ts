import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ClientBuild {
  dir: string;
  /** Every emitted file, absolute paths. */
  files: string[];
  remove(): Promise<void>;
}

/**
 * Builds the client with Vite into a folder of its own (never dist/, which a developer or
 * another test may be using), with `env` added to the build's environment. The folder is in the
 * OS temp dir, not .tmp/: Express's sendFile refuses any path with a dot-folder in it, so the
 * page would not be served from there.
 */
export async function buildClient(label: string, env: Record<string, string> = {}) {
  const dir = await mkdtemp(join(tmpdir(), `chairtalk-client-${label}-`));
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  const build: ClientBuild = {
    dir,
    files,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
  return build;
}
