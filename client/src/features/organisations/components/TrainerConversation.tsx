import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TrainerConversation as Detail } from '#shared/api/organisations';
import { languageOf } from '#shared/languages';
import type { Message } from '#shared/conversation';
import type { Debrief } from '#shared/debrief';
import type { Feedback } from '#shared/feedback';
import { countedOverall, graderScores } from '#shared/countedScore';
import { reviewScores, type ScoreOverride, type TurnComment } from '#shared/review';
import { CONVERSATION_TEXT, TRAINER_REVIEW_TEXT as T } from '#shared/text';
import { turnNumbers } from '#shared/turns';
import { Alert } from '../../../components/Alert';
import { DetailHeader } from '../../../components/DetailHeader';
import { TranscriptBubble } from '../../../components/TranscriptBubble';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { createResource, useResource } from '../../../lib/resource';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { commentOnTurn } from '../api/commentOnTurn';
import { getTrainerConversation } from '../api/getTrainerConversation';
import { OverrideForm } from './OverrideForm';
import '../organisations.css';

interface TrainerConversationProps {
  conversationId: string;
  /** The page supplies the report and the review's pieces, so this feature imports no other. */
  renderFeedback: (props: {
    feedback: Feedback;
    debrief: Debrief | null;
    messages: readonly Message[];
    overrides: readonly ScoreOverride[];
    onClose: () => void;
    /** The scenario's language (BCP-47), for its own words; undefined when it was deleted. */
    scenarioLang: string | undefined;
  }) => ReactNode;
  /** The grader's score beside the trainer's, when there is an override. */
  renderScores: (props: {
    feedback: Feedback | null;
    overrides: readonly ScoreOverride[];
  }) => ReactNode;
  /** Under each line: the debrief's notes (when ended) and the trainer's comments. */
  renderTurn: (props: {
    message: Message;
    /** Its turn by shared/turns.ts; null: the patient's opening. */
    turn: number | null;
    debrief: Debrief | null;
    comments: readonly TurnComment[];
  }) => ReactNode;
  renderDebrief?: (props: {
    feedback: Feedback;
    debrief: Debrief;
    messages: readonly Message[];
    scenarioLang: string | undefined;
  }) => ReactNode;
}

/**
 * A member's conversation as their trainer reviews it (/organisations/conversations/:id): read
 * only (no typing, no branches, no recordings), with an override of the overall score and a
 * comment on any turn.
 */
