import type { PartialCatalogue } from './en';

/**
 * Portuguese: ready for translators, partial. A sentence left out shows in English (decision 049);
 * the type allows only keys English has, and tests/unit/shared/i18n/catalogues.test.ts checks
 * that each one keeps English's {{placeholders}}. Translate section by section from en.ts.
 */
export const pt = {
  common: {
    genericError: 'Ocorreu um erro',
    languageLabel: 'Idioma',
  },
  format: {
    notAvailable: 'N/D',
    unknownDuration: 'Duração desconhecida',
    lessThanMinute: 'Menos de um minuto',
    minutes_one: '{{count}} minuto',
    minutes_other: '{{count}} minutos',
  },
  account: {
    languageTitle: 'Idioma',
    languageSaved: 'Idioma guardado.',
  },
} satisfies PartialCatalogue;
