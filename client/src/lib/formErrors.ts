import type { z } from 'zod';

/** The first problem with each field, as the contract's schema words it (for field messages). */
export function formErrors<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { data: z.output<T>; errors: null } | { data: null; errors: Record<string, string> } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
