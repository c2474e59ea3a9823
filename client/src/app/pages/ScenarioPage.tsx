import { useAuthStore } from '../../features/auth/store';
import { ScenarioScreen } from '../../features/conversation/components/ScenarioScreen';
import { conversationChannel } from '../../features/conversation/store';
import { FeedbackReport } from '../../features/feedback/components/FeedbackReport';
import { VoiceModeDialog } from '../../features/voice/components/VoiceModeDialog';
import { useVoicePreload } from '../../features/voice/useVoicePreload';

export function ScenarioPage({ scenarioId }: { scenarioId: string }) {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  useVoicePreload(conversationChannel);
  return (
    <ScenarioScreen
      scenarioId={scenarioId}
      renderFeedback={({ feedback, debrief, messages, onClose }) => (
        <FeedbackReport
          feedback={feedback}
          debrief={debrief}
          messages={messages}
          onClose={onClose}
        />
      )}
      renderVoiceMode={({ channel, sessionId, onClose }) => (
        <VoiceModeDialog
          channel={channel}
          sessionId={sessionId}
          userId={userId}
          onClose={onClose}
        />
      )}
    />
  );
}
