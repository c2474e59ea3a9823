import { useId } from 'react';
import { Link } from 'wouter';
import type { BranchOrigin } from '#shared/api/conversations';
import { compareScores } from '#shared/branches';
import type { FeedbackScores } from '#shared/feedback';
import { formatOutOfTen } from '#shared/format';
import { reportLabel } from '#shared/skills';
import { BRANCH_TEXT } from '#shared/text';
import { conversationPath } from '../../../lib/paths';

/**
 * A branch's report: its scores beside the original's, skill by skill. Shown only for a
 * branch; when the original has no scores yet, a line says so instead of a half-empty table.
 */
export function BranchComparison({
  scores,
  branch,
}: {
  scores: FeedbackScores;
  branch: BranchOrigin;
}) {
  const id = useId();
  const original = branch.originalScores;
  const from = branch.atTurn === null ? null : BRANCH_TEXT.startsFrom(branch.atTurn);
  return (
    <section aria-labelledby={id} className="comparison">
      <h3 id={id} className="report__section-title">
        {BRANCH_TEXT.comparedTitle}
      </h3>
      <p className="comparison__lead">
        {from}{' '}
        <Link href={conversationPath(branch.of)} className="comparison__link">
          {BRANCH_TEXT.openOriginal}
        </Link>
      </p>
      {original === null ? (
        <p className="muted">{BRANCH_TEXT.originalNotGraded}</p>
      ) : (
        <table className="comparison__table">
          <caption className="visually-hidden">{BRANCH_TEXT.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{BRANCH_TEXT.columns.skill}</th>
              <th scope="col">{BRANCH_TEXT.columns.original}</th>
              <th scope="col">{BRANCH_TEXT.columns.branch}</th>
              <th scope="col">{BRANCH_TEXT.columns.change}</th>
            </tr>
          </thead>
          <tbody>
            {compareScores(original, scores).map((row) => (
              <tr key={row.key}>
                <th scope="row">{reportLabel(row.key)}</th>
                <td>{formatOutOfTen(row.original)}</td>
                <td>{formatOutOfTen(row.branch)}</td>
                <td className={`comparison__change comparison__change--${row.direction}`}>
                  {row.changeText}
                  <span className="visually-hidden"> ({BRANCH_TEXT.direction[row.direction]})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
