import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Another commit of the app, unpacked beside this one so a benchmark can run it in the same run
 * and on the same machine: today's code against the code it replaces. Its files come from git
 * (`git archive`), its packages are this checkout's (a superset, as long as the baseline adds
 * none). Null, with the reason, where the commit is not in this clone (a shallow one).
 */
export function unpackBaseline(
  ref: string,
): { dir: string; commit: string; remove(): void } | { dir: null; reason: string } {
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return { dir: null, reason: `${ref} is not in this clone` };
  }
  const dir = mkdtempSync(join(tmpdir(), `chairtalk-baseline-${commit}-`));
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: ROOT });
  if (!existsSync(join(dir, 'node_modules'))) {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  }
  return { dir, commit, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
