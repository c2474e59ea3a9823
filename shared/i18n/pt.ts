import type { PartialCatalogue } from './en';

/** pt: ready for translators. Any sentence left out here shows in English (decision 049). */
export const pt = {} satisfies PartialCatalogue;
