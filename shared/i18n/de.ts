import type { PartialCatalogue } from './en';

/**
 * German: ready for translators, partial. A sentence left out shows in English (decision 049);
 * the type allows only keys English has, and tests/unit/shared/i18n/catalogues.test.ts checks
 * that each one keeps English's {{placeholders}}. Translate section by section from en.ts.
 */
export const de = {
  common: {
    genericError: 'Ein Fehler ist aufgetreten',
    languageLabel: 'Sprache',
  },
  format: {
    notAvailable: 'k. A.',
    unknownDuration: 'Unbekannte Dauer',
    lessThanMinute: 'Weniger als eine Minute',
    minutes_one: '{{count}} Minute',
    minutes_other: '{{count}} Minuten',
  },
  account: {
    languageTitle: 'Sprache',
    languageSaved: 'Sprache gespeichert.',
  },
} satisfies PartialCatalogue;
