import type { PartialCatalogue } from './en';

/** it: ready for translators. Any sentence left out here shows in English (decision 049). */
export const it = {} satisfies PartialCatalogue;
