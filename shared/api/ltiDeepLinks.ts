import { z } from 'zod';
import { DUE_YEARS, dueDateInRange } from '../organisations';
import { INPUT_TEXT, LTI_DEEP_LINK_TEXT } from '../text';
import { resource } from './endpoint';

/**
 * The deep-linking picker (LTI Deep Linking 2.0, decision 051): an instructor's request from
 * their course, kept by the server under a one-use id, answered here. Only the instructor the
 * request was made for reads or answers it (404 to anyone else); answering creates (or reuses)
 * the cohort assignment and signs our response, which the browser then posts to the platform
 * from the page at `sendUrl`.
 */

export const deepLinkScenarioSchema = z.object({
  id: z.string(),
  title: z.string(),
  difficulty: z.string(),
});

export const deepLinkPickerResponse = z.object({
  /** The course's cohort, where the assignment goes. */
  cohortName: z.string(),
  /** What the instructor may assign there: shipped scenarios, their own, the organisation's. */
  scenarios: z.array(deepLinkScenarioSchema),
  /** Whether the platform will make a gradebook column for the link. */
  lineItem: z.boolean(),
  expiresAt: z.string(),
});
export type DeepLinkPicker = z.infer<typeof deepLinkPickerResponse>;

export const deepLinkChoiceInput = z.strictObject({
  scenarioId: z.uuid({ error: () => LTI_DEEP_LINK_TEXT.chooseFirst }),
  dueAt: z.iso
    .datetime({ offset: true, error: () => INPUT_TEXT.dateTime('dueAt') })
    .refine(dueDateInRange, {
      error: () => INPUT_TEXT.dateBetween('dueAt', DUE_YEARS.min, DUE_YEARS.max),
    })
    .nullable()
    .optional(),
});
export type DeepLinkChoice = z.input<typeof deepLinkChoiceInput>;

/** Where the browser goes next: our page that posts the signed answer to the platform. */
export const deepLinkSendResponse = z.object({ sendUrl: z.string() });

export const ltiDeepLinkApi = resource('/lti/deep-links', {
  picker: { method: 'GET', route: '/:id', response: deepLinkPickerResponse },
  /** Places the chosen scenario in the course: the assignment, then our signed answer. */
  choose: {
    method: 'POST',
    route: '/:id',
    body: deepLinkChoiceInput,
    response: deepLinkSendResponse,
  },
  /** Places nothing: an empty answer, so the platform closes its dialog. */
  cancel: { method: 'POST', route: '/:id/cancel', response: deepLinkSendResponse },
});
