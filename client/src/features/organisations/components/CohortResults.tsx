import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatShortDate } from '#shared/format';
import { cohortCellStatus, cohortScoreText } from '#shared/organisations';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { cohortMemberPath, trainerConversationPath } from '../../../lib/paths';
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
import { COHORT_CELL_TEXT, ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
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
  // One clock for every cell of this render, as the CSV takes one at export.
  const now = new Date();
  const overflow = useOverflow();
  return (
    <>
      {overflow.scrolls ? (
        <p className="org-table__hint" id={`${labelledBy}-hint`}>
          <span aria-hidden="true">↔ </span>
          {T.scrollHint}
        </p>
      ) : null}
      {/* Scrolls sideways when it is wider than the page; focusable so a keyboard can scroll it
          too. The names stay in view (a sticky first column) and a shadow marks the edge that
          has more. */}
      <div
        ref={overflow.ref}
        className={`org-table-wrap org-table-wrap--sticky${overflow.more ? ' org-table-wrap--more' : ''}`}
        role="region"
        aria-labelledby={labelledBy}
        aria-describedby={overflow.scrolls ? `${labelledBy}-hint` : undefined}
        tabIndex={0}
        onScroll={overflow.measure}
      >
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
              <TraineeRow key={row.userId} row={row} table={table} now={now} />
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

/**
 * Whether the element scrolls sideways, and whether there is more to its right: measured on
 * resize and scroll, so the hint and the edge shadow show only when there is something to see.
 */
function useOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ scrolls: false, more: false });
  const measure = () => {
    const el = ref.current;
    if (!el) return;
    const scrolls = el.scrollWidth > el.clientWidth + 1;
    const more = scrolls && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setState((old) => (old.scrolls === scrolls && old.more === more ? old : { scrolls, more }));
  };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, measure, ...state };
}

function TraineeRow({ row, table, now }: { row: CohortRow; table: CohortTable; now: Date }) {
  return (
    <tr>
      <th scope="row" className="org-table__name">
        <Link
          href={cohortMemberPath(table.cohort.id, row.userId)}
          className="org-table__member"
          aria-label={T.openMember(row.fullName)}
        >
          {row.fullName}
        </Link>
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
      <td>{row.average === null ? '—' : cohortScoreText(row.average)}</td>
      {table.assignments.map((assignment, index) => {
        // A row's cells follow the assignments, one each (the contract's order).
        const cell = row.cells[index];
        const status = cohortCellStatus({
          dueAt: assignment.dueAt,
          doneAt: cell?.doneAt ?? null,
          leftAt: row.leftAt,
          now,
        });
        return (
          <td key={assignment.id} className={`org-table__cell org-table__cell--${status}`}>
            {cell && cell.doneAt !== null ? (
              <Cell
                name={row.fullName}
                title={assignment.title}
                conversationId={cell.conversationId}
                score={cell.score}
                overridden={cell.overridden}
                doneAt={cell.doneAt}
              />
            ) : status === 'overdue' ? (
              <span className="badge badge--red">{COHORT_CELL_TEXT.overdue}</span>
            ) : (
              <span className="muted">{COHORT_CELL_TEXT.not_done}</span>
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
        {score === null ? T.done : cohortScoreText(score)}
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
      aria-label={`${T.open(name, title)}: ${score === null ? T.done : cohortScoreText(score)}${overridden ? ` (${T.overridden})` : ''}, ${formatShortDate(doneAt)}`}
    >
      {body}
    </Link>
  );
}
