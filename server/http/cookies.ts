import type { Response } from 'express';

/** Reads one cookie from a Cookie header (no dependency needed for a single name). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setSignInCookie(
  res: Response,
  input: { name: string; token: string; expiresAt: Date; secure: boolean },
): void {
  res.cookie(input.name, input.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    path: '/',
    expires: input.expiresAt,
  });
}

export function clearSignInCookie(res: Response, input: { name: string; secure: boolean }): void {
  res.cookie(input.name, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    path: '/',
    maxAge: 0,
  });
}
