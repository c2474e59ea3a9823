import { parseAutoSubmitForm, type StartedLaunch } from '../fixtures/ltiPlatform';

/** What one browser holds: cookies by name, as Set-Cookie left them. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** A jar holding one `name=value` cookie already (a signed-in client's session). */
  static holding(cookie: string): CookieJar {
    const jar = new CookieJar();
    const eq = cookie.indexOf('=');
    jar.cookies.set(cookie.slice(0, eq), cookie.slice(eq + 1));
    return jar;
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * A browser going through an LTI launch over fetch (decision 051): our login, the platform's
 * authentication answering with its auto-submitting form, that form's cross-site post to our
 * launch (which carries none of our Lax cookies), then our continue step with the jar's
 * cookies. Stops early, with where it was sent, when a step does not lead on.
 */
export async function launchThroughBrowser(
  started: StartedLaunch,
  input: {
    toolUrl: string;
    platformIssuer: string;
    jar?: CookieJar;
    /** Drop the login's cookie before the continue step (a browser that lost it). */
    dropLoginCookie?: boolean;
  },
): Promise<{ location: string; jar: CookieJar }> {
  const jar = input.jar ?? new CookieJar();
  const login = await fetch(started.loginUrl, { redirect: 'manual' });
  jar.take(login);
  const authUrl = login.headers.get('location')!;
  if (!authUrl.startsWith('http')) return { location: authUrl, jar };
  const authorization = await fetch(authUrl);
  if (authorization.status !== 200)
    throw new Error(`platform refused: ${await authorization.text()}`);
  const form = parseAutoSubmitForm(await authorization.text());
  const posted = await fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: input.platformIssuer,
    },
    body: new URLSearchParams(form.fields).toString(),
  });
  const next = posted.headers.get('location')!;
  if (!next.startsWith('/lti/launch/continue')) return { location: next, jar };
  if (input.dropLoginCookie) {
    for (const name of [...jar.cookies.keys()])
      if (name.startsWith('chairtalk_lti_')) jar.cookies.delete(name);
  }
  const done = await fetch(`${input.toolUrl}${next}`, {
    redirect: 'manual',
    headers: { cookie: jar.header() },
  });
  jar.take(done);
  return { location: done.headers.get('location')!, jar };
}
