import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONVERSATION_LANGUAGES, type LanguageCode } from '#shared/languages';
import type { ScenarioSeed } from '#shared/scenarioSeed';
import { TRANSLATION_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { translateScenario } from '../api/translateScenario';

/**
 * "Translate…" for a saved scenario (decision 048): the author picks a language, the provider
 * writes a draft (slowly: a spinner says so), and `onDraft` opens it for review as a new
 * scenario. A refusal (no provider, the same language, a broken answer) is said here in the
 * server's words.
 */
export function TranslateScenario({
  scenarioId,
  language,
  onDraft,
}: {
  scenarioId: string;
  /** The scenario's own language, which is not offered. */
  language: LanguageCode;
  onDraft: (draft: ScenarioSeed) => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const targets = CONVERSATION_LANGUAGES.filter((l) => l.code !== language);
  const [target, setTarget] = useState<LanguageCode>(targets[0]!.code);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the page ends the wait, and the provider's call with it.
  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    if (open) selectRef.current?.focus();
  }, [open]);

  const close = () => {
    running.current?.abort();
    setOpen(false);
    setProblem(null);
    toggleRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    const controller = new AbortController();
    running.current = controller;
    try {
      onDraft(await translateScenario(scenarioId, target, controller.signal));
    } catch (error) {
      if (!controller.signal.aborted) setProblem(errorMessage(error, TRANSLATION_TEXT.failed));
    } finally {
      if (running.current === controller) running.current = null;
      setBusy(false);
    }
  };

  return (
    <div className="authoring-translate">
      <button
        ref={toggleRef}
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {TRANSLATION_TEXT.action}
      </button>
      {open ? (
        <form
          id={`${ids}-panel`}
          className="authoring-section authoring-translate__panel"
          onSubmit={(e) => void submit(e)}
          aria-busy={busy}
        >
          <h2 className="authoring-translate__title">{TRANSLATION_TEXT.legend}</h2>
          <p className="authoring-hint" id={`${ids}-help`}>
            {TRANSLATION_TEXT.help}
          </p>
          <div className="authoring-field">
            <label htmlFor={`${ids}-language`} className="label">
              {TRANSLATION_TEXT.targetLabel}
            </label>
            <select
              ref={selectRef}
              id={`${ids}-language`}
              className="select"
              value={target}
              disabled={busy}
              aria-describedby={`${ids}-help`}
              onChange={(e) => setTarget(e.target.value as LanguageCode)}
            >
              {targets.map((l) => (
                <option key={l.code} value={l.code} lang={l.tag}>
                  {l.ownName}
                </option>
              ))}
            </select>
          </div>
          {busy ? (
            <p className="authoring-translate__working" role="status">
              <Spinner /> {TRANSLATION_TEXT.working}
            </p>
          ) : null}
          {problem ? <Alert>{problem}</Alert> : null}
          <div className="authoring-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {TRANSLATION_TEXT.submit}
            </button>
            <button type="button" className="button button--secondary" onClick={close}>
              {TRANSLATION_TEXT.cancel}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
