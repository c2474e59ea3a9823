import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatOutOfTen, formatScore, formatShortDate } from '#shared/format';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { trainerConversationPath } from '../../../lib/paths';
import { useScreenResource } from '../../../lib/resource';
import { cohortCsvUrl } from '../api/cohortCsvUrl';
import { getCohortTable } from '../api/getCohortTable';
import {
  sortCohortRows,
  sortDirection,
  type CohortRow,
  type CohortSort,
  type CohortTable,
} from '../cohortTable';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { AssignmentList } from './AssignmentList';
import { Sparkline } from './Sparkline';

/**
 * The cohort table: trainees × assigned scenarios (done, score, date), sortable by name, done or
 * average, with each trainee's trend, and the same table as a CSV download. `version` changes
 * when something that shows here changed (an assignment was made, the members changed); removing
 * an assignment here loads it again too.
 */
export function CohortResults({ cohortId, version }: { cohortId: string; version: string }) {
  const id = useId();
  const loaded = useScreenResource(
    {
      fetch: getCohortTable,
      onError: (cause) => {
        console.error('Could not load the cohort table', cause);
        return { message: errorMessage(cause, T.tableFailed) };
      },
    },
    cohortId,
    version,
  );
  const { data: table, error } = loaded;
  const [sort, setSort] = useState<CohortSort>('name');
  const [removed, setRemoved] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  // The Remove button is gone with its assignment: focus moves to the section, and the status
  // line says what happened.
  const onRemoved = (title: string) => {
    setRemoved(T.removed(title));
    void loaded.reload();
    heading.current?.focus();
  };

  const rows = useMemo(() => (table ? sortCohortRows(table.rows, sort) : []), [table, sort]);

  return (
    <section className="org-results" aria-labelledby={`${id}-title`}>
      <div className="org-results__head">
        <h5 id={`${id}-title`} className="org-subtitle" ref={heading} tabIndex={-1}>
          {T.table}
        </h5>
        {table && table.rows.length > 0 ? (
          <a
            className="button button--secondary button--sm"
            href={cohortCsvUrl(cohortId, sort)}
            download
          >
            {T.exportCsv}
          </a>
        ) : null}
      </div>
      <p className="org-ok" role="status">
        {removed}
      </p>
      {error !== null ? (
        <Alert>{error}</Alert>
      ) : table === null ? (
        <p className="loading-line">
          <Spinner />
          {T.tableLoading}
        </p>
      ) : (
        <>
          {table.assignments.length === 0 ? (
            <p className="muted">{T.noAssignments}</p>
          ) : (
            <AssignmentList assignments={table.assignments} onRemoved={onRemoved} />
          )}
          {table.rows.length === 0 ? (
            <p className="muted">{T.noMembers}</p>
          ) : (
            <ResultsTable
              table={table}
              rows={rows}
              sort={sort}
              onSort={setSort}
              labelledBy={`${id}-title`}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The table itself, with its sortable headers and one row per trainee. */
function ResultsTable({
  table,
  rows,
  sort,
  onSort,
  labelledBy,
}: {
  table: CohortTable;
  rows: CohortRow[];
  sort: CohortSort;
  onSort: (sort: CohortSort) => void;
  labelledBy: string;
}) {
  return (
    <>
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <div className="org-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
        <table className="org-table">
          <thead>
            <tr>
              <SortHeader column="name" label={T.trainee} sort={sort} onSort={onSort} />
              <SortHeader column="done" label={T.done} sort={sort} onSort={onSort} />
              <SortHeader column="average" label={T.average} sort={sort} onSort={onSort} />
              {table.assignments.map((a) => (
                <th key={a.id} scope="col">
                  {a.title}
                  {a.dueAt ? (
                    <span className="org-table__due">
                      {T.due} <time dateTime={a.dueAt}>{formatShortDate(a.dueAt)}</time>
                    </span>
                  ) : null}
                </th>
              ))}
              <th scope="col">{T.trend}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <TraineeRow key={row.userId} row={row} table={table} />
            ))}
          </tbody>
        </table>
      </div>
      {rows.some((r) => r.cells.some((c) => c.overridden)) ? (
        <p className="org-table__legend">* {T.overridden}</p>
      ) : null}
    </>
  );
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: CohortSort;
  label: string;
  sort: CohortSort;
  onSort: (sort: CohortSort) => void;
}) {
  const active = sort === column;
  return (
    <th scope="col" aria-sort={active ? sortDirection(column) : undefined}>
      <button type="button" className="org-table__sort" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true" className="org-table__arrow">
          {active ? (sortDirection(column) === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
        <span className="visually-hidden"> ({T.sortBy(label.toLowerCase())})</span>
      </button>
    </th>
  );
}

function TraineeRow({ row, table }: { row: CohortRow; table: CohortTable }) {
  return (
    <tr>
      <th scope="row" className="org-table__name">
        {row.fullName}
        <span className="org-table__email">{row.email}</span>
        {row.leftAt !== null ? (
          <span className="org-table__left">
            {T.left} <time dateTime={row.leftAt}>{formatShortDate(row.leftAt)}</time>
          </span>
        ) : null}
      </th>
      <td>
        {row.done}/{table.assignments.length}
      </td>
      <td>{row.average === null ? '—' : formatScore(Math.round(row.average * 10) / 10)}</td>
      {table.assignments.map((assignment) => {
        const cell = row.cells.find((c) => c.assignmentId === assignment.id);
        return (
          <td key={assignment.id} className="org-table__cell">
            {cell && cell.doneAt !== null ? (
              <Cell
                name={row.fullName}
                title={assignment.title}
                conversationId={cell.conversationId}
                score={cell.score}
                overridden={cell.overridden}
                doneAt={cell.doneAt}
              />
            ) : (
              <span className="muted">{T.notDone}</span>
            )}
          </td>
        );
      })}
      <td>
        <Sparkline scores={row.trend} />
      </td>
    </tr>
  );
}

function Cell({
  name,
  title,
  conversationId,
  score,
  overridden,
  doneAt,
}: {
  name: string;
  title: string;
  conversationId: string | null;
  score: number | null;
  overridden: boolean;
  doneAt: string;
}) {
  const body = (
    <>
      <span className="org-table__score">
        {score === null ? T.done : formatOutOfTen(score)}
        {overridden ? (
          <span className="org-table__override" title={T.overridden}>
            <span aria-hidden="true">*</span>
            <span className="visually-hidden"> ({T.overridden})</span>
          </span>
        ) : null}
      </span>
      <time className="org-table__date" dateTime={doneAt}>
        {formatShortDate(doneAt)}
      </time>
    </>
  );
  if (conversationId === null) return body;
  return (
    <Link
      href={trainerConversationPath(conversationId)}
      className="org-table__link"
      aria-label={`${T.open(name, title)}: ${score === null ? T.done : formatOutOfTen(score)}${overridden ? ` (${T.overridden})` : ''}, ${formatShortDate(doneAt)}`}
    >
      {body}
    </Link>
  );
}
