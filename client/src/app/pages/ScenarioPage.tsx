import { useAuthStore } from '../../features/auth/store';
import { ScenarioScreen } from '../../features/conversation/components/ScenarioScreen';
import { conversationConnection as conversationChannel } from '../../lib/conversationConnection';
import type { Message } from '#shared/conversation';
import type { Debrief } from '#shared/debrief';
import type { Feedback } from '#shared/feedback';
import { FeedbackReport } from '../../features/feedback/components/FeedbackReport';
import { useBranchOrigin } from '../../features/feedback/hooks/useBranchOrigin';
import { VoiceModeDialog } from '../../features/voice/components/VoiceModeDialog';
import { useVoicePreload } from '../../features/voice/useVoicePreload';

export function ScenarioPage({ scenarioId }: { scenarioId: string }) {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  useVoicePreload(conversationChannel);
  return (
    <ScenarioScreen
      scenarioId={scenarioId}
      renderFeedback={({ feedback, debrief, messages, onClose, conversationId, scenarioLang }) => (
        <ReportAfterConversation
          scenarioLang={scenarioLang}
          feedback={feedback}
          debrief={debrief}
          messages={messages}
          onClose={onClose}
          conversationId={conversationId}
        />
      )}
      renderVoiceMode={({ channel, conversationId, onClose }) => (
        <VoiceModeDialog
          channel={channel}
          conversationId={conversationId}
          userId={userId}
          onClose={onClose}
        />
      )}
    />
  );
}

/** The report right after a conversation; a branch's also compares with its original. */
function ReportAfterConversation({
  conversationId,
  ...report
}: {
  feedback: Feedback;
  debrief: Debrief | null;
  messages: readonly Message[];
  onClose: () => void;
  conversationId: string | null;
  scenarioLang: string;
}) {
  const branch = useBranchOrigin(conversationId);
  return <FeedbackReport {...report} branch={branch} />;
}
