import { z } from 'zod';
import { conversationSchema, messageSchema } from '../conversation';
import { debriefSchema } from '../debrief';
import { languageCodeSchema } from '../languages';
import { feedbackSchema, feedbackScoresSchema } from '../feedback';
import { trainerReviewSchema } from '../review';
import { scenarioSchema } from '../scenario';
import { CONVERSATION_TEXT, INPUT_TEXT, SCENARIO_TEXT } from '../text';
import { resource } from './endpoint';

/** /api/conversations: opening, reading, ending (grading) and coaching a practice session. */

export const createConversationInput = z.strictObject({
  scenarioId: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? INPUT_TEXT.isRequired('scenarioId')
          : INPUT_TEXT.mustBeString('scenarioId'),
    })
    .max(64, { error: () => SCENARIO_TEXT.notFound }),
  /**
   * The language to hold the conversation in (decision 048); the scenario's when absent. Given
   * while the open conversation is untouched (only the patient's opening line), it restarts in
   * this language; a conversation under way keeps its own.
   */
  language: languageCodeSchema.optional(),
  /** The language the person reads the interface in: feedback is explained in it ('en'). */
  reportLanguage: languageCodeSchema.optional(),
});
export type CreateConversationInput = z.input<typeof createConversationInput>;

export const messageAudioSchema = z.object({
  /** Null where only the browser can tell (an mp3 or WebM recording). */
  durationMs: z.number().int().min(0).nullable(),
});
export type MessageAudio = z.infer<typeof messageAudioSchema>;

export const conversationResponse = z.object({ session: conversationSchema });

/** Where a branch ("Try another answer here") came from, with the original's scores. */
export const branchOriginSchema = z.object({
  /** The original conversation's id. */
  of: z.string(),
  /** The original's clinician turn this branch answers differently. */
  atMessageId: z.string(),
  /** 1-based: which of the original's clinician turns that was. */
  atTurn: z.number().int().nullable(),
  /** Null until the original has been graded. */
  originalScores: feedbackScoresSchema.nullable(),
});
export type BranchOrigin = z.infer<typeof branchOriginSchema>;

/**
 * The session with its scenario, transcript and feedback. `debrief` is null until the
 * conversation has ended (it names the hidden concerns) and for conversations graded before
 * debriefs existed.
 */
export const conversationDetailResponse = z.object({
  session: conversationSchema,
  scenario: scenarioSchema.nullable(),
  messages: z.array(messageSchema),
  feedback: feedbackSchema.nullable(),
  debrief: debriefSchema.nullable(),
  /** Null unless the conversation is a branch of another (whose original still exists). */
  branch: branchOriginSchema.nullable(),
  /**
   * The messages whose audio is kept for replay (spoken turns, while AUDIO_RETENTION_DAYS
   * allows), by message id; fetched from the `audio` operation.
   */
  audio: z.record(z.string(), messageAudioSchema).default({}),
  /** How long recordings are kept (0: none are). */
  audioRetentionDays: z.number().int().min(0).default(0),
  /**
   * The trainers' scores and turn comments, when a trainer of one of the trainee's cohorts has
   * reviewed it, each labelled with its organisation (decision 026); empty otherwise.
   */
  review: trainerReviewSchema.default({ overrides: [], comments: [] }),
});
export type ConversationDetail = z.infer<typeof conversationDetailResponse>;

/** "Try another answer here": the clinician turn of the conversation to answer differently. */
export const createBranchInput = z.strictObject({
  messageId: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? INPUT_TEXT.isRequired('messageId')
          : INPUT_TEXT.mustBeString('messageId'),
    })
    .max(64, { error: () => CONVERSATION_TEXT.messageNotFound }),
});
export type CreateBranchInput = z.input<typeof createBranchInput>;

export const feedbackResponse = z.object({
  feedback: feedbackSchema,
  debrief: debriefSchema.nullable(),
});

/** What ending a conversation gives back: its report and, when one was made, its debrief. */
export type EndedConversation = z.infer<typeof feedbackResponse>;

export const hintResponse = z.object({ hint: z.string() });

export const conversationsApi = resource('/conversations', {
  /** Opens a session, or resumes the user's open one for the scenario (200 then, 201 if new). */
  create: {
    method: 'POST',
    route: '/',
    body: createConversationInput,
    response: conversationResponse,
  },
  /** Another user's session is a 404. */
  get: { method: 'GET', route: '/:id', response: conversationDetailResponse },
  /** Grades the conversation and closes it; asking twice returns the same feedback. */
  end: { method: 'POST', route: '/:id/end', response: feedbackResponse },
  hint: { method: 'POST', route: '/:id/hint', response: hintResponse },
  /**
   * Starts a new open conversation carrying this one's transcript up to just before the
   * clinician turn `messageId`, linked to it (201). Both stay as they are.
   */
  branch: {
    method: 'POST',
    route: '/:id/branches',
    body: createBranchInput,
    response: conversationResponse,
  },
  /**
   * A message's kept recording, as audio bytes (not JSON: the response schema is null): WAV,
   * mp3 or WebM with its content type, with byte ranges so a player can seek. A missing,
   * expired or another user's recording is a 404.
   */
  audio: { method: 'GET', route: '/:id/messages/:messageId/audio', response: null },
});
