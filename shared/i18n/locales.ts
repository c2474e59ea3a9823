/**
 * The languages ChairTalk's interface speaks (decision 049), in the order the language select
 * lists them. English is the source and the fallback; Spanish is complete; the others are ready
 * for translators and show English wherever a sentence is not translated yet.
 */
export const INTERFACE_LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number];

export const DEFAULT_LOCALE: InterfaceLocale = 'en';

/** Each language's own name for itself: what the language select shows. */
export const LOCALE_NAMES: Record<InterfaceLocale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
};

/**
 * The Intl tag dates and numbers are formatted with. English keeps en-US, which the spec's
 * formats ('Jan 5, 2025', '3:04 PM') are written in.
 */
export const INTL_TAGS: Record<InterfaceLocale, string> = {
  en: 'en-US',
  es: 'es',
  fr: 'fr',
  de: 'de',
  pt: 'pt',
  it: 'it',
};

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === 'string' && (INTERFACE_LOCALES as readonly string[]).includes(value);
}

/**
 * The interface locale for a language tag ('es-MX' -> 'es'), or null when we do not speak it.
 */
export function interfaceLocaleOf(tag: string): InterfaceLocale | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isInterfaceLocale(base) ? base : null;
}

/**
 * The best interface locale for an Accept-Language header (RFC 9110 §12.5.4: tags with
 * q-values; q=0 means "not this"), or null when it names none we speak.
 */
export function negotiateLocale(header: string | undefined | null): InterfaceLocale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    // Stable: equal weights keep the header's order.
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const locale = interfaceLocaleOf(entry.tag);
    if (locale) return locale;
  }
  return null;
}
