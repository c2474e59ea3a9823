import { readFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { PASSWORD_TEXT } from '#shared/text';

/**
 * NIST SP 800-63B §5.1.1.2: a new password is checked against values known to be commonly
 * used, expected or compromised (breach lists, repetitive or sequential characters,
 * context-specific words such as the name of the service or the user's own email). No
 * composition rules and no forced changes; length limits live in the shared schema.
 */

export type PasswordProblem = Exclude<keyof typeof PASSWORD_TEXT, 'weak'>;

/**
 * The ~49,000 passwords seen most often in breach corpora, as kept by zxcvbn-ts (the list its
 * strength estimator matches against); a maintained list beats one we would curate ourselves.
 */
export const COMMON_PASSWORDS: readonly string[] = dictionary['passwords-common'];

const SERVICE_WORDS = ['chairtalk', 'chair talk'];
const SEQUENCES = [
  '01234567890',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertzuiop',
  'azertyuiop',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'qazwsxedcrfvtgbyhnujmikolp',
  '!@#$%^&*()',
];
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};
/** Shorter than this, a stripped base says too little to refuse on ("ab" + digits). */
const MIN_BASE = 4;

/** Every character a step of +1 or -1 from the last (by code point): 12345678, hgfedcba. */
function isStepSequence(text: string): boolean {
  if (text.length < 3) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++) {
    if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  }
  return true;
}

function isKeyboardRun(text: string): boolean {
  const reversed = (s: string) => [...s].reverse().join('');
  return SEQUENCES.some((run) => run.includes(text) || reversed(run).includes(text));
}

/** One to three characters, repeated to fill the password: aaaaaaaa, abababab, abcabcabc. */
function isRepetition(text: string): boolean {
  return /^([\s\S]{1,3})\1+$/u.test(text);
}

/** The forms of a password compared with the list: as typed, without its tail, un-leeted. */
function candidates(lower: string): string[] {
  const stripped = lower.replace(/[\d\W_]+$/u, '');
  const unleet = (s: string) => [...s].map((c) => LEET[c] ?? c).join('');
  const forms = new Set([lower, unleet(lower)]);
  if (stripped.length >= MIN_BASE) {
    forms.add(stripped);
    forms.add(unleet(stripped));
  }
  // "p@ssw0rd2024": undo the swaps first, then strip the tail.
  const unleetStripped = unleet(lower.replace(/\d+$/u, '')).replace(/[\d\W_]+$/u, '');
  if (unleetStripped.length >= MIN_BASE) forms.add(unleetStripped);
  return [...forms];
}

export interface PasswordPolicy {
  /** Why this password may not be chosen, or null. */
  check(password: string, context: { email: string }): PasswordProblem | null;
}

export function createPasswordPolicy(common: Iterable<string>): PasswordPolicy {
  const list = new Set<string>();
  for (const entry of common) {
    const word = entry.trim().toLowerCase();
    if (word && !word.startsWith('#')) list.add(word);
  }
  return {
    check(password, { email }) {
      if (password.trim() === '') return 'blank';
      const lower = password.toLowerCase();
      if (isRepetition(lower)) return 'repeated';
      if (isStepSequence(lower) || isKeyboardRun(lower)) return 'sequence';
      if (SERVICE_WORDS.some((word) => lower.includes(word))) return 'service';
      const local = email.toLowerCase().split('@')[0] ?? '';
      if (local.length >= 3 && lower.includes(local)) return 'email';
      if (candidates(lower).some((form) => list.has(form))) return 'common';
      return null;
    },
  };
}

function readList(path: string): string[] {
  return readFileSync(path, 'utf8').split(/\r?\n/u);
}

const loaded = new Map<string, PasswordPolicy>();

/**
 * The common-password list, plus COMMON_PASSWORDS_FILE when set (one password a line). Read once per
 * process; a file that cannot be read stops the start rather than quietly allowing everything.
 */
export function passwordPolicy(extraFile: string | null): PasswordPolicy {
  const key = extraFile ?? '';
  let policy = loaded.get(key);
  if (!policy) {
    policy = createPasswordPolicy([...COMMON_PASSWORDS, ...(extraFile ? readList(extraFile) : [])]);
    loaded.set(key, policy);
  }
  return policy;
}
