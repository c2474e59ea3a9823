import { describe, expect, it } from 'vitest';
import { de } from '#shared/i18n/de';
import { en } from '#shared/i18n/en';
import { es } from '#shared/i18n/es';
import { fr } from '#shared/i18n/fr';
import { it as italian } from '#shared/i18n/it';
import { INTERFACE_LOCALES, negotiateLocale } from '#shared/i18n/locales';
import { pt } from '#shared/i18n/pt';

/**
 * The catalogues (decision 049): Spanish has every English sentence, with the same values to
 * fill in and the same plural forms; the languages still being translated hold no key English
 * lacks, and keep English's values where they translate a sentence.
 */

type Tree = { [key: string]: string | Tree };

/** Every sentence as dotted key -> text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The values a sentence fills in ({{name}}) and the sentences it nests ($t(key)), sorted. */
function slots(text: string): string[] {
  const values = [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => `{{${m[1]}}}`);
  const nested = [...text.matchAll(/\$t\(([\w.]+)\)/g)].map((m) => `$t(${m[1]})`);
  return [...new Set([...values, ...nested])].sort();
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const english = flatten(en as unknown as Tree);

describe('the English catalogue', () => {
  it('writes each plural with both English forms, and {{count}} in the one for many', () => {
    for (const key of english.keys()) {
      if (!PLURAL.test(key)) continue;
      const base = key.replace(PLURAL, '');
      expect(english.has(`${base}_one`), `${base}_one`).toBe(true);
      expect(english.has(`${base}_other`), `${base}_other`).toBe(true);
      expect(english.get(`${base}_other`), `${base}_other`).toContain('{{count}}');
    }
  });

  it('nests only sentences that exist', () => {
    for (const [key, text] of english) {
      for (const slot of slots(text).filter((s) => s.startsWith('$t('))) {
        expect(english.has(slot.slice(3, -1)), `${key} nests ${slot}`).toBe(true);
      }
    }
  });
});

describe('the Spanish catalogue (complete)', () => {
  const spanish = flatten(es as unknown as Tree);

  it('has every English key and no other', () => {
    expect([...spanish.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !spanish.has(k))).toEqual([]);
  });

  it("fills in the same values as English's sentence, and nests the same sentences", () => {
    for (const [key, text] of english) {
      expect(slots(spanish.get(key) ?? ''), key).toEqual(slots(text));
    }
  });

  it('translates: no sentence of more than a few words is left in English', () => {
    const same = [...english].filter(
      ([key, text]) => text.split(' ').length > 3 && spanish.get(key) === text,
    );
    // The archive's README keeps its file names; nothing else is copied.
    expect(same.map(([key]) => key)).toEqual([]);
  });
});

describe.each([
  ['fr', fr],
  ['de', de],
  ['pt', pt],
  ['it', italian],
] as const)('the %s catalogue (being translated)', (_locale, catalogue) => {
  const partial = flatten(catalogue as unknown as Tree);

  it('holds no key English lacks', () => {
    expect([...partial.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it("fills in the same values as English's sentence where it translates one", () => {
    for (const [key, text] of partial) {
      expect(slots(text), key).toEqual(slots(english.get(key) ?? ''));
    }
  });
});

describe('the interface languages', () => {
  it('has a catalogue for each, English first', () => {
    expect(INTERFACE_LOCALES[0]).toBe('en');
    expect(INTERFACE_LOCALES).toEqual(['en', 'es', 'fr', 'de', 'pt', 'it']);
  });

  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['ja,de-AT;q=0.7', 'de'],
    ['fr;q=0.2, pt-BR;q=0.8', 'pt'],
    ['es;q=0, it', 'it'],
    ['*', null],
    ['ja, zh-CN', null],
    ['', null],
  ])('reads %j as %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
