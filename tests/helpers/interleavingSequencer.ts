import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The browser files that share the two workers with the integration files. */
export const SHARED_BROWSER_PROJECT = 'pages';

/**
 * Vitest's order (longest first), with the page-level browser files spread evenly among the
 * server files: the pool takes files in this order as workers free up, so most of the time one
 * worker drives a browser while the other runs a server test, instead of two browsers at once
 * at the start and two database-bound files at once at the end (decision 047).
 */
export class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const pages = sorted.filter((spec) => spec.project.name === SHARED_BROWSER_PROJECT);
    if (pages.length === 0) return sorted;
    const rest = sorted.filter((spec) => spec.project.name !== SHARED_BROWSER_PROJECT);
    const every = Math.max(1, Math.floor(rest.length / pages.length));
    const out: TestSpecification[] = [];
    for (const [i, spec] of rest.entries()) {
      if (i % every === 0 && pages.length > 0) out.push(pages.shift()!);
      out.push(spec);
    }
    return [...out, ...pages];
  }
}
