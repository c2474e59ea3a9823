import { useLocation } from 'wouter';
import { branchConversation } from '../../features/conversation/api/branchConversation';
import { FeedbackReport } from '../../features/feedback/components/FeedbackReport';
import { ConversationDetail } from '../../features/history/components/ConversationDetail';
import { scenarioPath } from '../../lib/paths';

/** Spec §2 conversation detail: the past session, and its report behind the score badge. */
export function ConversationPage({ sessionId }: { sessionId: string }) {
  const [, navigate] = useLocation();
  return (
    <ConversationDetail
      key={sessionId}
      sessionId={sessionId}
      renderFeedback={({ feedback, onClose, branch }) => (
        <FeedbackReport
          feedback={feedback}
          onClose={onClose}
          secondaryLabel="Back to Conversation"
          branch={branch}
        />
      )}
      onTryAnother={async ({ sessionId: original, scenarioId, messageId }) => {
        await branchConversation(original, messageId);
        // The practice screen opens the newest open conversation of the scenario: this branch.
        navigate(scenarioPath(scenarioId));
      }}
    />
  );
}
