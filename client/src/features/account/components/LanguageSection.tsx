import { useId, useState } from 'react';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { errorMessage } from '../../../lib/api';
import { saveAccountLocale } from '../../../lib/i18n';

/** The interface language, saved on the account: pages, error sentences and mail follow it. */
export function LanguageSection() {
  const ids = useId();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <section className="account-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{T.languageTitle}</h2>
      <p id={`${ids}-help`} className="muted">
        {T.languageIntro}
      </p>
      <LanguageSelect
        describedBy={`${ids}-help`}
        onChosen={(locale) => {
          setSaved(false);
          setError(null);
          saveAccountLocale(locale)
            .then(() => setSaved(true))
            .catch((failure: unknown) => {
              console.error('Could not save the language', failure);
              setError(errorMessage(failure, T.languageFailed));
            });
        }}
      />
      <p role="status" className="my-data__status">
        {saved ? T.languageSaved : ''}
      </p>
      {error !== null ? <Alert>{error}</Alert> : null}
    </section>
  );
}
