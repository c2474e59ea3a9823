import { CONVERSATION_TEXT } from '#shared/text';
import { BulbIcon, CloseIcon } from '../../../components/Icons';

interface HintCalloutProps {
  hint: string;
  tone: 'hint' | 'error';
  onDismiss: () => void;
}

export function HintCallout({ hint, tone, onDismiss }: HintCalloutProps) {
  return (
    <aside className={`callout callout--${tone}`} aria-labelledby="hint-title">
      <span className="callout__icon">
        <BulbIcon />
      </span>
      <div className="callout__body">
        <h3 id="hint-title" className="callout__title">
          {tone === 'hint'
            ? CONVERSATION_TEXT.screen.hint
            : CONVERSATION_TEXT.screen.hintUnavailable}
        </h3>
        <p role={tone === 'error' ? 'alert' : 'status'}>{hint}</p>
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={CONVERSATION_TEXT.screen.dismissHint}
        onClick={onDismiss}
      >
        <CloseIcon />
      </button>
    </aside>
  );
}
