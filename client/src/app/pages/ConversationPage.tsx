import { FeedbackReport } from '../../features/feedback/components/FeedbackReport';
import { ConversationDetail } from '../../features/history/components/ConversationDetail';

/** Spec §2 conversation detail: the past session, and its report behind the score badge. */
export function ConversationPage({ sessionId }: { sessionId: string }) {
  return (
    <ConversationDetail
      key={sessionId}
      sessionId={sessionId}
      renderFeedback={({ feedback, onClose }) => (
        <FeedbackReport
          feedback={feedback}
          onClose={onClose}
          secondaryLabel="Back to Conversation"
        />
      )}
    />
  );
}
