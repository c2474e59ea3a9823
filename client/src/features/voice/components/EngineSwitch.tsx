import { useId } from 'react';
import { REALTIME_TEXT } from '#shared/text';
import type { VoiceEngine } from '../engineChoice';

interface EngineSwitchProps {
  engine: VoiceEngine;
  onChange: (engine: VoiceEngine) => void;
  /** During a call: switching would hang up, so the call is ended first, on purpose. */
  disabled: boolean;
}

// Labels are read at render time: they follow the interface language (decision 049).
const OPTIONS: ReadonlyArray<{ engine: VoiceEngine; label: () => string }> = [
  { engine: 'realtime', label: () => REALTIME_TEXT.engineRealtime },
  { engine: 'pipeline', label: () => REALTIME_TEXT.enginePipeline },
];

/**
 * Realtime or Standard, as segmented buttons that are native radios underneath: one Tab stop,
 * arrow keys move the choice, and a screen reader hears "Voice engine, radio group".
 */
export function EngineSwitch({ engine, onChange, disabled }: EngineSwitchProps) {
  const id = useId();
  return (
    <fieldset
      className="voice-engine"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      disabled={disabled}
      data-testid="voice-engine"
    >
      <legend id={`${id}-legend`} className="voice-engine__legend">
        {REALTIME_TEXT.engineLabel}
      </legend>
      <div className="voice-engine__options">
        {OPTIONS.map((option) => (
          <label key={option.engine} className="voice-engine__option">
            <input
              type="radio"
              className="voice-engine__input"
              name={`${id}-engine`}
              value={option.engine}
              checked={engine === option.engine}
              onChange={() => onChange(option.engine)}
            />
            <span>{option.label()}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
