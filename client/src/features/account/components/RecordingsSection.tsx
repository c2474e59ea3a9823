import { useEffect, useId, useState } from 'react';
import type { RecordingSetting } from '#shared/api/myData';
import { MY_DATA_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { getRecordingSetting } from '../../../lib/recordingSetting';
import { setRecordingSetting } from '../api/myData';

/** "Keep recordings of my voice turns": on by default; saved as soon as it changes. */
export function RecordingsSection() {
  const ids = useId();
  const [setting, setSetting] = useState<RecordingSetting | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getRecordingSetting()
      .then((loaded) => live && setSetting(loaded))
      .catch((failure: unknown) => {
        console.error('Could not load the recordings setting', failure);
        if (live) setError(errorMessage(failure, T.recordingsFailed));
      });
    return () => {
      live = false;
    };
  }, []);

  const change = (keepRecordings: boolean) => {
    setSaving(true);
    setSaved(false);
    setError(null);
    setRecordingSetting(keepRecordings)
      .then((next) => {
        setSetting(next);
        setSaved(true);
      })
      .catch((failure: unknown) => {
        console.error('Could not save the recordings setting', failure);
        setError(errorMessage(failure, T.recordingsFailed));
      })
      .finally(() => setSaving(false));
  };

  return (
    <section className="account-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{T.recordingsTitle}</h2>
      {setting === null ? (
        error === null ? (
          <p className="loading-line">
            <Spinner />
          </p>
        ) : null
      ) : (
        <>
          <label className="my-data__toggle">
            <input
              type="checkbox"
              checked={setting.keepRecordings}
              disabled={saving}
              aria-describedby={`${ids}-help`}
              onChange={(event) => change(event.target.checked)}
            />
            {T.keepRecordingsLabel}
            {saving ? <Spinner /> : null}
          </label>
          <p id={`${ids}-help`} className="muted">
            {setting.retentionDays === 0
              ? T.recordingsOffEverywhere
              : T.keepRecordingsHelp(setting.retentionDays)}
          </p>
          <p role="status" className="my-data__status">
            {saved ? T.recordingsSaved : ''}
          </p>
        </>
      )}
      {error !== null ? <Alert>{error}</Alert> : null}
    </section>
  );
}
