import { ScenarioScreen } from '../../features/conversation/components/ScenarioScreen';
import { FeedbackReport } from '../../features/feedback/components/FeedbackReport';
import { VoiceModeDialog } from '../../features/voice/components/VoiceModeDialog';

export function ScenarioPage({ scenarioId }: { scenarioId: string }) {
  return (
    <ScenarioScreen
      scenarioId={scenarioId}
      renderFeedback={({ feedback, onClose }) => (
        <FeedbackReport feedback={feedback} onClose={onClose} />
      )}
      renderVoiceMode={({ channel, onClose }) => (
        <VoiceModeDialog channel={channel} onClose={onClose} />
      )}
    />
  );
}
