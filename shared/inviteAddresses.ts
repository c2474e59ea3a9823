import { emailSchema } from './api/auth';

/**
 * A list of addresses as a trainer pastes it (commas, semicolons, spaces or lines between),
 * each checked as at sign-up, lower-cased and de-duplicated in order. The first malformed
 * entry is named, so the trainer can fix it.
 */
export function readInviteAddresses(
  entries: readonly string[],
): { ok: true; emails: string[] } | { ok: false; bad: string } {
  const emails: string[] = [];
  for (const entry of entries.flatMap((e) => e.split(/[\s,;]+/))) {
    if (entry === '') continue;
    const parsed = emailSchema.safeParse(entry);
    if (!parsed.success) return { ok: false, bad: entry };
    if (!emails.includes(parsed.data)) emails.push(parsed.data);
  }
  return { ok: true, emails };
}
