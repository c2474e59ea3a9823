import { useEffect, useId, useState } from 'react';
import { REMINDER_HOURS } from '#shared/api/courseMail';
import { COURSE_MAIL_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { getReminders, setReminders } from '../api/courseMail';

/** When a cohort's trainees are reminded of a due date by mail; saved as it is chosen. */
export function ReminderSetting({ cohortId }: { cohortId: string }) {
  const id = useId();
  const [hours, setHours] = useState<number | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    getReminders(cohortId).then(
      (setting) => live && setHours(setting.hoursBefore),
      (caught: unknown) => live && setError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [cohortId]);

  const choose = async (value: string) => {
    const next = value === 'off' ? null : Number(value);
    const before = hours;
    setHours(next);
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      setHours((await setReminders(cohortId, next)).hoursBefore);
      setSaved(true);
    } catch (caught) {
      setHours(before);
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="field org-reminders">
      <label htmlFor={`${id}-reminders`}>{T.remindersLabel}</label>
      <div className="org-reminders__row">
        <select
          id={`${id}-reminders`}
          className="input"
          value={hours === undefined ? '' : hours === null ? 'off' : String(hours)}
          disabled={hours === undefined || busy}
          onChange={(e) => void choose(e.target.value)}
          aria-describedby={`${id}-note`}
        >
          {hours === undefined ? <option value="">…</option> : null}
          <option value="off">{T.remindersOff}</option>
          {REMINDER_HOURS.map((h) => (
            <option key={h} value={String(h)}>
              {T.remindersBefore(h)}
            </option>
          ))}
        </select>
        {busy ? <Spinner /> : null}
      </div>
      <p id={`${id}-note`} className="field__hint">
        {T.remindersNote}
      </p>
      <p role="status" className="field__hint">
        {saved ? T.remindersSaved : ''}
      </p>
      {error !== null ? <Alert>{error}</Alert> : null}
    </div>
  );
}
