import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { LanguageCode } from '#shared/languages';
import type { ScenarioSeed } from '#shared/scenarioSeed';
import { AUTHORING_TEXT, SCENARIO_TEXT, TRANSLATION_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { authoringEditPath, paths, scenarioPath } from '../../../lib/paths';
import { useScreenResource } from '../../../lib/resource';
import { getMyScenario } from '../api/getMyScenario';
import { clearDraft, draftKey } from '../draftStorage';
import { blankSeed, draftFromSeed, type SeedDraft } from '../seedForm';
import { ScenarioForm } from './ScenarioForm';
import { TranslateScenario } from './TranslateScenario';
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
  /** A translation's draft under review: a new scenario, the original left as it is. */
  const [translation, setTranslation] = useState<{
    draft: SeedDraft;
    title: string;
    language: LanguageCode;
  } | null>(null);
  const translationScope = `translation:${scenarioId}`;
  // The page changed under the author: they start reading at its heading.
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (translation) reviewHeading.current?.focus();
  }, [translation]);
  const reviewTranslation = (draft: ScenarioSeed) => {
    // A fresh draft replaces any translation left unsaved before.
    clearDraft(localStorage, draftKey(userId, translationScope));
    setTranslation({
      draft: draftFromSeed(draft),
      title: loaded?.scenario.title ?? draft.title,
      language: draft.language,
    });
    window.scrollTo({ top: 0 });
  };

  const onSaved = (id: string, tryIt: boolean) => {
    if (tryIt) navigate(scenarioPath(id));
    else
      navigate(scenarioId === null ? authoringEditPath(id) : paths.authoring, {
        replace: scenarioId === null,
      });
  };

  if (translation) {
    return (
      <main className="authoring-page">
        <p>
          <Link href={paths.authoring}>{AUTHORING_TEXT.cancel}</Link>
        </p>
        <h1 className="section-title" tabIndex={-1} ref={reviewHeading}>
          {TRANSLATION_TEXT.draftTitle}
        </h1>
        <div className="alert alert--info authoring-restored" role="status">
          <span>{TRANSLATION_TEXT.draftNotice(translation.title, translation.language)}</span>{' '}
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => {
              clearDraft(localStorage, draftKey(userId, translationScope));
              setTranslation(null);
            }}
          >
            {TRANSLATION_TEXT.backToOriginal}
          </button>
        </div>
        <ScenarioForm
          key={translationScope}
          userId={userId}
          scenarioId={null}
          draftScope={translationScope}
          initial={translation.draft}
          onSaved={(id, tryIt) => navigate(tryIt ? scenarioPath(id) : authoringEditPath(id))}
        />
      </main>
    );
  }

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
      {scenarioId !== null && loaded ? (
        <TranslateScenario
          scenarioId={scenarioId}
          language={loaded.scenario.language}
          onDraft={reviewTranslation}
        />
      ) : null}
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
