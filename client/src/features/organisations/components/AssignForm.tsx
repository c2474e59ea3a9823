import { useId, useState, type FormEvent } from 'react';
import type { Scenario } from '#shared/scenario';
import { Spinner } from '../../../components/Spinner';
import { DueDateField } from '../../../components/DueDateField';
import { errorMessage } from '../../../lib/api';
import { assignScenario } from '../api/assignScenario';
import { dueAtFromDateInput } from '../cohortTable';
import { DUE_YEARS } from '#shared/organisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';

/** Assigns one of the scenarios the trainer can see to the cohort, with an optional due date. */
export function AssignForm({
  cohortId,
  scenarios,
  onAssigned,
}: {
  cohortId: string;
  /** Null while the library loads. */
  scenarios: readonly Scenario[] | null;
  onAssigned: () => void;
}) {
  const id = useId();
  const [scenarioId, setScenarioId] = useState('');
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (scenarioId === '') return setMessage({ tone: 'error', text: T.chooseFirst });
    const dueAt = dueAtFromDateInput(due);
    if (dueAt === 'invalid') return setMessage({ tone: 'error', text: T.dueInvalid });
    if (dueAt === 'out_of_range') {
      return setMessage({ tone: 'error', text: T.dueOutOfRange(DUE_YEARS.min, DUE_YEARS.max) });
    }
    setMessage(null);
    setBusy(true);
    try {
      await assignScenario(cohortId, scenarioId, dueAt);
      setScenarioId('');
      setDue('');
      setMessage({ tone: 'ok', text: T.assigned });
      onAssigned();
    } catch (cause) {
      setMessage({ tone: 'error', text: errorMessage(cause) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="org-assign" aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className="org-subtitle">
        {T.assign}
      </h5>
      <form className="org-inline-form" onSubmit={submit} noValidate>
        <div className="field org-inline-form__grow">
          <label htmlFor={`${id}-scenario`}>{T.scenario}</label>
          <select
            id={`${id}-scenario`}
            className="select"
            value={scenarioId}
            disabled={scenarios === null}
            aria-invalid={(message?.tone === 'error' && scenarioId === '') || undefined}
            onChange={(event) => setScenarioId(event.target.value)}
          >
            <option value="">{T.chooseScenario}</option>
            {(scenarios ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
        <DueDateField id={`${id}-due`} label={T.dueDate} value={due} onChange={setDue} />
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          {busy ? <Spinner /> : null}
          {T.assignButton}
        </button>
      </form>
      {message?.tone === 'error' ? (
        <p className="field__error" role="alert">
          {message.text}
        </p>
      ) : null}
      <p className="org-ok" role="status">
        {message?.tone === 'ok' ? message.text : ''}
      </p>
    </section>
  );
}
