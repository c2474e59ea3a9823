import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIFFICULTIES } from '#shared/scenario';
import { scenarioSeedSchema, type ScenarioSeed } from './schema';

/** Every problem found in a library folder, one `file: path: message` line each. */
export class ScenarioLibraryError extends Error {
  constructor(
    readonly dir: string,
    readonly problems: string[],
  ) {
    super(
      `The scenario library in ${dir} has ${problems.length} problem(s):\n${problems.join('\n')}`,
    );
    this.name = 'ScenarioLibraryError';
  }
}

/** `extras.hiddenConcerns[0].unlock`, the way an author would find it in the file. */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

/**
 * One file on its own: valid JSON, the seed schema, and a name that matches its slug. `seed` is
 * there whenever the schema passed, so a caller can still compare slugs across files.
 */
export function parseScenarioFile(
  file: string,
  text: string,
): { seed: ScenarioSeed | null; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { seed: null, problems: [`${file}: not valid JSON: ${(error as Error).message}`] };
  }
  const result = scenarioSeedSchema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const at = formatPath(issue.path);
      return at ? `${file}: ${at}: ${issue.message}` : `${file}: ${issue.message}`;
    });
    return { seed: null, problems };
  }
  const seed = result.data;
  // Seeding upserts by slug, so a file copied to start a new scenario that kept its old slug
  // would silently overwrite the original; a name that must match makes that impossible.
  const problems =
    file === `${seed.slug}.json`
      ? []
      : [`${file}: slug: "${seed.slug}" differs from the file name (${seed.slug}.json)`];
  return { seed, problems };
}

/**
 * Listed the way the scenario list shows them (spec §7: by difficulty, then title), so the
 * order does not depend on file names or on the file system's directory order. Titles compare
 * by code point rather than locale so every machine gets the same order.
 */
function byDifficultyThenTitle(a: ScenarioSeed, b: ScenarioSeed): number {
  const rank = DIFFICULTIES.indexOf(a.difficulty) - DIFFICULTIES.indexOf(b.difficulty);
  if (rank !== 0) return rank;
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/**
 * Reads every `*.json` in `dir` (other files, such as the README, are skipped). Collects the
 * problems of all files before throwing, so an author fixing several scenarios sees everything
 * at once rather than one error per start.
 */
export function loadLibrary(dir: string): ScenarioSeed[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const problems: string[] = [];
  const fileBySlug = new Map<string, string>();
  const library: ScenarioSeed[] = [];

  for (const file of files) {
    const { seed, problems: own } = parseScenarioFile(file, readFileSync(join(dir, file), 'utf8'));
    problems.push(...own);
    if (!seed) continue;
    const other = fileBySlug.get(seed.slug);
    if (other) {
      problems.push(`${file}: slug: "${seed.slug}" is already used by ${other}`);
      continue;
    }
    fileBySlug.set(seed.slug, file);
    library.push(seed);
  }

  if (files.length === 0) problems.push('no scenario files (*.json) found');
  if (problems.length > 0) throw new ScenarioLibraryError(dir, problems);
  return library.sort(byDifficultyThenTitle);
}
