import type { z } from 'zod';
import { describeIssues, formatIssuePath } from '#shared/scenarioSeed';
import { AUTHORING_TEXT, INPUT_TEXT } from '#shared/text';

/** Problems keyed by the field that shows them; '' holds those no field owns. */
export type FieldErrors = Record<string, string[]>;

/**
 * The field an issue belongs to: the longest of the form's field paths that the issue's path
 * starts with. `extras.hiddenConcerns[0].keywords[1]` lands on the keywords field, which edits
 * the whole list; a path no field covers lands on '' (the form's summary).
 */
export function fieldFor(issuePath: string, fields: readonly string[]): string {
  let best = '';
  for (const field of fields) {
    const covers =
      issuePath === field || issuePath.startsWith(`${field}.`) || issuePath.startsWith(`${field}[`);
    if (covers && field.length > best.length) best = field;
  }
  return best;
}

function add(errors: FieldErrors, field: string, message: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** Zod's own words for an empty text or a short list, said the way an author would. */
function plainMessage(issue: z.core.$ZodIssue, missing: boolean): string {
  const said = AUTHORING_TEXT.problems;
  if (missing) return said.required;
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return said.required;
    if (issue.origin === 'array') return AUTHORING_TEXT.atLeast(Number(issue.minimum));
  }
  if (issue.code === 'too_big' && issue.origin === 'array') {
    return AUTHORING_TEXT.atMost(Number(issue.maximum));
  }
  if (issue.code === 'invalid_format') return said.slugFormat;
  if (issue.code === 'invalid_value') return said.chooseOption;
  return issue.message;
}

/** A failed parse of the form's seed, each problem next to its field. */
export function errorsFromIssues(
  error: z.ZodError,
  input: unknown,
  fields: readonly string[],
): FieldErrors {
  const lines = describeIssues(error, input);
  const errors: FieldErrors = {};
  error.issues.forEach((issue, i) => {
    const path = formatIssuePath(issue.path);
    const field = fieldFor(path, fields);
    const missing = lines[i]?.endsWith(`: ${INPUT_TEXT.missing}`) ?? false;
    const message = plainMessage(issue, missing);
    add(errors, field, field === '' && path !== '' ? `${path}: ${message}` : message);
  });
  return errors;
}

/**
 * A server 400 (`2 problems: scenario.title: required; scenario.extras.goal: required`) mapped
 * onto the same fields. `prefix` is the body's wrapper (`scenario` for a create or update).
 */
export function errorsFromServerMessage(
  message: string,
  fields: readonly string[],
  prefix = '',
): FieldErrors {
  const body = withoutCount(message);
  const errors: FieldErrors = {};
  for (const problem of splitProblems(body)) {
    const colon = problem.indexOf(': ');
    let path = colon === -1 ? '' : problem.slice(0, colon);
    const text = colon === -1 ? problem : problem.slice(colon + 2);
    if (prefix && (path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`))) {
      path = path.slice(prefix.length).replace(/^\./, '');
    } else if (path === prefix) path = '';
    const field = path === '' || /\s/.test(path) ? '' : fieldFor(path, fields);
    // The server says "required" in the request's language; an older answer said it in English.
    const missing = text === INPUT_TEXT.missing || text === 'required';
    const shown = missing ? AUTHORING_TEXT.problems.required : text;
    add(errors, field, field === '' && path !== '' ? `${path}: ${shown}` : shown);
  }
  return errors;
}

/** "2 problems: …" without its count, in whichever language the server wrote it. */
function withoutCount(message: string): string {
  return message.replace(/^\d+ [^\s:]+: /, '');
}

/**
 * The server joins problems with '; ', which a message may itself contain only after a path;
 * the one rule with no path (statedConcerns) starts with a word of its own ("every", "cada").
 */
export function splitProblems(body: string): string[] {
  return body
    .split(/; (?=[A-Za-z_$][\w$]*(?:\[\d+\]|\.[\w$]+)*: |every |cada )/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The server's problem lines as they are, for an import that names paths in the file. */
export function importProblems(message: string): string[] {
  return splitProblems(withoutCount(message));
}
