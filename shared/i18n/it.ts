import type { PartialCatalogue } from './en';

/**
 * Italian: ready for translators, partial. A sentence left out shows in English (decision 049);
 * the type allows only keys English has, and tests/unit/shared/i18n/catalogues.test.ts checks
 * that each one keeps English's {{placeholders}}. Translate section by section from en.ts.
 */
export const it = {
  common: {
    genericError: 'Si è verificato un errore',
    languageLabel: 'Lingua',
  },
  format: {
    notAvailable: 'N/D',
    unknownDuration: 'Durata sconosciuta',
    lessThanMinute: 'Meno di un minuto',
    minutes_one: '{{count}} minuto',
    minutes_other: '{{count}} minuti',
  },
  account: {
    languageTitle: 'Lingua',
    languageSaved: 'Lingua salvata.',
  },
} satisfies PartialCatalogue;
