import { useId, useRef, useState, type FormEvent } from 'react';
import type { ScoreSet } from '#shared/countedScore';
import { formatOutOfTen } from '#shared/format';
import type { ScoreOverride, SkillOverride } from '#shared/review';
import { SCORE_RANGE, SKILLS, type SkillKey } from '#shared/skills';
import { TRAINER_REVIEW_TEXT as T } from '#shared/text';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { overrideScore } from '../api/overrideScore';

const SCORES = Array.from(
  { length: SCORE_RANGE.max - SCORE_RANGE.min + 1 },
  (_, i) => SCORE_RANGE.min + i,
);

/** A field's error, by the field it belongs to ('overall', a skill, or the whole form). */
type FieldKey = 'score' | 'comment' | `${SkillKey}-comment` | null;

interface SkillDraft {
  /** '' keeps the AI's score. */
  score: string;
  comment: string;
}

/**
 * The trainer's overall score with its required reason, and any skill's with its own
 * (decision 043): a skill left on "Keep the AI's" keeps the grader's score, and its reason
 * field shows only once a score is chosen, so no error is ever about a field not on screen.
 * It starts from the organisation's current review.
 */
export function OverrideForm({
  conversationId,
  ai,
  override,
  onSaved,
}: {
  conversationId: string;
  ai: ScoreSet;
  override: ScoreOverride | null;
  onSaved: () => Promise<void>;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [score, setScore] = useState(String(override?.score ?? Math.round(ai.overall ?? 5)));
  const [comment, setComment] = useState(override?.comment ?? '');
  const [skills, setSkills] = useState<Record<SkillKey, SkillDraft>>(() => {
    const drafts = {} as Record<SkillKey, SkillDraft>;
    for (const s of SKILLS) {
      const given = override?.skills.find((k) => k.skill === s.key);
      drafts[s.key] = { score: given ? String(given.score) : '', comment: given?.comment ?? '' };
    }
    return drafts;
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: FieldKey; text: string } | null>(null);
  const [saved, setSaved] = useState(false);

  const setSkill = (key: SkillKey, change: Partial<SkillDraft>) =>
    setSkills((all) => ({ ...all, [key]: { ...all[key], ...change } }));

  const fail = (field: FieldKey, text: string) => {
    setError({ field, text });
    // The field the error is about, so a keyboard user lands on it.
    if (field !== null)
      form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${field}`)}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = Number(score);
    if (!Number.isInteger(value) || value < SCORE_RANGE.min || value > SCORE_RANGE.max)
      return fail('score', T.scoreInvalid);
    if (comment.trim() === '') return fail('comment', T.commentRequired);
    const chosen: SkillOverride[] = [];
    for (const s of SKILLS) {
      const draft = skills[s.key];
      if (draft.score === '') continue;
      if (draft.comment.trim() === '')
        return fail(`${s.key}-comment`, T.skillCommentRequired(s.label));
      chosen.push({ skill: s.key, score: Number(draft.score), comment: draft.comment.trim() });
    }
    setError(null);
    setSaved(false);
    setBusy(true);
    try {
      await overrideScore(conversationId, {
        score: value,
        comment: comment.trim(),
        skills: chosen,
      });
      await onSaved();
      setSaved(true);
    } catch (cause) {
      setError({ field: null, text: errorMessage(cause) });
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (field: FieldKey) =>
    error?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
      : {};
  const errorLine =
    error !== null ? (
      <p id={`${id}-error`} className="field__error" role="alert">
        {error.text}
      </p>
    ) : null;

  return (
    <section className="card trainer-review__override" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {T.overrideTitle}
      </h2>
      <p className="muted">{T.overrideHint}</p>
      {override ? (
        <p>
          {T.currentOverride}: <strong>{formatOutOfTen(override.score)}</strong>
        </p>
      ) : null}
      <form ref={form} className="trainer-review__override-form" onSubmit={submit} noValidate>
        <div className="field trainer-review__score-input">
          <label htmlFor={`${id}-score`}>{T.score}</label>
          <select
            id={`${id}-score`}
            className="select"
            value={score}
            {...errorFor('score')}
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
            {...errorFor('comment')}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        {error !== null && (error.field === 'score' || error.field === 'comment')
          ? errorLine
          : null}

        <fieldset className="trainer-review__skills">
          <legend>{T.skillScores}</legend>
          {SKILLS.map((s) => {
            const draft = skills[s.key];
            const aiSkill = ai[s.key];
            return (
              <div key={s.key} className="trainer-review__skill">
                <div className="field">
                  <label htmlFor={`${id}-${s.key}`}>{T.skillScore(s.label)}</label>
                  <select
                    id={`${id}-${s.key}`}
                    className="select"
                    value={draft.score}
                    onChange={(event) => setSkill(s.key, { score: event.target.value })}
                  >
                    <option value="">
                      {aiSkill === null ? T.keepNone : T.keepAi(formatOutOfTen(aiSkill))}
                    </option>
                    {SCORES.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                {draft.score === '' ? null : (
                  <div className="field">
                    <label htmlFor={`${id}-${s.key}-comment`}>{T.skillComment(s.label)}</label>
                    <textarea
                      id={`${id}-${s.key}-comment`}
                      className="input"
                      value={draft.comment}
                      maxLength={2000}
                      {...errorFor(`${s.key}-comment`)}
                      onChange={(event) => setSkill(s.key, { comment: event.target.value })}
                    />
                  </div>
                )}
                {error?.field === `${s.key}-comment` ? errorLine : null}
              </div>
            );
          })}
        </fieldset>
        {error !== null && error.field === null ? errorLine : null}
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
