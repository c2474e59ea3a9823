import type { ConversationDetail } from '#shared/api/conversations';
import type { Conversation } from '#shared/conversation';
import { getBranchOrigin } from '../db/branches';
import type { Queryable } from '../db/db';
import { getDebriefByConversation, getFeedbackByConversation } from '../db/feedback';
import { listMessagesByConversation } from '../db/messages';
import { getReview } from '../db/reviews';
import { getScenarioForConversation } from '../db/scenarios';

/** A conversation's detail without its recordings, which only its owner's route adds. */
export type ConversationRecord = Omit<ConversationDetail, 'audio' | 'audioRetentionDays'>;

/**
 * What the owner's detail page and the trainer's review page both show of a conversation the
 * caller has already been allowed to read: the scenario as it was when practised (its
 * version), the transcript, the report, the debrief, where it branched from, and the review:
 * every organisation's for the owner, only `reviewedFor`'s for a trainer (decision 026).
 */
export async function loadConversationRecord(
  db: Queryable,
  session: Conversation,
  { reviewedFor = null }: { reviewedFor?: string | null } = {},
): Promise<ConversationRecord> {
  const conversationId = session.id;
  const [scenario, messages, feedback, debrief, branch, review] = await Promise.all([
    getScenarioForConversation(db, { conversationId }),
    listMessagesByConversation(db, { conversationId }),
    getFeedbackByConversation(db, { conversationId }),
    getDebriefByConversation(db, { conversationId }),
    getBranchOrigin(db, { conversationId }),
    getReview(db, { conversationId, organisationId: reviewedFor }),
  ]);
  return { session, scenario, messages, feedback, debrief, branch, review };
}
