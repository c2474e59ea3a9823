import { useId, useState, type FormEvent } from 'react';
import { formatOutOfTen } from '#shared/format';
import type { ScoreOverride } from '#shared/review';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { overrideScore } from '../api/overrideScore';
import { TRAINER_REVIEW_TEXT as T } from '#shared/text';

const SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** The trainer's score (1-10) with the required reason; it starts from the current override. */
export function OverrideForm({
  conversationId,
  aiScore,
  override,
  onSaved,
}: {
  conversationId: string;
  aiScore: number;
  override: ScoreOverride | null;
  onSaved: () => Promise<void>;
}) {
  const id = useId();
  const [score, setScore] = useState(String(override?.score ?? Math.round(aiScore)));
  const [comment, setComment] = useState(override?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'score' | 'comment' | null; text: string } | null>(
    null,
  );
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = Number(score);
    if (!Number.isInteger(value) || value < 1 || value > 10)
      return setError({ field: 'score', text: T.scoreInvalid });
    if (comment.trim() === '') return setError({ field: 'comment', text: T.commentRequired });
    setError(null);
    setSaved(false);
    setBusy(true);
    try {
      await overrideScore(conversationId, value, comment.trim());
      await onSaved();
      setSaved(true);
    } catch (cause) {
      setError({ field: null, text: errorMessage(cause) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card trainer-review__override" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {T.overrideTitle}
      </h2>
      {override ? (
        <p>
          {T.currentOverride}: <strong>{formatOutOfTen(override.score)}</strong>
        </p>
      ) : null}
      <form className="trainer-review__override-form" onSubmit={submit} noValidate>
        <div className="field trainer-review__score-input">
          <label htmlFor={`${id}-score`}>{T.score}</label>
          <select
            id={`${id}-score`}
            className="select"
            value={score}
            aria-invalid={error?.field === 'score' || undefined}
            aria-describedby={error?.field === 'score' ? `${id}-error` : undefined}
            onChange={(event) => setScore(event.target.value)}
          >
            {SCORES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-comment`}>{T.comment}</label>
          <textarea
            id={`${id}-comment`}
            className="input"
            value={comment}
            maxLength={2000}
            required
            aria-invalid={error?.field === 'comment' || undefined}
            aria-describedby={error?.field === 'comment' ? `${id}-error` : undefined}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        {error !== null ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error.text}
          </p>
        ) : null}
        <div className="org-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? <Spinner /> : null}
            {T.saveOverride}
          </button>
        </div>
        <p className="org-ok" role="status">
          {saved ? T.saved : ''}
        </p>
      </form>
    </section>
  );
}
