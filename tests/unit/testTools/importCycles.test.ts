import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../helpers/importCycles';

describe('import cycles (decision 031)', () => {
  it('client, server and shared import no module in a loop, type-only imports included', () => {
    const cycles = importCycles(importGraph(['client/src', 'server', 'shared']));
    expect(cycles.map((group) => group.map((file) => relative(process.cwd(), file)))).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a loop made only of type imports, which ESLint import-x/no-cycle skips', () => {
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B[];\n");
    writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport type B = A | 1;\n");
    writeFileSync(join(dir, 'c.ts'), "import type { A } from './a';\nexport type C = A;\n");
    expect(importCycles(importGraph([dir]))).toEqual([[join(dir, 'a.ts'), join(dir, 'b.ts')]]);
  });
});
