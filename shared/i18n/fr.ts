import type { PartialCatalogue } from './en';

/** fr: ready for translators. Any sentence left out here shows in English (decision 049). */
export const fr = {} satisfies PartialCatalogue;
