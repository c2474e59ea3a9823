import { useLocation } from 'wouter';
import { useAuthStore, userDisplayName } from '../../features/auth/store';
import { TopBar } from '../../features/dashboard/components/TopBar';
import { DebriefOverview, TurnAnnotations } from '../../features/feedback/components/Debrief';
import { FeedbackReport } from '../../features/feedback/components/FeedbackReport';
import { OrganisationsScreen } from '../../features/organisations/components/OrganisationsScreen';
import { TrainerConversation } from '../../features/organisations/components/TrainerConversation';
import { ORGANISATIONS_PAGE_TEXT } from '../../../../shared/text';
import { ScoreComparison } from '../../features/review/components/ScoreComparison';
import { TurnComments } from '../../features/review/components/TurnComments';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../features/dashboard/dashboard.css';

/** /organisations: the top bar, then what the user runs and the cohorts they are in. */
export function OrganisationsPage() {
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  const [, navigate] = useLocation();
  useDocumentTitle(ORGANISATIONS_PAGE_TEXT.title);
  if (!user) return null;
  return (
    <>
      <TopBar
        userName={userDisplayName(user)}
        onLogout={async () => {
          await signOut();
          navigate(paths.login, { replace: true });
        }}
      />
      <OrganisationsScreen userId={user.id} />
    </>
  );
}

/** /organisations/conversations/:id: a member's conversation, read only, for their trainer. */
export function TrainerConversationPage({ sessionId }: { sessionId: string }) {
  return (
    <TrainerConversation
      key={sessionId}
      sessionId={sessionId}
      renderFeedback={({ feedback, debrief, messages, overrides, onClose }) => (
        <FeedbackReport
          feedback={feedback}
          debrief={debrief}
          messages={messages}
          onClose={onClose}
          secondaryLabel="Back to Conversation"
          review={<ScoreComparison aiScore={feedback.overallScore} overrides={overrides} />}
        />
      )}
      renderScores={({ aiScore, overrides }) => (
        <ScoreComparison aiScore={aiScore} overrides={overrides} />
      )}
      renderTurn={({ message, turn, debrief, comments }) => (
        <>
          {debrief ? <TurnAnnotations debrief={debrief} message={message} turn={turn} /> : null}
          <TurnComments comments={comments} messageId={message.id} turn={turn} />
        </>
      )}
      renderDebrief={({ feedback, debrief }) => (
        <DebriefOverview debrief={debrief} persuasionScore={feedback.persuasionScore} level={2} />
      )}
    />
  );
}
