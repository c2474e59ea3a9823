import { CONVERSATION_TEXT } from '#shared/text';

interface TogglePillProps {
  label: string;
  on: boolean;
  onToggle: () => void;
}

/** Spec §2: pills read "{label} ON" / "{label} OFF"; aria-pressed carries the same state. */
export function TogglePill({ label, on, onToggle }: TogglePillProps) {
  return (
    <button
      type="button"
      className={`pill ${on ? 'pill--on' : ''}`}
      aria-pressed={on}
      onClick={onToggle}
    >
      <span className="pill__dot" aria-hidden="true" />
      {CONVERSATION_TEXT.pill(label, on)}
    </button>
  );
}
