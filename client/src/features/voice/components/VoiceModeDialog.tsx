import { Dialog } from '../../../components/Dialog';
import { CloseIcon, HeadsetIcon } from '../../../components/icons';

interface VoiceModeDialogProps {
  onClose: () => void;
}

/** Spec §2 'Voice Conversation Mode'. Placeholder until the voice issue lands. */
export function VoiceModeDialog({ onClose }: VoiceModeDialogProps) {
  return (
    <Dialog
      labelledBy="voice-title"
      describedBy="voice-text"
      onClose={onClose}
      className="dialog--small"
    >
      <div className="voice">
        <header className="report__head">
          <h2 id="voice-title" className="report__title">
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
          <span className="voice__badge" aria-hidden="true">
            <HeadsetIcon />
          </span>
          <p id="voice-text">
            Voice mode is coming soon: you will talk with the patient hands-free and hear every
            reply aloud. Until then, type your messages in the chat.
          </p>
        </div>
        <footer className="report__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
