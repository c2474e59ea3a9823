import { useId } from 'react';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { CloseIcon, MicIcon, StopIcon } from '../../../components/Icons';
import type { ConversationChannel } from '../../../lib/conversationChannel';
import { useVoiceSession } from '../useVoiceSession';
import '../voice.css';
import { VOICE_TEXT } from '../../../../../shared/text';

interface VoiceModeDialogProps {
  channel: ConversationChannel;
  onClose: () => void;
}

/**
 * Spec §2 'Voice Conversation Mode'. Hands-free by default: one click opens the microphone and
 * the conversation runs by voice until the modal closes. `data-voice-state` and
 * `data-played-chunks` on the root say what the engine is doing (end-to-end tests read them).
 */
export function VoiceModeDialog({ channel, onClose }: VoiceModeDialogProps) {
  const ids = useId();
  const { session, snapshot: voice } = useVoiceSession(channel);
  const starting = voice.phase === 'starting';
  const unavailable = voice.input === 'none';
  const micDisabled = !voice.ready || voice.ended || unavailable || starting;
  const micLabel = voice.micOn ? 'Stop listening' : 'Start speaking';

  return (
    <Dialog
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-status`}
      onClose={onClose}
      className="dialog--small"
    >
      <div
        className="voice"
        data-voice-state={voice.state}
        data-voice-phase={voice.phase}
        data-played-chunks={voice.played}
        data-finished-chunks={voice.finished}
      >
        <header className="report__head">
          <h2 id={`${ids}-title`} className="report__title">
            Voice Conversation Mode
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close voice mode"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </header>

        <div className="voice__body">
          <button
            type="button"
            className={`voice__mic ${voice.micOn ? 'voice__mic--on' : ''} voice__mic--${voice.state}`}
            aria-label={micLabel}
            aria-pressed={voice.micOn}
            onClick={() => session.toggleMicrophone()}
            disabled={micDisabled}
            data-autofocus
          >
            {starting ? <Spinner size="md" /> : <MicIcon />}
          </button>
          <p id={`${ids}-status`} className="voice__status" role="status">
            {voice.status}
          </p>

          <label className="voice__switch">
            <input
              type="checkbox"
              role="switch"
              checked={!voice.handsFree}
              onChange={(event) => session.setHandsFree(!event.target.checked)}
            />
            <span>Push to talk</span>
          </label>
          <p className="voice__hint">
            {voice.handsFree
              ? 'Hands-free: after the patient answers, just keep talking. Speak over the patient to interrupt.'
              : 'Push to talk: click the microphone for each thing you say.'}
          </p>

          {unavailable ? <Alert tone="info">{VOICE_TEXT.notConfigured}</Alert> : null}
          {!voice.ready && !voice.ended && !unavailable ? (
            <p className="voice__hint">
              <Spinner /> Connecting to the conversation…
            </p>
          ) : null}
          {voice.error ? (
            <div className="voice__error">
              <Alert>{voice.error}</Alert>
              {voice.canRetryAudio ? (
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => session.retryAudio()}
                >
                  Retry Audio
                </button>
              ) : null}
            </div>
          ) : null}

          {/* Not a live region: the reply is heard aloud, and a growing text would be read twice. */}
          <dl className="voice__transcript">
            <div className="voice__line">
              <dt>You:</dt>
              <dd>{voice.you ?? '—'}</dd>
            </div>
            <div className="voice__line">
              <dt>Patient:</dt>
              <dd>{voice.patient ?? '—'}</dd>
            </div>
          </dl>
        </div>

        <footer className="report__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => session.stopAudio()}
            disabled={!voice.audioActive}
          >
            <StopIcon />
            Stop audio
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
