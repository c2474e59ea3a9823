import { z } from 'zod';
import { languageCodeSchema } from '../languages';
import { scenarioFileSchema, scenarioSeedSchema, scenarioVisibilitySchema } from '../scenarioSeed';
import { INPUT_TEXT, ORGANISATION_TEXT } from '../text';
import { resource } from './endpoint';

/**
 * /api/authoring/scenarios: an author's own scenarios, as editable data. Only their author ever
 * reads them here, hidden concerns included; trainees practise them through /api/scenarios and
 * /api/conversations like any other. Another user's scenario id is not found.
 */

/** One of the author's scenarios in their list. */
export const authoredScenarioSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.string(),
  visibility: scenarioVisibilitySchema,
  /** The organisation it is shared with; null unless visibility is 'organisation'. */
  organisationId: z.string().nullable(),
  /** 1, then one more each time an edit follows a conversation (the old one is kept for it). */
  version: z.number().int(),
  updatedAt: z.string(),
  /** Conversations practised on it, all versions together. */
  conversations: z.number().int(),
});
export type AuthoredScenarioSummary = z.infer<typeof authoredScenarioSummarySchema>;

/**
 * Who may practise it: the author alone, or the trainer and current members of an
 * organisation the author trains. Left out of an update, it stays as it was; of a create, private.
 */
export const scenarioSharingSchema = z.discriminatedUnion('visibility', [
  z.strictObject({ visibility: z.literal('private') }),
  z.strictObject({
    visibility: z.literal('organisation'),
    organisationId: z
      .string()
      .min(1, { error: () => INPUT_TEXT.required('organisationId') })
      .max(64, { error: () => ORGANISATION_TEXT.idNotFound }),
  }),
]);
export type ScenarioSharing = z.infer<typeof scenarioSharingSchema>;

/** The body of a create or an update: the scenario, in the seed files' own shape. */
export const scenarioInput = z.strictObject({
  scenario: scenarioSeedSchema,
  sharing: scenarioSharingSchema.optional(),
});
export type ScenarioInput = z.input<typeof scenarioInput>;

export const authoredScenarioResponse = z.object({
  summary: authoredScenarioSummarySchema,
  scenario: scenarioSeedSchema,
});
export type AuthoredScenarioResponse = z.infer<typeof authoredScenarioResponse>;

export const updatedScenarioResponse = authoredScenarioResponse.extend({
  /** True when the edit became a new version because the old one had conversations. */
  versioned: z.boolean(),
});

export const deletedScenarioResponse = z.object({
  /** 'soft': it had conversations, which keep showing it; 'hard': it is gone. */
  deleted: z.enum(['soft', 'hard']),
});

/** What a scenario is to be translated into: one of the conversation languages. */
export const translateScenarioBody = z.strictObject({ language: languageCodeSchema });

/**
 * A draft of the scenario in the language asked for, for its author to review and save as a
 * new one: nothing is stored (decision 048).
 */
export const translatedScenarioResponse = z.object({ scenario: scenarioSeedSchema });
export type TranslatedScenarioResponse = z.infer<typeof translatedScenarioResponse>;

/** ?ids=a,b,c: the scenarios to export, in that order. */
export const exportQuery = z.object({
  ids: z
    .string({ error: () => INPUT_TEXT.isRequired('ids') })
    .transform((ids) => ids.split(',').filter((id) => id !== ''))
    .pipe(
      z
        .array(z.string())
        .min(1, { error: () => INPUT_TEXT.atLeastOneId('ids') })
        .max(100, { error: () => INPUT_TEXT.atMostIds('ids', 100) }),
    ),
});

/** Import bodies may be larger than any other request: a file holds up to 100 scenarios. */
export const IMPORT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export const authoringApi = resource('/authoring/scenarios', {
  /** The author's own scenarios, most recently changed first. */
  list: {
    method: 'GET',
    route: '/',
    response: z.object({ scenarios: z.array(authoredScenarioSummarySchema) }),
  },
  /** Export (one or many) in the import format; declared before '/:id' so it is not an id. */
  export: { method: 'GET', route: '/export', query: exportQuery, response: scenarioFileSchema },
  get: { method: 'GET', route: '/:id', response: authoredScenarioResponse },
  create: { method: 'POST', route: '/', body: scenarioInput, response: authoredScenarioResponse },
  update: { method: 'POST', route: '/:id', body: scenarioInput, response: updatedScenarioResponse },
  /** A private copy of a shipped scenario or of one of the author's own (decision 021). */
  duplicate: { method: 'POST', route: '/:id/duplicate', response: authoredScenarioResponse },
  /**
   * A draft translation, by the AI provider, of a scenario the author may copy (a shipped one,
   * its secrets left out as in a copy, or one of their own). Saves nothing.
   */
  translate: {
    method: 'POST',
    route: '/:id/translate',
    body: translateScenarioBody,
    response: translatedScenarioResponse,
  },
  delete: { method: 'DELETE', route: '/:id', response: deletedScenarioResponse },
  /** Every scenario of the file or none; a bad file names every problem with its path. */
  import: {
    method: 'POST',
    route: '/import',
    body: scenarioFileSchema,
    response: z.object({ scenarios: z.array(authoredScenarioSummarySchema) }),
  },
});
