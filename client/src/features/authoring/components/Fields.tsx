import { useId, type ReactNode } from 'react';
import { AUTHORING_TEXT } from '#shared/text';

/** What every field of the form shares: its path, its label, its problems and a blur check. */
interface FieldBase {
  path: string;
  label: string;
  errors: readonly string[] | undefined;
  hint?: string;
  onBlur: () => void;
}

function FieldShell({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors: readonly string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field authoring-field">
      <label htmlFor={id} className="label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="authoring-hint">
          {hint}
        </p>
      ) : null}
      {children}
      {errors && errors.length > 0 ? (
        <p id={`${id}-error`} className="authoring-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** The accessibility attributes every field input carries: invalid, and what describes it. */
function fieldAria(id: string, { hint, errors }: Pick<FieldBase, 'hint' | 'errors'>) {
  const invalid = errors !== undefined && errors.length > 0;
  const ids = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': ids === '' ? undefined : ids,
  } as const;
}

export function TextField({
  value,
  onChange,
  multiline = false,
  ...base
}: FieldBase & { value: string; onChange: (value: string) => void; multiline?: boolean }) {
  const id = useId();
  const common = {
    id,
    name: base.path,
    value,
    className: multiline ? 'input textarea' : 'input',
    ...fieldAria(id, base),
    onBlur: base.onBlur,
  };
  return (
    <FieldShell id={id} label={base.label} hint={base.hint} errors={base.errors}>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
    </FieldShell>
  );
}

/** A list of short texts, one per line; blank lines are not entries. */
export function ListField({
  value,
  onChange,
  ...base
}: FieldBase & { value: readonly string[]; onChange: (value: string[]) => void }) {
  const id = useId();
  return (
    <FieldShell id={id} label={base.label} hint={base.hint} errors={base.errors}>
      <textarea
        id={id}
        name={base.path}
        className="input textarea"
        rows={Math.max(3, value.length + 1)}
        defaultValue={value.join('\n')}
        {...fieldAria(id, base)}
        onChange={(e) =>
          onChange(
            e.target.value
              .split('\n')
              .map((line) => line.trim())
              .filter((line) => line !== ''),
          )
        }
        onBlur={base.onBlur}
      />
    </FieldShell>
  );
}

export function SelectField<V extends string>({
  value,
  options,
  onChange,
  ...base
}: FieldBase & {
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={base.label} hint={base.hint} errors={base.errors}>
      <select
        id={id}
        name={base.path}
        className="select"
        value={value}
        {...fieldAria(id, base)}
        onChange={(e) => onChange(e.target.value as V)}
        onBlur={base.onBlur}
      >
        {value === '' ? <option value="">{AUTHORING_TEXT.choose}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A 0..1 starting level, typed as a percentage. */
export function LevelField({
  value,
  onChange,
  ...base
}: FieldBase & { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <FieldShell id={id} label={base.label} hint={base.hint} errors={base.errors}>
      <input
        id={id}
        name={base.path}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={5}
        className="input"
        value={Math.round(value * 100)}
        {...fieldAria(id, base)}
        onChange={(e) => onChange(Number(e.target.value) / 100)}
        onBlur={base.onBlur}
      />
    </FieldShell>
  );
}
