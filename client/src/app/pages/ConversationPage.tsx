import { useLocation } from 'wouter';
import { graderScores } from '#shared/countedScore';
import { branchConversation } from '../../features/conversation/api/branchConversation';
import { DebriefOverview, TurnAnnotations } from '../../features/feedback/components/Debrief';
import { ConversationDetail } from '../../features/history/components/ConversationDetail';
import { ScoreComparison } from '../../features/review/components/ScoreComparison';
import { TurnComments } from '../../features/review/components/TurnComments';
import { scenarioPath } from '../../lib/paths';
import { PastConversationReport } from '../PastConversationReport';

/** Spec §2 conversation detail: the past session, and its report behind the score badge. */
export function ConversationPage({ conversationId }: { conversationId: string }) {
  const [, navigate] = useLocation();
  return (
    <ConversationDetail
      key={conversationId}
      conversationId={conversationId}
      renderFeedback={({ feedback, debrief, messages, onClose, branch, review, scenarioLang }) => (
        <PastConversationReport
          scenarioLang={scenarioLang}
          feedback={feedback}
          debrief={debrief}
          messages={messages}
          onClose={onClose}
          branch={branch}
          overrides={review.overrides}
        />
      )}
      onTryAnother={async ({ conversationId: original, scenarioId, messageId }) => {
        await branchConversation(original, messageId);
        // The practice screen opens the newest open conversation of the scenario: this branch.
        navigate(scenarioPath(scenarioId));
      }}
      renderTurnDebrief={({ debrief, message, turn }) => (
        <TurnAnnotations debrief={debrief} message={message} turn={turn} />
      )}
      renderDebrief={({ feedback, debrief, messages, scenarioLang }) => (
        <DebriefOverview
          scenarioLang={scenarioLang}
          debrief={debrief}
          messages={messages}
          persuasionScore={feedback.persuasionScore}
          level={2}
        />
      )}
      renderReview={({ feedback, review }) => (
        <ScoreComparison
          ai={feedback ? graderScores(feedback) : null}
          overrides={review.overrides}
        />
      )}
      renderTurnReview={({ review, message, turn }) => (
        <TurnComments
          comments={review.comments}
          messageId={message.id}
          turn={turn}
          role={message.role}
        />
      )}
    />
  );
}
