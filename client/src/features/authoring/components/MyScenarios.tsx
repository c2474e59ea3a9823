import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { AuthoredScenarioSummary } from '#shared/api/authoring';
import { AUTHORING_TEXT, SHARING_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { Spinner } from '../../../components/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { listScenarios } from '../../../lib/listScenarios';
import { authoringEditPath, paths, scenarioPath } from '../../../lib/paths';
import { useScreenResource } from '../../../lib/resource';
import { deleteMyScenario } from '../api/deleteMyScenario';
import { duplicateScenario } from '../api/duplicateScenario';
import { exportScenarios } from '../api/exportScenarios';
import { importScenarios } from '../api/importScenarios';
import { listMyScenarios } from '../api/listMyScenarios';
import { listTrainedOrganisations } from '../api/listTrainedOrganisations';
import { downloadJson } from '../download';
import { importProblems } from '../fieldErrors';
import { categoryName, difficultyName } from '../valueNames';

export function MyScenarios() {
  const ids = useId();
  const [, navigate] = useLocation();
  // One fixed key: the server answers for whoever is signed in, and each visit mounts afresh.
  const mine = useScreenResource<AuthoredScenarioSummary[]>(
    {
      fetch: () => listMyScenarios(),
      // A failed reload keeps the list on screen, with the message above it.
      onError: (error) => ({ message: errorMessage(error, AUTHORING_TEXT.loadFailed) }),
    },
    'mine',
  );
  const scenarios = mine.data;
  const loadError = mine.error;
  const reload = mine.reload;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problems, setProblems] = useState<string[] | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [copyFrom, setCopyFrom] = useState('');

  // Any scenario the author can practise can be the start of one of their own; without the
  // library the copy form is simply not offered.
  const library =
    useScreenResource(
      { fetch: () => listScenarios(), onError: () => ({ message: null, data: [] }) },
      'library',
    ).data ?? [];

  // Names for "Shared with …"; without them the list still says a scenario is shared.
  const trained = useScreenResource(
    { fetch: () => listTrainedOrganisations(), onError: () => ({ message: null, data: [] }) },
    'trained',
  ).data;
  const organisationNames = useMemo(
    () => new Map((trained ?? []).map(({ id, name }) => [id, name])),
    [trained],
  );
  const sharingOf = (organisationId: string | null) => {
    if (organisationId === null) return SHARING_TEXT.listPrivate;
    const name = organisationNames.get(organisationId);
    return name === undefined ? SHARING_TEXT.listShared : SHARING_TEXT.sharedWith(name);
  };

  const run = async (action: () => Promise<void>) => {
    setActionError(null);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setActionError(errorMessage(error));
    }
  };

  const duplicate = (id: string) =>
    run(async () => {
      const copy = await duplicateScenario(id);
      navigate(authoringEditPath(copy.summary.id));
    });

  const [deleting, setDeleting] = useState<AuthoredScenarioSummary | null>(null);
  const remove = async (scenario: AuthoredScenarioSummary) => {
    await deleteMyScenario(scenario.id);
    setDeleting(null);
    setSelected((s) => new Set([...s].filter((id) => id !== scenario.id)));
    await reload();
  };

  const exportIds = (list: string[]) =>
    run(async () => {
      downloadJson('chairtalk-scenarios.json', await exportScenarios(list));
    });

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblems(null);
    setNotice(null);
    setActionError(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setProblems([AUTHORING_TEXT.importNotJson]);
      return;
    }
    try {
      const imported = await importScenarios(parsed);
      setNotice(AUTHORING_TEXT.imported(imported.length));
      await reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setProblems(importProblems(error.message));
      else setActionError(errorMessage(error));
    }
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="panel authoring-list" aria-labelledby={`${ids}-title`}>
      <div className="authoring-list__head">
        <h1 id={`${ids}-title`} className="section-title">
          {AUTHORING_TEXT.listTitle}
        </h1>
        <div className="authoring-actions">
          <Link href={paths.authoringNew} className="button button--primary">
            {AUTHORING_TEXT.write}
          </Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => fileInput.current?.click()}
          >
            {AUTHORING_TEXT.importFile}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            aria-label={AUTHORING_TEXT.importFile}
            data-testid="import-file"
            onChange={(e) => void importFile(e)}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={selected.size === 0}
            onClick={() => void exportIds([...selected])}
          >
            {AUTHORING_TEXT.exportSelected}
          </button>
        </div>
      </div>

      {library.length > 0 ? (
        <form
          className="authoring-copy"
          onSubmit={(e) => {
            e.preventDefault();
            if (copyFrom !== '') void duplicate(copyFrom);
          }}
        >
          <label htmlFor={`${ids}-copy`} className="label">
            {AUTHORING_TEXT.copyFrom}
          </label>
          <div className="authoring-actions">
            <select
              id={`${ids}-copy`}
              className="select authoring-copy__select"
              value={copyFrom}
              onChange={(e) => setCopyFrom(e.target.value)}
            >
              <option value="">{AUTHORING_TEXT.choose}</option>
              {library.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--secondary" disabled={copyFrom === ''}>
              {AUTHORING_TEXT.copy}
            </button>
          </div>
        </form>
      ) : null}

      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {actionError ? <Alert>{actionError}</Alert> : null}
      {problems ? (
        <Alert>
          <p>{AUTHORING_TEXT.importFailed}</p>
          <ul className="authoring-problems">
            {problems.map((p) => (
              <li key={p}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {loadError ? <Alert>{loadError}</Alert> : null}
      {scenarios === null && !loadError ? <Spinner /> : null}
      {scenarios?.length === 0 ? <p>{AUTHORING_TEXT.none}</p> : null}
      {scenarios && scenarios.length > 0 ? (
        <ul className="authoring-items">
          {scenarios.map((s) => (
            <li key={s.id} className="authoring-item">
              <label className="authoring-item__pick">
                <input type="checkbox" checked={selected.has(s.id)} onChange={() => toggle(s.id)} />
                <span className="visually-hidden">{AUTHORING_TEXT.selectScenario(s.title)}</span>
              </label>
              <div className="authoring-item__body">
                <h2 className="authoring-item__title">{s.title}</h2>
                <p className="authoring-item__meta">
                  {AUTHORING_TEXT.listMeta({
                    category: categoryName(s.category),
                    difficulty: difficultyName(s.difficulty),
                    version: s.version,
                    conversations: s.conversations,
                    sharing: sharingOf(s.organisationId),
                  })}
                </p>
              </div>
              <div className="authoring-item__actions">
                <Link
                  href={authoringEditPath(s.id)}
                  className="button button--secondary button--sm"
                >
                  {AUTHORING_TEXT.list.edit}
                  <span className="visually-hidden"> {s.title}</span>
                </Link>
                <Link href={scenarioPath(s.id)} className="button button--secondary button--sm">
                  {AUTHORING_TEXT.list.practise}
                  <span className="visually-hidden"> {s.title}</span>
                </Link>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => void duplicate(s.id)}
                >
                  {AUTHORING_TEXT.list.duplicate}
                  <span className="visually-hidden"> {s.title}</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => void exportIds([s.id])}
                >
                  {AUTHORING_TEXT.list.export}
                  <span className="visually-hidden"> {s.title}</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => {
                    setActionError(null);
                    setNotice(null);
                    setDeleting(s);
                  }}
                >
                  {AUTHORING_TEXT.list.delete}
                  <span className="visually-hidden"> {s.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {deleting !== null ? (
        <ConfirmAction
          title={AUTHORING_TEXT.confirmDeleteTitle(deleting.title)}
          body={AUTHORING_TEXT.confirmDeleteBody}
          confirmLabel={AUTHORING_TEXT.list.delete}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove(deleting)}
        />
      ) : null}
    </section>
  );
}
