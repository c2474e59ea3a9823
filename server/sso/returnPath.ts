/**
 * Where a sign-in lands afterwards: only a path of this site (decision 050). Whatever else is
 * asked for (another site, `//host`, `/\host`, a scheme, control characters, the API) becomes
 * the home page, so a crafted sign-in link can never hand a person to someone else's page.
 */

const HOME = '/';
const MAX_LENGTH = 500;

export function safeReturnPath(requested: string | undefined): string {
  if (requested === undefined || requested === '' || requested.length > MAX_LENGTH) return HOME;
  // Browsers read a backslash as a slash, and control characters are stripped before parsing:
  // either could turn a path into another host.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (!requested.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(requested)) return HOME;
  if (requested.startsWith('//')) return HOME;
  const base = 'http://return.invalid';
  let url: URL;
  try {
    url = new URL(requested, base);
  } catch {
    return HOME;
  }
  if (url.origin !== base) return HOME;
  // The API answers JSON, never a page to land on.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
