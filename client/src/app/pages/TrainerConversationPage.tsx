import { graderScores } from '#shared/countedScore';
import { DebriefOverview, TurnAnnotations } from '../../features/feedback/components/Debrief';
import { TrainerConversation } from '../../features/organisations/components/TrainerConversation';
import { ScoreComparison } from '../../features/review/components/ScoreComparison';
import { TurnComments } from '../../features/review/components/TurnComments';
import { PastConversationReport } from '../PastConversationReport';

/** /organisations/conversations/:id: a member's conversation, read only, for their trainer. */
export function TrainerConversationPage({ conversationId }: { conversationId: string }) {
  return (
    <TrainerConversation
      key={conversationId}
      conversationId={conversationId}
      renderFeedback={({ feedback, debrief, messages, overrides, onClose, scenarioLang }) => (
        <PastConversationReport
          scenarioLang={scenarioLang}
          feedback={feedback}
          debrief={debrief}
          messages={messages}
          onClose={onClose}
          overrides={overrides}
        />
      )}
      renderScores={({ feedback, overrides }) => (
        <ScoreComparison ai={feedback ? graderScores(feedback) : null} overrides={overrides} />
      )}
      renderTurn={({ message, turn, debrief, comments }) => (
        <>
          {debrief ? <TurnAnnotations debrief={debrief} message={message} turn={turn} /> : null}
          <TurnComments
            comments={comments}
            messageId={message.id}
            turn={turn}
            role={message.role}
          />
        </>
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
    />
  );
}
