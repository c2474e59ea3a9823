import { useId, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { MAX_MESSAGE_CHARS } from '../../../../../shared/conversation';
import { Spinner } from '../../../components/Spinner';
import { MicIcon, SendIcon } from '../../../components/icons';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Waiting for the patient or for feedback: typing is fine, sending is not. */
  busy: boolean;
  /** The conversation cannot take messages at all (ended, no session). */
  disabled: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The counter turns amber in the last tenth so the limit is never a surprise. */
const WARN_AT = Math.floor(MAX_MESSAGE_CHARS * 0.9);

export function Composer({ value, onChange, onSend, busy, disabled, ref }: ComposerProps) {
  const ids = useId();
  const blank = value.trim() === '';
  const canSend = !busy && !disabled && !blank;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSend) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; an IME still composing owns its Enter.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  const count = value.length;
  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor={`${ids}-text`} className="visually-hidden">
        Your message to the patient
      </label>
      <textarea
        ref={ref}
        id={`${ids}-text`}
        className="composer__input"
        rows={3}
        placeholder="Type your message... (or click the microphone to speak)"
        value={value}
        maxLength={MAX_MESSAGE_CHARS}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        aria-describedby={`${ids}-count ${ids}-keys`}
      />
      <p id={`${ids}-keys`} className="visually-hidden">
        Press Enter to send, Shift+Enter for a new line.
      </p>
      <div className="composer__bar">
        <span
          id={`${ids}-count`}
          className={`composer__count ${count >= WARN_AT ? 'composer__count--warn' : ''}`}
        >
          {count.toLocaleString('en-US')} / {MAX_MESSAGE_CHARS.toLocaleString('en-US')}
          <span className="visually-hidden"> characters</span>
        </span>
        <span className="tooltip-wrap">
          {/* aria-disabled, not disabled, so the button can still be focused and explain itself. */}
          <button
            type="button"
            className="icon-button icon-button--outline"
            aria-disabled="true"
            aria-label="Dictate with the microphone"
            aria-describedby={`${ids}-mic-tip`}
            onClick={(e) => e.preventDefault()}
          >
            <MicIcon />
          </button>
          <span id={`${ids}-mic-tip`} role="tooltip" className="tooltip">
            Dictation arrives with voice mode
          </span>
        </span>
        <button type="submit" className="button button--primary" disabled={!canSend}>
          {busy ? <Spinner /> : <SendIcon />}
          Send
        </button>
      </div>
    </form>
  );
}
