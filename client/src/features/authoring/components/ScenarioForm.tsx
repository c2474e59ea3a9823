import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { CONVERSATION_LANGUAGES } from '#shared/languages';
import { DIFFICULTIES } from '#shared/scenario';
import {
  CONVERSATION_TOPICS,
  hiddenConcernSchema,
  scenarioSeedSchema,
  type ScenarioSeed,
} from '#shared/scenarioSeed';
import { AUTHORING_TEXT, LANGUAGE_TEXT, SHARING_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { ApiError, errorMessage } from '../../../lib/api';
import { useScreenResource } from '../../../lib/resource';
import { createMyScenario } from '../api/createMyScenario';
import { listTrainedOrganisations } from '../api/listTrainedOrganisations';
import { updateMyScenario } from '../api/updateMyScenario';
import { clearDraft, draftKey, loadDraft, saveDraft } from '../draftStorage';
import { errorsFromIssues, errorsFromServerMessage, type FieldErrors } from '../fieldErrors';
import { getAt, setAt } from '../seedPaths';
import {
  blankHiddenConcern,
  blankStatedConcern,
  draftFromStored,
  fieldPaths,
  LINE_KINDS,
  placeCrossFieldErrors,
  placeDerivedErrors,
  PRIVATE,
  sectionsWithProblems,
  type FoldedSection,
  seedForCheck,
  sharingOf,
  type SeedDraft,
} from '../seedForm';
import { valueOptions } from '../valueNames';
import { LevelField, ListField, SelectField, TextField } from './Fields';

const CATEGORIES = scenarioSeedSchema.shape.category.options;
const UNLOCKS = hiddenConcernSchema.shape.unlock.options;

interface ScenarioFormProps {
  userId: string;
  scenarioId: string | null;
  /**
   * Where the unsaved draft is kept, when not under the scenario's id ('new' for a new one): a
   * translation's draft is a new scenario that must not take the place of one being written.
   */
  draftScope?: string;
  initial: SeedDraft;
  /** After a save: the scenario's id, and whether the author asked to try it. */
  onSaved: (id: string, tryIt: boolean) => void;
}

export function ScenarioForm({
  userId,
  scenarioId,
  draftScope,
  initial,
  onSaved,
}: ScenarioFormProps) {
  const key = draftKey(userId, draftScope ?? scenarioId);
  const [restored] = useState(() => draftFromStored(loadDraft(localStorage, key)?.seed));
  const [draft, setDraft] = useState<SeedDraft>(() => restored ?? initial);
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // Rows are keyed so a removed hidden concern does not hand its text to the next one.
  const nextRow = useRef(0);
  const rowKey = () => `row-${nextRow.current++}`;
  const [hiddenKeys, setHiddenKeys] = useState(() => draft.extras.hiddenConcerns.map(rowKey));
  const [statedKeys, setStatedKeys] = useState(() => draft.extras.statedConcerns.map(rowKey));
  const [formKey, setFormKey] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useRef(false);
  // The folded sections, opened by the author or by a problem in them (issue 27). The element's
  // own open state is the truth: a toggle event is a queued task, and Chromium runs a key press
  // before it, so state mirrored from it could still say "open" when a save finds a problem there.
  const folded = useRef<Partial<Record<FoldedSection, HTMLDetailsElement | null>>>({});
  /** Set by a refused save: once the sections with problems are open, focus the first. */
  const focusFirstProblem = useRef(false);
  useEffect(() => {
    if (!focusFirstProblem.current) return;
    focusFirstProblem.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summaryRef.current)?.focus();
  });
  /** Shows a refused save's problems: each by its field, its folded section opened. */
  const showProblems = (found: FieldErrors) => {
    setErrors(found);
    setTouched(new Set(Object.keys(found)));
    for (const section of sectionsWithProblems(found)) {
      const details = folded.current[section];
      if (details) details.open = true;
    }
    focusFirstProblem.current = true;
  };

  const fields = useMemo(() => fieldPaths(draft), [draft]);
  /** Where the scenario may be shared: the organisations the author trains. */
  const organisations =
    useScreenResource(
      {
        fetch: () => listTrainedOrganisations(),
        onError: (error) => {
          // Without the list, the choice offers Private and the current sharing: still savable.
          console.error('Could not load organisations', error);
          return { message: null };
        },
      },
      userId,
    ).data ?? [];

  const visibilityOptions = [
    { value: PRIVATE, label: SHARING_TEXT.private },
    ...organisations.map((o) => ({ value: o.id, label: SHARING_TEXT.sharedWith(o.name) })),
    // Shared with one not (yet) listed: keep it on offer so the select shows the truth.
    ...(draft.visibility !== PRIVATE && !organisations.some((o) => o.id === draft.visibility)
      ? [{ value: draft.visibility, label: SHARING_TEXT.sharedWith('…') }]
      : []),
  ];

  const check = (value: SeedDraft): { seed: ScenarioSeed | null; errors: FieldErrors } => {
    const result = scenarioSeedSchema.safeParse(seedForCheck(value));
    return result.success
      ? { seed: result.data, errors: {} }
      : {
          seed: null,
          errors: placeDerivedErrors(
            placeCrossFieldErrors(
              errorsFromIssues(result.error, seedForCheck(value), fieldPaths(value)),
              value,
            ),
            value,
          ),
        };
  };

  useEffect(() => {
    if (dirty.current) saveDraft(localStorage, key, draft);
  }, [key, draft]);

  const update = (path: string, value: unknown) => {
    dirty.current = true;
    const next = setAt(draft, path, value);
    setDraft(next);
    // A field already shown wrong is rechecked as it is typed, so its message goes away.
    if (touched.size > 0) {
      const fresh = check(next).errors;
      setErrors(Object.fromEntries([...touched].map((f) => [f, fresh[f] ?? []])));
    }
  };

  const blur = (path: string) => () => {
    const nextTouched = new Set(touched).add(path);
    setTouched(nextTouched);
    const fresh = check(draft).errors;
    setErrors(Object.fromEntries([...nextTouched].map((f) => [f, fresh[f] ?? []])));
  };

  const field = (path: string, label: string, hint?: string) => ({
    path,
    label,
    hint,
    errors: errors[path],
    onBlur: blur(path),
  });
  const text = (path: string) => (getAt(draft, path) as string | undefined) ?? '';
  const list = (path: string) => (getAt(draft, path) as string[] | undefined) ?? [];

  const discard = () => {
    clearDraft(localStorage, key);
    dirty.current = false;
    setDraft(initial);
    setHiddenKeys(initial.extras.hiddenConcerns.map(rowKey));
    setStatedKeys(initial.extras.statedConcerns.map(rowKey));
    setErrors({});
    setTouched(new Set());
    setShowRestored(false);
    setFormKey((k) => k + 1);
  };

  const submit = async (tryIt: boolean) => {
    setFormError(null);
    const checked = check(draft);
    if (!checked.seed) {
      showProblems(checked.errors);
      setFormError(AUTHORING_TEXT.fixProblems);
      return;
    }
    setBusy(true);
    try {
      const seed = checked.seed as ScenarioSeed;
      const saved =
        scenarioId === null
          ? await createMyScenario(seed, sharingOf(draft))
          : await updateMyScenario(scenarioId, seed, sharingOf(draft));
      clearDraft(localStorage, key);
      dirty.current = false;
      onSaved(saved.summary.id, tryIt);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        showProblems(
          placeDerivedErrors(errorsFromServerMessage(error.message, fields, 'scenario'), draft),
        );
        setFormError(AUTHORING_TEXT.fixProblems);
      } else if (
        error instanceof ApiError &&
        (error.code === 'conflict:assigned' || error.code === 'not_found:organisation')
      ) {
        // Said next to the Visibility choice, the one field that can fix it.
        showProblems({ visibility: [error.message] });
        setFormError(AUTHORING_TEXT.fixProblems);
      } else {
        setFormError(errorMessage(error));
        summaryRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  const hidden = draft.extras.hiddenConcerns;
  const twoToFour = `${AUTHORING_TEXT.onePerLine} ${AUTHORING_TEXT.form.twoToFour}`;
  const stated = draft.extras.statedConcerns;
  const general = errors[''] ?? [];

  return (
    <form ref={formRef} className="authoring-form" onSubmit={onSubmit} noValidate key={formKey}>
      {showRestored ? (
        <div className="alert alert--info authoring-restored" role="status">
          <span>{AUTHORING_TEXT.restored}</span>{' '}
          <button type="button" className="button button--secondary button--sm" onClick={discard}>
            {AUTHORING_TEXT.discard}
          </button>
        </div>
      ) : null}
      <div ref={summaryRef} tabIndex={-1}>
        {formError ? (
          <Alert>
            <p>{formError}</p>
            {general.length > 0 ? (
              <ul>
                {general.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </div>

      <fieldset className="authoring-section">
        <legend>{AUTHORING_TEXT.form.scenarioSection}</legend>
        <TextField
          {...field('title', AUTHORING_TEXT.form.title)}
          value={text('title')}
          onChange={(v) => update('title', v)}
        />
        <TextField
          {...field('description', AUTHORING_TEXT.form.description)}
          multiline
          value={text('description')}
          onChange={(v) => update('description', v)}
        />
        <SelectField
          {...field('difficulty', AUTHORING_TEXT.form.difficulty)}
          value={draft.difficulty}
          options={valueOptions('difficulty', DIFFICULTIES)}
          onChange={(v) => update('difficulty', v)}
        />
        <SelectField
          {...field('category', AUTHORING_TEXT.form.category)}
          value={draft.category}
          options={valueOptions('category', CATEGORIES)}
          onChange={(v) => update('category', v)}
        />
        <SelectField
          {...field(
            'language',
            LANGUAGE_TEXT.scenarioLanguageLabel,
            LANGUAGE_TEXT.scenarioLanguageHelp,
          )}
          value={draft.language}
          options={CONVERSATION_LANGUAGES.map((l) => ({ value: l.code, label: l.ownName }))}
          onChange={(v) => update('language', v)}
        />
      </fieldset>

      <fieldset className="authoring-section">
        <legend>{AUTHORING_TEXT.form.patientSection}</legend>
        <TextField
          {...field('patientProfile', AUTHORING_TEXT.form.patientProfile)}
          multiline
          value={text('patientProfile')}
          onChange={(v) => update('patientProfile', v)}
        />
        <ListField
          {...field('patientConcerns', AUTHORING_TEXT.form.keyConcerns, twoToFour)}
          value={list('patientConcerns')}
          onChange={(v) => update('patientConcerns', v)}
        />
        <TextField
          {...field('initialMessage', AUTHORING_TEXT.form.openingLine)}
          multiline
          value={text('initialMessage')}
          onChange={(v) => update('initialMessage', v)}
        />
        <TextField
          {...field('extras.goal', AUTHORING_TEXT.form.goal)}
          value={text('extras.goal')}
          onChange={(v) => update('extras.goal', v)}
        />
        {(['ideas', 'concerns', 'expectations'] as const).map((k) => (
          <TextField
            key={k}
            {...field(`extras.ice.${k}`, AUTHORING_TEXT.form.ice[k])}
            value={text(`extras.ice.${k}`)}
            onChange={(v) => update(`extras.ice.${k}`, v)}
          />
        ))}
      </fieldset>

      <fieldset className="authoring-section">
        <legend>{AUTHORING_TEXT.form.statedSection}</legend>
        {errors['extras.statedConcerns']?.length ? (
          <p className="authoring-error">{errors['extras.statedConcerns'].join(' ')}</p>
        ) : null}
        {stated.map((_c, i) => {
          const at = `extras.statedConcerns[${i}]`;
          return (
            <div className="authoring-row" key={statedKeys[i]}>
              <h3 className="authoring-row__title">{AUTHORING_TEXT.statedConcern(i + 1)}</h3>
              <TextField
                {...field(`${at}.concern`, AUTHORING_TEXT.form.statedConcernText)}
                value={text(`${at}.concern`)}
                onChange={(v) => update(`${at}.concern`, v)}
              />
              <ListField
                {...field(
                  `${at}.keywords`,
                  AUTHORING_TEXT.form.keywords,
                  `${AUTHORING_TEXT.onePerLine} ${AUTHORING_TEXT.form.atLeastTwo}`,
                )}
                value={list(`${at}.keywords`)}
                onChange={(v) => update(`${at}.keywords`, v)}
              />
              <ListField
                {...field(`${at}.lines`, AUTHORING_TEXT.form.statedLines, twoToFour)}
                value={list(`${at}.lines`)}
                onChange={(v) => update(`${at}.lines`, v)}
              />
              <TextField
                {...field(`${at}.settled`, AUTHORING_TEXT.form.settled)}
                value={text(`${at}.settled`)}
                onChange={(v) => update(`${at}.settled`, v)}
              />
              {stated.length > 2 ? (
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => {
                    update(
                      'extras.statedConcerns',
                      stated.filter((_x, j) => j !== i),
                    );
                    setStatedKeys((keys) => keys.filter((_x, j) => j !== i));
                  }}
                >
                  {AUTHORING_TEXT.removeStated(i + 1)}
                </button>
              ) : null}
            </div>
          );
        })}
        {stated.length < 4 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              update('extras.statedConcerns', [...stated, blankStatedConcern()]);
              setStatedKeys((keys) => [...keys, rowKey()]);
            }}
          >
            {AUTHORING_TEXT.form.addStated}
          </button>
        ) : null}
      </fieldset>

      <fieldset className="authoring-section">
        <legend>{AUTHORING_TEXT.form.hiddenSection}</legend>
        {errors['extras.hiddenConcerns']?.length ? (
          <p className="authoring-error">{errors['extras.hiddenConcerns'].join(' ')}</p>
        ) : null}
        {hidden.map((_h, i) => {
          const at = `extras.hiddenConcerns[${i}]`;
          return (
            <div className="authoring-row" key={hiddenKeys[i]}>
              <h3 className="authoring-row__title">{AUTHORING_TEXT.hiddenConcern(i + 1)}</h3>
              <TextField
                {...field(`${at}.concern`, AUTHORING_TEXT.form.hiddenConcernText)}
                value={text(`${at}.concern`)}
                onChange={(v) => update(`${at}.concern`, v)}
              />
              <SelectField
                {...field(`${at}.unlock`, AUTHORING_TEXT.form.unlock)}
                value={hidden[i]!.unlock}
                options={UNLOCKS.map((value) => ({
                  value,
                  label: AUTHORING_TEXT.form.unlockOptions[value],
                }))}
                onChange={(v) => update(`${at}.unlock`, v)}
              />
              <ListField
                {...field(
                  `${at}.keywords`,
                  AUTHORING_TEXT.form.unlockKeywords,
                  `${AUTHORING_TEXT.onePerLine} ${AUTHORING_TEXT.form.atLeastTwoLowerCase}`,
                )}
                value={list(`${at}.keywords`)}
                onChange={(v) => update(`${at}.keywords`, v)}
              />
              <TextField
                {...field(`${at}.reveal`, AUTHORING_TEXT.form.reveal)}
                multiline
                value={text(`${at}.reveal`)}
                onChange={(v) => update(`${at}.reveal`, v)}
              />
              <TextField
                {...field(`${at}.hint`, AUTHORING_TEXT.form.coachingHint)}
                value={text(`${at}.hint`)}
                onChange={(v) => update(`${at}.hint`, v)}
              />
              {hidden.length > 1 ? (
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => {
                    update(
                      'extras.hiddenConcerns',
                      hidden.filter((_x, j) => j !== i),
                    );
                    setHiddenKeys((keys) => keys.filter((_x, j) => j !== i));
                  }}
                >
                  {AUTHORING_TEXT.removeHidden(i + 1)}
                </button>
              ) : null}
            </div>
          );
        })}
        {hidden.length < 3 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              update('extras.hiddenConcerns', [...hidden, blankHiddenConcern()]);
              setHiddenKeys((keys) => [...keys, rowKey()]);
            }}
          >
            {AUTHORING_TEXT.form.addHidden}
          </button>
        ) : null}
      </fieldset>

      <fieldset className="authoring-section">
        <legend>{AUTHORING_TEXT.form.linesSection}</legend>
        {LINE_KINDS.map((kind) => (
          <ListField
            key={kind}
            {...field(`extras.lines.${kind}`, AUTHORING_TEXT.form.linesOf[kind], twoToFour)}
            value={list(`extras.lines.${kind}`)}
            onChange={(v) => update(`extras.lines.${kind}`, v)}
          />
        ))}
      </fieldset>

      <fieldset className="authoring-section">
        <legend>{AUTHORING_TEXT.sharingSection}</legend>
        <SelectField
          {...field('visibility', SHARING_TEXT.legend, SHARING_TEXT.hint)}
          value={draft.visibility}
          options={visibilityOptions}
          onChange={(v) => update('visibility', v)}
        />
        <TextField
          {...field('resourceCaption', SHARING_TEXT.captionLabel, SHARING_TEXT.captionHint)}
          value={draft.resourceCaption}
          onChange={(v) => update('resourceCaption', v)}
        />
      </fieldset>

      {/* Fields the engine has good defaults for, folded away; a problem in one unfolds it. */}
      <details
        className="authoring-section authoring-more"
        ref={(el) => {
          folded.current.voice = el;
        }}
      >
        <summary>{AUTHORING_TEXT.voiceSection}</summary>
        <div className="authoring-more__body">
          <SelectField
            {...field('extras.speaker', AUTHORING_TEXT.form.speaker)}
            value={draft.extras.speaker}
            options={valueOptions('speaker', ['patient', 'parent', 'carer'] as const)}
            onChange={(v) => update('extras.speaker', v)}
          />
          <SelectField
            {...field('extras.voice.gender', AUTHORING_TEXT.form.voice)}
            value={draft.extras.voice.gender}
            options={valueOptions('gender', ['female', 'male'] as const)}
            onChange={(v) => update('extras.voice.gender', v)}
          />
          <SelectField
            {...field('extras.voice.ageGroup', AUTHORING_TEXT.form.ageGroup)}
            value={draft.extras.voice.ageGroup}
            options={valueOptions('ageGroup', ['child', 'adult', 'senior'] as const)}
            onChange={(v) => update('extras.voice.ageGroup', v)}
          />
          <SelectField
            {...field('extras.receptiveness', AUTHORING_TEXT.form.receptiveness)}
            value={draft.extras.receptiveness}
            options={valueOptions('receptiveness', ['low', 'medium', 'high'] as const)}
            onChange={(v) => update('extras.receptiveness', v)}
          />
          {(['trust', 'anxiety', 'readiness'] as const).map((k) => (
            <LevelField
              key={k}
              {...field(`extras.start.${k}`, AUTHORING_TEXT.form.starting[k])}
              value={draft.extras.start[k]}
              onChange={(v) => update(`extras.start.${k}`, v)}
            />
          ))}
        </div>
      </details>

      <details
        className="authoring-section authoring-more"
        ref={(el) => {
          folded.current.topics = el;
        }}
      >
        <summary>{AUTHORING_TEXT.topicsSection}</summary>
        <div className="authoring-more__body">
          <p className="authoring-hint">
            {AUTHORING_TEXT.onePerLine} {AUTHORING_TEXT.form.topicsHint}
          </p>
          {CONVERSATION_TOPICS.map((topic) => (
            <ListField
              key={topic}
              {...field(`extras.topicAnswers.${topic}`, AUTHORING_TEXT.form.askedAbout[topic])}
              value={list(`extras.topicAnswers.${topic}`)}
              onChange={(v) => update(`extras.topicAnswers.${topic}`, v)}
            />
          ))}
        </div>
      </details>

      <div className="authoring-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? AUTHORING_TEXT.saving : AUTHORING_TEXT.save}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void submit(true)}
        >
          {AUTHORING_TEXT.tryIt}
        </button>
      </div>
    </form>
  );
}
