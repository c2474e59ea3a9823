import { useEffect, useId, useState, type FormEvent } from 'react';
import type { DeepLinkPicker as Picker } from '#shared/api/ltiDeepLinks';
import { DUE_YEARS } from '#shared/organisations';
import { difficultyName } from '#shared/scenario';
import { LTI_DEEP_LINK_TEXT as T } from '#shared/text';
import { DueDateField } from '../../../components/DueDateField';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { dueAtFromDateInput } from '../../../lib/dueDate';
import { cancelDeepLink, chooseDeepLink, getDeepLinkPicker } from '../api/deepLinks';

/**
 * The instructor's choice of what a new link in their course opens (LTI Deep Linking, decision
 * 051): one scenario they may assign to the course's cohort, with an optional due date. The
 * answer is signed by the server; the browser then goes to our page that posts it to the
 * course. "Cancel" sends an empty answer, so the course's dialog closes either way.
 */
export function DeepLinkPicker({ deepLinkId }: { deepLinkId: string }) {
  const id = useId();
  const [picker, setPicker] = useState<Picker | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [scenarioId, setScenarioId] = useState('');
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState<'choose' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getDeepLinkPicker(deepLinkId, controller.signal).then(setPicker, (cause: unknown) => {
      if (!controller.signal.aborted) setLoadError(errorMessage(cause));
    });
    return () => controller.abort();
  }, [deepLinkId]);

  /** Leaves for the posting page; the spinner stays until the browser has gone. */
  const send = async (kind: 'choose' | 'cancel', call: () => Promise<string>) => {
    if (busy) return;
    setError(null);
    setBusy(kind);
    try {
      window.location.assign(await call());
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scenarioId === '') return setError(T.chooseFirst);
    const dueAt = dueAtFromDateInput(due);
    if (dueAt === 'invalid') return setError(T.dueInvalid);
    if (dueAt === 'out_of_range') return setError(T.dueOutOfRange(DUE_YEARS.min, DUE_YEARS.max));
    void send('choose', () => chooseDeepLink(deepLinkId, { scenarioId, dueAt }));
  };

  if (loadError !== null) {
    return (
      <div className="page-message">
        <h1 className="page-message__title">{T.title}</h1>
        <Alert>{loadError}</Alert>
      </div>
    );
  }
  if (picker === null) return <Spinner size="lg" label={T.loading} />;

  return (
    <div className="page-message deep-link">
      <h1 className="page-message__title">{T.title}</h1>
      <p>{T.intro(picker.cohortName)}</p>
      {picker.lineItem ? <p>{T.gradebook}</p> : null}
      <form className="card deep-link__form" onSubmit={submit} noValidate aria-busy={busy !== null}>
        <div className="field">
          <label htmlFor={`${id}-scenario`}>{T.scenario}</label>
          <select
            id={`${id}-scenario`}
            className="select"
            value={scenarioId}
            aria-invalid={(error !== null && scenarioId === '') || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setScenarioId(event.target.value)}
          >
            <option value="">{T.chooseScenario}</option>
            {picker.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.title} (${difficultyName(s.difficulty)})`}
              </option>
            ))}
          </select>
          {picker.scenarios.length === 0 ? <p className="field__hint">{T.noScenarios}</p> : null}
        </div>
        <DueDateField id={`${id}-due`} label={T.dueDate} value={due} onChange={setDue} />
        {error ? <Alert id={`${id}-error`}>{error}</Alert> : null}
        <div className="deep-link__actions">
          <button type="submit" className="button button--primary" disabled={busy !== null}>
            {busy === 'choose' ? <Spinner /> : null}
            {T.place}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            onClick={() => void send('cancel', () => cancelDeepLink(deepLinkId))}
          >
            {busy === 'cancel' ? <Spinner /> : null}
            {T.cancel}
          </button>
        </div>
      </form>
    </div>
  );
}
