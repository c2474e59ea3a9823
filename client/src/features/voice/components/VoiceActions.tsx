import { VOICE_TEXT } from '#shared/text';
import { StopIcon } from '../../../components/Icons';

interface VoiceActionsProps {
  /** The patient can be heard now: 'Stop audio' does something. */
  audioActive: boolean;
  onStopAudio: () => void;
  onClose: () => void;
}

/** The dialog's footer, the same for both engines. */
export function VoiceActions({ audioActive, onStopAudio, onClose }: VoiceActionsProps) {
  return (
    <footer className="report__actions">
      <button
        type="button"
        className="button button--secondary"
        onClick={onStopAudio}
        disabled={!audioActive}
        data-testid="voice-stop-audio"
      >
        <StopIcon />
        {VOICE_TEXT.dialog.stopAudio}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={onClose}
        data-testid="voice-close"
      >
        {VOICE_TEXT.dialog.closeButton}
      </button>
    </footer>
  );
}
