import { VOICE_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { MicIcon } from '../../../components/Icons';
import { Spinner } from '../../../components/Spinner';
import type { ConversationChannel } from '../../../lib/conversationChannel';
import { useVoiceController } from '../useVoiceController';
import { VoiceActions } from './VoiceActions';
import { VoicePanel, type VoiceDialogIds } from './VoiceLayout';
import { ConnectingHint, VoiceError } from './VoiceNotices';
import { RecordingNotice } from './RecordingNotice';
import { VoiceTranscript } from './VoiceTranscript';

interface PipelineVoicePanelProps {
  channel: ConversationChannel;
  ids: VoiceDialogIds;
  onClose: () => void;
}

/**
 * The standard engine: our VAD, the server's transcription, the streamed reply and its speech.
 * Hands-free by default: one click opens the microphone and the conversation runs by voice until
 * the dialog closes. Mounted only while it is the engine in use, so its microphone and VAD are
 * never open during a Realtime call.
 */
export function PipelineVoicePanel({ channel, ids, onClose }: PipelineVoicePanelProps) {
  const { session, snapshot: voice } = useVoiceController(channel);
  const starting = voice.phase === 'starting';
  const unavailable = voice.input === 'none';
  const micDisabled = !voice.ready || voice.ended || unavailable || starting;
  const micLabel = voice.micOn ? VOICE_TEXT.dialog.stopListening : VOICE_TEXT.dialog.startSpeaking;

  return (
    <VoicePanel
      data={{
        'data-voice-engine': 'pipeline',
        'data-voice-state': voice.state,
        'data-voice-phase': voice.phase,
        'data-played-chunks': voice.played,
        'data-finished-chunks': voice.finished,
      }}
      footer={
        <VoiceActions
          audioActive={voice.audioActive}
          onStopAudio={() => session.stopAudio()}
          onClose={onClose}
        />
      }
    >
      <button
        type="button"
        className={`voice__mic ${voice.micOn ? 'voice__mic--on' : ''} voice__mic--${voice.state}`}
        aria-label={micLabel}
        aria-pressed={voice.micOn}
        onClick={() => session.toggleMicrophone()}
        disabled={micDisabled}
        data-autofocus
      >
        {starting || voice.phase === 'preparing' ? <Spinner size="md" /> : <MicIcon />}
      </button>
      <p id={ids.status} className="voice__status" role="status" data-testid="voice-status">
        {voice.status}
      </p>

      <label className="voice__switch">
        <input
          type="checkbox"
          role="switch"
          checked={!voice.handsFree}
          onChange={(event) => session.setHandsFree(!event.target.checked)}
        />
        <span>{VOICE_TEXT.dialog.pushToTalk}</span>
      </label>
      <p className="voice__hint">
        {voice.handsFree ? VOICE_TEXT.dialog.handsFreeHint : VOICE_TEXT.dialog.pushToTalkHint}
      </p>

      {/* This engine's turns reach the server, which may keep them: say so before speaking. */}
      {unavailable ? null : <RecordingNotice />}
      {unavailable ? <Alert tone="info">{VOICE_TEXT.notConfigured}</Alert> : null}
      <ConnectingHint shown={!voice.ready && !voice.ended && !unavailable} />
      <VoiceError
        error={voice.error}
        canRetryAudio={voice.canRetryAudio}
        onRetryAudio={() => session.retryAudio()}
      />

      <VoiceTranscript you={voice.you} patient={voice.patient} />
    </VoicePanel>
  );
}
