import { useId, useState } from 'react';
import { MY_DATA_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { downloadMyData } from '../api/myData';

/** "Download my data": everything of the account as one ZIP (decision 045). */
export function YourDataSection() {
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    downloadMyData()
      .then(({ blob, fileName }) => {
        // The browser saves it as a download; the address is let go once it has.
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      })
      .catch((failure: unknown) => {
        console.error('Could not download the data', failure);
        setError(errorMessage(failure, T.exportFailed));
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className="account-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{T.exportTitle}</h2>
      <p>{T.exportBody}</p>
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={download}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? <Spinner label={T.exporting} /> : null}
          {T.exportButton}
        </button>
      </div>
      {error !== null ? <Alert>{error}</Alert> : null}
    </section>
  );
}
