import { useId, useRef, useState } from 'react';
import type { MemberConversations } from '#shared/api/organisations';
import { formatShortDate } from '#shared/format';
import { cohortScoreText } from '#shared/organisations';
import { COHORT_MEMBER_TEXT as T, ORGANISATIONS_PAGE_TEXT } from '#shared/text';
import { Link } from 'wouter';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { paths, trainerConversationPath } from '../../../lib/paths';
import { useScreenResource } from '../../../lib/resource';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { getMemberConversations } from '../api/getMemberConversations';
import { removeMember } from '../api/removeMember';
import { ConfirmAction } from '../../../components/ConfirmAction';
import '../organisations.css';

type Conversation = MemberConversations['conversations'][number];

/**
 * A cohort member as their trainer opens them from the cohort table
 * (/organisations/cohorts/:cohortId/members/:userId, decision 044): their periods in the
 * cohort, every conversation they started inside one (assigned or their own practice), each
 * opening the trainer's read-only view, and "Remove from cohort" while they are a member.
 */
export function CohortMember({ cohortId, userId }: { cohortId: string; userId: string }) {
  const id = useId();
  const loaded = useScreenResource<MemberConversations>(
    {
      fetch: () => getMemberConversations(cohortId, userId),
      onError: (cause) => {
        console.error('Could not load the member', cause);
        return { message: errorMessage(cause, T.loadFailed) };
      },
    },
    `${cohortId}:${userId}`,
  );
  const { data, error } = loaded;
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const name = data?.member.fullName ?? T.title;
  useDocumentTitle(T.titleOf(name));
  const current = data?.member.periods.some((p) => p.leftAt === null) ?? false;

  return (
    <main className="page org-page org-member">
      <p>
        <Link href={paths.organisations} className="back-link">
          <span aria-hidden="true">← </span>
          {T.back}
        </Link>
      </p>
      <h1 className="org-page__title" ref={heading} tabIndex={-1}>
        {T.titleOf(name)}
      </h1>
      <p className="org-ok" role="status">
        {done}
      </p>
      {error !== null && data === null ? (
        <Alert>{error}</Alert>
      ) : data === null ? (
        <p className="loading-line">
          <Spinner />
          {T.loading}
        </p>
      ) : (
        <>
          <div className="card org-member__who">
            <p className="muted">{data.member.email}</p>
            <ul className="org-member__periods">
              {data.member.periods.map((p) => (
                <li key={p.joinedAt}>
                  {p.leftAt === null
                    ? T.since(formatShortDate(p.joinedAt))
                    : T.between(formatShortDate(p.joinedAt), formatShortDate(p.leftAt))}
                </li>
              ))}
            </ul>
            {current ? (
              <div className="org-actions">
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => setConfirming(true)}
                >
                  {T.remove}
                </button>
              </div>
            ) : null}
          </div>
          <section className="card" aria-labelledby={`${id}-list`}>
            <h2 id={`${id}-list`} className="card__title">
              {T.conversations}
            </h2>
            <p className="muted">{T.intro}</p>
            {data.conversations.length === 0 ? (
              <p className="empty-state__text">{T.empty}</p>
            ) : (
              <ul className="org-member__list">
                {data.conversations.map((c) => (
                  <ConversationItem key={c.id} conversation={c} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {confirming && data ? (
        <ConfirmAction
          title={T.confirmRemoveTitle(data.member.fullName)}
          body={T.confirmRemove}
          confirmLabel={T.remove}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await removeMember(cohortId, userId);
            setConfirming(false);
            setDone(T.removed(data.member.fullName));
            await loaded.reload();
            heading.current?.focus();
          }}
        />
      ) : null}
    </main>
  );
}

function ConversationItem({ conversation: c }: { conversation: Conversation }) {
  const started = formatShortDate(c.startedAt);
  const result =
    c.endedAt === null
      ? T.inProgress
      : c.score === null
        ? T.notGraded
        : `${cohortScoreText(c.score)}${c.overridden ? ` (${ORGANISATIONS_PAGE_TEXT.overridden})` : ''}`;
  return (
    <li className="org-member__item">
      <Link
        href={trainerConversationPath(c.id)}
        className="org-member__link"
        aria-label={`${T.open(c.title, started)}: ${result}`}
      >
        <span className="org-member__title">{c.title}</span>
        <span className="org-member__meta">
          <time dateTime={c.startedAt}>{started}</time>
          <span className={`badge ${c.assigned ? 'badge--green' : 'badge--grey'}`}>
            {c.assigned ? T.assigned : T.practice}
          </span>
          <span className="org-member__score">{result}</span>
        </span>
      </Link>
    </li>
  );
}
