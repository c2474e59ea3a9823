import { REALTIME_TEXT } from '#shared/text';
import { MicIcon } from '../../../components/Icons';
import { Spinner } from '../../../components/Spinner';
import type { RealtimeController, RealtimeSnapshot } from '../realtime/realtimeController';
import { VoiceActions } from './VoiceActions';
import { VoicePanel, type VoiceDialogIds } from './VoiceLayout';
import { ConnectingHint, VoiceError } from './VoiceNotices';
import { VoiceTranscript } from './VoiceTranscript';

interface RealtimeVoicePanelProps {
  session: RealtimeController;
  call: RealtimeSnapshot;
  ids: VoiceDialogIds;
  onUseStandard: () => void;
  onClose: () => void;
}

/**
 * The Realtime engine: one click starts a call with the patient (speech to speech), another
 * ends it. What the status line and the lines show comes from the server over the
 * conversation socket; the turns land in the chat as they are stored.
 */
export function RealtimeVoicePanel({
  session,
  call,
  ids,
  onUseStandard,
  onClose,
}: RealtimeVoicePanelProps) {
  const inCall = call.stage !== 'off';
  const ring = call.callState === 'user_speaking' ? 'listening' : call.state;

  return (
    <VoicePanel
      data={{
        'data-voice-engine': 'realtime',
        'data-voice-state': call.state,
        'data-call-stage': call.stage,
        'data-realtime-state': call.callState ?? 'none',
      }}
      footer={
        <VoiceActions
          audioActive={call.audioActive}
          onStopAudio={() => session.stopAudio()}
          onClose={onClose}
        />
      }
    >
      <button
        type="button"
        className={`voice__mic ${inCall ? 'voice__mic--on' : ''} voice__mic--${ring} ${
          call.callState === 'user_speaking' ? 'voice__mic--user-speaking' : ''
        }`}
        aria-label={inCall ? REALTIME_TEXT.endCall : REALTIME_TEXT.startCall}
        aria-pressed={inCall}
        onClick={() => session.toggleCall()}
        disabled={!inCall && !call.canCall}
        data-autofocus
        data-testid="voice-call"
      >
        {call.stage === 'starting' ? <Spinner size="md" /> : <MicIcon />}
      </button>
      <p id={ids.status} className="voice__status" role="status" data-testid="voice-status">
        {call.status}
      </p>
      <p className="voice__hint">{inCall ? REALTIME_TEXT.inCallHint : REALTIME_TEXT.startHint}</p>

      <ConnectingHint shown={!call.ready && !call.ended} />
      <VoiceError
        error={call.error}
        canRetryAudio={call.canRetryAudio}
        onRetryAudio={() => session.retryAudio()}
      >
        {call.offerStandard ? (
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={onUseStandard}
            data-testid="voice-use-standard"
          >
            {REALTIME_TEXT.switchEngine(REALTIME_TEXT.enginePipeline)}
          </button>
        ) : null}
      </VoiceError>

      <VoiceTranscript you={call.you} patient={call.patient} />
    </VoicePanel>
  );
}
