import { useId, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { MAX_MESSAGE_CHARS } from '#shared/conversation';
import { formatNumber } from '#shared/format';
import { characterCount, firstCharacters } from '#shared/inputChecks';
import { CONVERSATION_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { MicIcon, SendIcon, StopIcon } from '../../../components/Icons';
import type { DictationState } from '../hooks/useDictation';

export interface DictationControls {
  state: DictationState;
  error: string | null;
  onToggle: () => void;
  onDismissError: () => void;
  /** The conversation's socket is up (the transcript comes back over it). */
  available: boolean;
}

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Waiting for the patient or for feedback: typing is fine, sending is not. */
  busy: boolean;
  /** The conversation cannot take messages at all (ended, no session). */
  disabled: boolean;
  dictation: DictationControls;
  ref?: Ref<HTMLTextAreaElement>;
}

/** Read at render time, in the interface language (decision 049). */
function dictationStatus(state: DictationState): string {
  if (state === 'idle') return '';
  return CONVERSATION_TEXT.composer[state];
}

/** The counter turns amber in the last tenth so the limit is never a surprise. */
const WARN_AT = Math.floor(MAX_MESSAGE_CHARS * 0.9);

export function Composer({
  value,
  onChange,
  onSend,
  busy,
  disabled,
  dictation,
  ref,
}: ComposerProps) {
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

  const count = characterCount(value);
  const recording = dictation.state === 'recording';
  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor={`${ids}-text`} className="visually-hidden">
        {CONVERSATION_TEXT.composer.label}
      </label>
      <textarea
        ref={ref}
        id={`${ids}-text`}
        className="composer__input"
        rows={3}
        placeholder={CONVERSATION_TEXT.composer.placeholder}
        value={value}
        onChange={(e) => onChange(firstCharacters(e.target.value, MAX_MESSAGE_CHARS))}
        onKeyDown={onKeyDown}
        disabled={disabled}
        aria-describedby={`${ids}-count ${ids}-keys`}
      />
      <p id={`${ids}-keys`} className="visually-hidden">
        {CONVERSATION_TEXT.composer.keys}
      </p>
      <div className="composer__bar">
        <span
          id={`${ids}-count`}
          className={`composer__count ${count >= WARN_AT ? 'composer__count--warn' : ''}`}
        >
          {formatNumber(count)} / {formatNumber(MAX_MESSAGE_CHARS)}
          <span className="visually-hidden"> {CONVERSATION_TEXT.composer.characters}</span>
        </span>
        <button
          type="button"
          className={`icon-button icon-button--outline ${recording ? 'icon-button--recording' : ''}`}
          aria-label={
            recording
              ? CONVERSATION_TEXT.composer.stopDictation
              : CONVERSATION_TEXT.composer.dictate
          }
          aria-pressed={recording}
          onClick={dictation.onToggle}
          disabled={disabled || !dictation.available || dictation.state === 'transcribing'}
        >
          {dictation.state === 'transcribing' ? (
            <Spinner />
          ) : recording ? (
            <StopIcon />
          ) : (
            <MicIcon />
          )}
        </button>
        <button type="submit" className="button button--primary" disabled={!canSend}>
          {busy ? <Spinner /> : <SendIcon />}
          {CONVERSATION_TEXT.composer.send}
        </button>
      </div>
      <p className="composer__dictation" role="status">
        {dictationStatus(dictation.state)}
      </p>
      {dictation.error ? (
        <div className="composer__dictation-error">
          <Alert>{dictation.error}</Alert>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={dictation.onDismissError}
          >
            {CONVERSATION_TEXT.chat.dismiss}
          </button>
        </div>
      ) : null}
    </form>
  );
}
