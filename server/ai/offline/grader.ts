import { debriefConversation } from './debrief';
import { feedbackLists } from './feedbackItems';
import { replayConversation } from './patientState';
import { inReportLanguage } from './reportText';
import { scoreSkills } from './rubric';
import { suggestedResponses } from './suggestions';
import type { ConversationSoFar, GraderModel } from '../types';
import type { Feedback } from '#shared/feedback';

/** Rubric feedback for a finished conversation, from the same replay the patient used. */
export function gradeConversation(context: ConversationSoFar): Feedback {
  const replay = replayConversation(context.scenario, context.history);
  const scores = scoreSkills(replay);
  return {
    ...scores,
    ...feedbackLists(context.scenario, replay, scores.objectionHandlingScore),
    suggestedResponses: suggestedResponses(context.scenario, replay),
    fallback: null,
  };
}

/** The grader used when no AI provider is configured: deterministic, no network. */
export function createOfflineGrader(): GraderModel {
  return {
    async grade(context) {
      return inReportLanguage(context, () => gradeConversation(context));
    },
    async debrief(context) {
      return inReportLanguage(context, () => debriefConversation(context));
    },
  };
}
