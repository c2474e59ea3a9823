import { DebriefOverview, TurnAnnotations } from '../../features/feedback/components/Debrief';
import { FeedbackReport } from '../../features/feedback/components/FeedbackReport';
import { ConversationDetail } from '../../features/history/components/ConversationDetail';

/** Spec §2 conversation detail: the past session, and its report behind the score badge. */
export function ConversationPage({ sessionId }: { sessionId: string }) {
  return (
    <ConversationDetail
      key={sessionId}
      sessionId={sessionId}
      renderFeedback={({ feedback, debrief, messages, onClose }) => (
        <FeedbackReport
          feedback={feedback}
          debrief={debrief}
          messages={messages}
          onClose={onClose}
          secondaryLabel="Back to Conversation"
        />
      )}
      renderTurnDebrief={({ debrief, message, turn }) => (
        <TurnAnnotations debrief={debrief} message={message} turn={turn} />
      )}
      renderDebrief={({ feedback, debrief }) => (
        <DebriefOverview debrief={debrief} persuasionScore={feedback.persuasionScore} level={2} />
      )}
    />
  );
}
