import type { PartialCatalogue } from './en';

/**
 * French: ready for translators, partial. A sentence left out shows in English (decision 049);
 * the type allows only keys English has, and tests/unit/shared/i18n/catalogues.test.ts checks
 * that each one keeps English's {{placeholders}}. Translate section by section from en.ts.
 */
export const fr = {
  common: {
    genericError: 'Une erreur s’est produite',
    languageLabel: 'Langue',
  },
  format: {
    notAvailable: 'N/D',
    unknownDuration: 'Durée inconnue',
    lessThanMinute: 'Moins d’une minute',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
  },
  account: {
    languageTitle: 'Langue',
    languageSaved: 'Langue enregistrée.',
  },
} satisfies PartialCatalogue;
