import { organisationsApi } from '#shared/api/organisations';
import type { SkillOverride } from '#shared/review';
import { callApi } from '../../../lib/api';

/**
 * The trainer's overall score and any skill's, each with the comment that says why; they count
 * in place of the AI's (decision 043). Skills left out go back to the AI's.
 */
export function overrideScore(
  conversationId: string,
  review: { score: number; comment: string; skills: SkillOverride[] },
): Promise<{ score: number; comment: string; skills: SkillOverride[] }> {
  return callApi(organisationsApi.override, { params: { id: conversationId }, body: review });
}
