import type { ReactNode } from 'react';
import { VOICE_TEXT } from '#shared/text';
import { CloseIcon } from '../../../components/Icons';

/** The ids the dialog is labelled and described by. */
export interface VoiceDialogIds {
  title: string;
  status: string;
}

/** The dialog's title and its close button, above either engine's panel. */
export function VoiceHeader({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  return (
    <header className="report__head">
      <h2 id={titleId} className="report__title">
        {VOICE_TEXT.dialog.title}
      </h2>
      <button
        type="button"
        className="icon-button"
        aria-label={VOICE_TEXT.dialog.close}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
    </header>
  );
}

interface VoicePanelProps {
  /** `data-*` attributes that say what the engine is doing (end-to-end tests read them). */
  data: Record<`data-${string}`, string | number>;
  footer: ReactNode;
  children: ReactNode;
}

/** One engine's part of the dialog: its body and the footer. */
export function VoicePanel({ data, footer, children }: VoicePanelProps) {
  return (
    <div className="voice__panel" {...data}>
      <div className="voice__body">{children}</div>
      {footer}
    </div>
  );
}
