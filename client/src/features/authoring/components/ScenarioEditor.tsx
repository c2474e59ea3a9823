import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AUTHORING_TEXT, SCENARIO_TEXT } from '../../../../../shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { authoringEditPath, paths, scenarioPath } from '../../../lib/paths';
import { getMyScenario } from '../api';
import { blankSeed, draftFromSeed, type SeedDraft } from '../seedForm';
import { ScenarioForm } from './ScenarioForm';
import '../authoring.css';

/** A new scenario (id null) or one of the author's own, loaded before the form opens. */
export function ScenarioEditor({
  userId,
  scenarioId,
}: {
  userId: string;
  scenarioId: string | null;
}) {
  const [, navigate] = useLocation();
  const [initial, setInitial] = useState<SeedDraft | null>(
    scenarioId === null ? blankSeed() : null,
  );
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (scenarioId === null) return;
    const controller = new AbortController();
    getMyScenario(scenarioId)
      .then((own) => setInitial(draftFromSeed(own.scenario, own.summary)))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error, SCENARIO_TEXT.loadFailed));
      });
    return () => controller.abort();
  }, [scenarioId]);

  const onSaved = (id: string, tryIt: boolean) => {
    if (tryIt) navigate(scenarioPath(id));
    else
      navigate(scenarioId === null ? authoringEditPath(id) : paths.authoring, {
        replace: scenarioId === null,
      });
  };

  return (
    <main className="authoring-page">
      <p>
        <Link href={paths.authoring}>{AUTHORING_TEXT.cancel}</Link>
      </p>
      <h1 className="section-title">
        {scenarioId === null ? AUTHORING_TEXT.newTitle : AUTHORING_TEXT.editTitle}
      </h1>
      {loadError ? <Alert>{loadError}</Alert> : null}
      {initial === null && !loadError ? <Spinner /> : null}
      {initial ? (
        <ScenarioForm
          key={scenarioId ?? 'new'}
          userId={userId}
          scenarioId={scenarioId}
          initial={initial}
          onSaved={onSaved}
        />
      ) : null}
    </main>
  );
}
