import { describe, expect, it } from 'vitest';
import { endErrorMessage } from '#client/features/conversation/api/endConversation';
import { ApiError } from '#client/lib/api';
import { ERRORS } from '#shared/errors';
import { CONVERSATION_TEXT, FEEDBACK_TEXT } from '#shared/text';

/** What 'End conversation & get feedback' says when the conversation could not be ended. */
describe('the end button’s error', () => {
  const overBudget = CONVERSATION_TEXT.aiBudgetUsedUp(12);
  it.each([
    [
      'too short: continue',
      new ApiError(422, 'unprocessable:too_short', ERRORS['unprocessable:too_short']),
      ERRORS['unprocessable:too_short'],
    ],
    [
      "the hour's AI budget is used up: when to try again",
      new ApiError(429, 'rate_limit:ai_budget', overBudget),
      overBudget,
    ],
    [
      'the grader failed: the spec’s sentence',
      new ApiError(503, 'unavailable:feedback', 'anything'),
      FEEDBACK_TEXT.failed,
    ],
    ['no answer at all', new ApiError(0, 'network', 'offline'), FEEDBACK_TEXT.failed],
    ['not an ApiError', new Error('boom'), FEEDBACK_TEXT.failed],
  ])('%s', (_label, error, shown) => {
    expect(endErrorMessage(error)).toBe(shown);
  });
});