export function TrainerConversation({
  conversationId,
  renderFeedback,
  renderScores,
  renderTurn,
  renderDebrief,
}: TrainerConversationProps) {
  const ids = useId();
  const [resource] = useState(() =>
    createResource<Detail>({
      fetch: getTrainerConversation,
      onError: (error) => {
        console.error('Could not load the conversation', error);
        return { message: errorMessage(error, CONVERSATION_TEXT.detailFailed) };
      },
    }),
  );
  const load = useResource(resource, conversationId);
  const [reportOpen, setReportOpen] = useState(false);
  // Comments posted here show at once; a reload brings the same ones from the server.
  const [posted, setPosted] = useState<TurnComment[]>([]);

  const detail = load.data;
  const title = detail?.scenario?.title.trim() || T.title;
  // The scenario's own words (title, concerns) are in its language (WCAG 3.1.2).
  const scenarioLang = detail?.scenario ? languageOf(detail.scenario.language).tag : undefined;
  useDocumentTitle(title);
  const feedback = detail?.feedback ?? null;
  // The trainer's organisation's review only: the server sends no other (decision 026).
  const overrides = detail?.review.overrides ?? [];
  const override = overrides[0] ?? null;
  const turns = turnNumbers(detail?.messages ?? []);
  const comments = detail
    ? [
        ...detail.review.comments,
        ...posted.filter((p) => !detail.review.comments.some((c) => c.id === p.id)),
      ]
    : [];

  return (
    <main className="page page--scenario conversation-detail trainer-review">
      <DetailHeader
        back={{ href: paths.organisations, label: T.back }}
        title={title}
        titleLang={detail?.scenario?.title.trim() ? scenarioLang : undefined}
        score={feedback ? countedOverall(feedback.overallScore, overrides.map(reviewScores)) : null}
        viewLabel={T.viewFeedback}
        onOpenReport={() => setReportOpen(true)}
        createdAt={detail?.session.createdAt ?? null}
      >
        {detail ? (
          <>
            <p className="trainer-review__who">
              {T.trainee}: {detail.trainee.fullName}{' '}
              <span className="muted">({detail.trainee.email})</span>
            </p>
            <p className="trainer-review__read-only">{T.readOnly}</p>
          </>
        ) : null}
      </DetailHeader>

      {load.error !== null && detail === null ? (
        <Alert>{load.error}</Alert>
      ) : detail === null ? (
        <p className="loading-line">
          <Spinner />
          {T.loading}
        </p>
      ) : (
        <>
          {/* The scores and the form that changes them, side by side; on a phone the form
              comes right after the scores, before the transcript (issue 27). */}
          <div className="trainer-review__scoring">
            {renderScores({ feedback, overrides })}
            {feedback ? (
              <OverrideForm
                conversationId={conversationId}
                ai={graderScores(feedback)}
                override={override}
                onSaved={() => resource.load(conversationId)}
              />
            ) : (
              <p className="muted">{T.notEnded}</p>
            )}
          </div>

          <section className="card transcript" aria-labelledby={`${ids}-transcript`}>
            <h2 id={`${ids}-transcript`} className="card__title">
              {T.transcript}
            </h2>
            {detail.messages.length === 0 ? (
              <p className="muted">{T.noMessages}</p>
            ) : (
              <ol className="message-list transcript__list">
                {detail.messages.map((message, index) => (
                  <TranscriptBubble
                    key={message.id}
                    message={message}
                    speaker={message.role === 'user' ? T.trainee_said : T.patient_said}
                  >
                    {renderTurn({
                      message,
                      turn: turns[index] ?? null,
                      debrief: detail.debrief,
                      comments,
                    })}
                    <TurnCommentForm
                      conversationId={conversationId}
                      messageId={message.id}
                      turn={turns[index] ?? null}
                      role={message.role}
                      onPosted={(comment) => setPosted((list) => [...list, comment])}
                    />
                  </TranscriptBubble>
                ))}
              </ol>
            )}
          </section>

          {feedback && detail.debrief && renderDebrief ? (
            <div className="card conversation-detail__debrief">
              {renderDebrief({
                feedback,
                debrief: detail.debrief,
                messages: detail.messages,
                scenarioLang,
              })}
            </div>
          ) : null}
        </>
      )}

      {feedback && reportOpen
        ? renderFeedback({
            feedback,
            debrief: detail?.debrief ?? null,
            messages: detail?.messages ?? [],
            overrides,
            onClose: () => setReportOpen(false),
            scenarioLang,
          })
        : null}
    </main>
  );
}

/** "Add comment" under a turn: opens a short form, posts, and closes. */
function TurnCommentForm({
  conversationId,
  messageId,
  turn,
  role,
  onPosted,
}: {
  conversationId: string;
  messageId: string;
  turn: number | null;
  role: Message['role'];
  onPosted: (comment: TurnComment) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <button type="button" className="trainer-review__comment" onClick={() => setOpen(true)}>
        {T.addComment}
        <span className="visually-hidden"> ({T.commentOnTurn(turn, role)})</span>
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === '') return setError(T.commentRequired);
    setBusy(true);
    setError(null);
    try {
      onPosted(await commentOnTurn(conversationId, messageId, text.trim()));
      setText('');
      setOpen(false);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="trainer-review__comment-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {T.commentOnTurn(turn, role)}
      </label>
      <textarea
        id={`${id}-text`}
        className="input"
        value={text}
        maxLength={2000}
        autoFocus
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error !== null ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="org-actions">
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          {busy ? <Spinner /> : null}
          {T.postComment}
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => {
            setOpen(false);
            setError(null);
          }}
        >
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
