import { BRANCH_TEXT } from '#shared/text';
import { Spinner } from './Spinner';

interface TryAnotherAnswerButtonProps {
  /** The turn this clinician line starts (shared/turns.ts), so each button has its own name. */
  turn: number;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}

/**
 * "Try another answer here" on one of the clinician's turns: a new conversation starts from
 * just before it. The live chat and the saved transcript both show it.
 */
export function TryAnotherAnswerButton({
  turn,
  busy,
  disabled,
  onClick,
}: TryAnotherAnswerButtonProps) {
  return (
    <button
      type="button"
      className="bubble__branch"
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy}
      aria-label={BRANCH_TEXT.tryAnotherAt(turn)}
    >
      {busy ? <Spinner /> : null}
      {BRANCH_TEXT.tryAnother}
    </button>
  );
}
