import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AUTHORING_TEXT, SCENARIO_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { authoringEditPath, paths, scenarioPath } from '../../../lib/paths';
import { useScreenResource } from '../../../lib/resource';
import { getMyScenario } from '../api/getMyScenario';
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
  const [blank] = useState<SeedDraft>(blankSeed);
  // A new scenario has nothing to load.
  const own = useScreenResource(
    {
      fetch: getMyScenario,
      onError: (error) => ({ message: errorMessage(error, SCENARIO_TEXT.loadFailed) }),
    },
    scenarioId,
  );
  const loaded = own.data;
  const fromServer = useMemo(
    () => (loaded === null ? null : draftFromSeed(loaded.scenario, loaded.summary)),
    [loaded],
  );
  const initial = scenarioId === null ? blank : fromServer;
  const loadError = own.error;

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
