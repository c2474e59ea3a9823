import { z } from 'zod';
import { de, en, es, fr, it, pt } from 'zod/locales';
import type { InterfaceLocale } from './locales';
import { currentLocale } from './translate';

/**
 * Zod's own words for a value that breaks a rule we wrote no sentence for (a scenario file's
 * "Too big: expected array to have <=12 items"), in the reader's language (decision 049). Zod
 * ships a locale per language; its config is global, so the one error map installed here asks
 * for the current locale on each issue (the request's on the server, the chosen one in the
 * browser) rather than fixing one language for the process.
 */
const LOCALE_ERRORS: Record<InterfaceLocale, z.core.$ZodErrorMap> = {
  en: en().localeError,
  es: es().localeError,
  fr: fr().localeError,
  de: de().localeError,
  pt: pt().localeError,
  it: it().localeError,
};

/** The error map for one issue: zod's words in the locale sentences are read in now. */
export const localeError: z.core.$ZodErrorMap = (issue) => LOCALE_ERRORS[currentLocale()](issue);

/** Installs the locale-aware map; messages a schema gives itself still win over it. */
export function installZodMessages(): void {
  z.config({ localeError });
}
