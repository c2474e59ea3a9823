import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineCounts, inlineSentences } from '../../helpers/inlineText';

/**
 * No sentence outside the catalogues (decision 049): JSX text with letters, and string literals
 * in the attributes a person reads or hears (aria-label, title, placeholder, alt, label), are
 * counted per file of client/src. Moving the labels components still write inline is a sweep
 * in progress, so the counts of today are a baseline that may only shrink: a new file with
 * inline text, or a file whose count grows, fails; a file whose count fell must lower its
 * baseline (UPDATE_INLINE_TEXT_BASELINE=1 rewrites it, only ever downwards).
 */

const ROOT = join(import.meta.dirname, '../../..');
const BASELINE_FILE = join(import.meta.dirname, 'inlineText.baseline.json');
describe('inline sentences in client components', () => {
  it('finds JSX text and read attributes, and leaves expressions, classes and ids alone', () => {
    const found = inlineSentences(`
      const a = <p className="x" id="y">Hello there</p>;
      const b = <button aria-label="Close dialog" title={'More'} data-x="z">{T.ok}</button>;
      const c = <input placeholder={busy ? 'Wait' : T.hint} alt={T.alt} />;
      const d = <span>{'Inline'} {count} · 3/10 {T.label}</span>;
    `);
    expect(found).toEqual([
      'Hello there',
      'aria-label="Close dialog"',
      'title="More"',
      'placeholder="Wait"',
      'Inline',
    ]);
  });

  it('adds no new inline sentence, in no file (the baseline may only shrink)', () => {
    const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Record<string, number>;
    const counts = inlineCounts(ROOT);
    const grown = Object.entries(counts)
      .filter(([file, n]) => n > (baseline[file] ?? 0))
      .map(([file, n]) => {
        const words = inlineSentences(readFileSync(join(ROOT, file), 'utf8'), file);
        return `${file}: ${n} inline (baseline ${baseline[file] ?? 0}): ${words.join(' | ')}`;
      });
    expect(
      grown,
      'Put these sentences in shared/i18n/en.ts and read them from shared/text.ts',
    ).toEqual([]);

    const shrunk = Object.entries(baseline).filter(([file, n]) => (counts[file] ?? 0) < n);
    if (shrunk.length > 0 && process.env.UPDATE_INLINE_TEXT_BASELINE === '1') {
      writeFileSync(BASELINE_FILE, `${JSON.stringify(counts, null, 2)}\n`);
      return;
    }
    expect(
      shrunk.map(([file, n]) => `${file}: ${counts[file] ?? 0} now, baseline ${n}`),
      'Lower the baseline (UPDATE_INLINE_TEXT_BASELINE=1) so the text cannot come back',
    ).toEqual([]);
  });
});
