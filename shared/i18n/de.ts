import type { PartialCatalogue } from './en';

/** de: ready for translators. Any sentence left out here shows in English (decision 049). */
export const de = {} satisfies PartialCatalogue;
