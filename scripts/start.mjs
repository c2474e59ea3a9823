// `npm start`: build the client when it is missing or older than its sources, then serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/client/index.html';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const stale =
  !existsSync(built) ||
  Math.max(newestMtime('client'), newestMtime('shared')) > statSync(built).mtimeMs;

if (stale) {
  console.log('Building the client (first start or changed sources)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Serve in this same process so signals (SIGTERM from a process manager) reach the server.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
