/**
 * The optional due date of an assignment, as a date field (a day: the trainer's end of it is
 * the due moment, see lib/dueDate.ts). The organisations page and the LMS's deep-linking picker
 * both set one.
 */
export function DueDateField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        className="input"
        type="date"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
