import { OIDC_LOGIN_LABEL } from '../fixtures/oidcProvider';

/**
 * Just enough of a browser to walk a sign-in through the app and a real OpenID provider by hand:
 * one cookie jar per host and port, redirects followed one at a time (each answer kept), and
 * the app's PUBLIC_URL (which the provider sends the browser back to) mapped onto the test
 * server's real address.
 */

export interface Hop {
  url: string;
  status: number;
  location: string | null;
  text: string;
}

export class SsoBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly publicUrl: string,
    private readonly serverUrl: string,
  ) {}

  /** The app's own origin as the test server serves it. */
  resolve(url: string): string {
    return url.startsWith(this.publicUrl) ? this.serverUrl + url.slice(this.publicUrl.length) : url;
  }

  private jar(url: string): Map<string, string> {
    const host = new URL(url).host;
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }

  /** A cookie of the app (or of any host), as this browser holds it. */
  cookie(url: string, name: string): string | undefined {
    return this.jar(this.resolve(url)).get(name);
  }

  /** Forgets every cookie of a host: signs this browser out at the provider, say. */
  forget(url: string): void {
    this.jars.delete(new URL(this.resolve(url)).host);
  }

  setCookie(url: string, name: string, value: string): void {
    this.jar(this.resolve(url)).set(name, value);
  }

  /** The app's cookies as one Cookie header, for an HttpClient. */
  cookieHeader(url: string): string {
    return [...this.jar(this.resolve(url))].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'DELETE',
    target: string,
    form?: URLSearchParams | { json: unknown },
    headers: Record<string, string> = {},
  ): Promise<Hop> {
    const url = this.resolve(target);
    const jar = this.jar(url);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const json = form !== undefined && !(form instanceof URLSearchParams);
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form
          ? { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' }
          : {}),
        ...headers,
      },
      ...(form ? { body: json ? JSON.stringify(form.json) : form.toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone =
        value === '' ||
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some(
          (a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) <= Date.now(),
        );
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    return {
      url,
      status: response.status,
      location: location === null ? null : new URL(location, url).href,
      text: await response.text(),
    };
  }

  /** A JSON call to the app in this browser (its cookies sent and kept): status and body. */
  async api(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any }> {
    const hop = await this.request(
      method,
      this.publicUrl + path,
      body === undefined ? undefined : { json: body },
      headers,
    );
    return { status: hop.status, body: hop.text ? JSON.parse(hop.text) : null };
  }

  /**
   * From the account page's "Link" (a POST, signed in) to the provider's login form: the form's
   * page and the authorization URL the app answered (decision 050's addendum).
   */
  async startLink(provider: string): Promise<{ authorizationUrl: URL; form: Hop }> {
    const started = await this.api('POST', `/api/auth/sso/${provider}/link`, {});
    if (started.status !== 200) {
      throw new Error(`link did not start: ${started.status} ${JSON.stringify(started.body)}`);
    }
    const authorizationUrl = new URL(started.body.url as string);
    const form = (await this.follow(authorizationUrl.href)).at(-1)!;
    if (!form.text.includes(OIDC_LOGIN_LABEL)) {
      throw new Error(`no login form at the provider: ${form.status} ${form.text.slice(0, 300)}`);
    }
    return { authorizationUrl, form };
  }

  /** Follows redirects from `target` until `stop` says so, or an answer is not a redirect. */
  async follow(target: string, stop: (hop: Hop) => boolean = () => false): Promise<Hop[]> {
    const hops: Hop[] = [];
    let next: string | null = target;
    while (next !== null && hops.length < 20) {
      const hop = await this.request('GET', next);
      hops.push(hop);
      if (stop(hop) || hop.status < 300 || hop.status >= 400) break;
      next = hop.location;
    }
    return hops;
  }

  /**
   * From the app's start route to the provider's login form: the form's page, and the URL the
   * app sent the browser to (with its PKCE, state and nonce).
   */
  async startAt(startPath: string): Promise<{ authorizationUrl: URL; form: Hop; hops: Hop[] }> {
    const hops = await this.follow(this.publicUrl + startPath);
    const authorization = hops[0]!.location;
    if (hops[0]!.status !== 302 || authorization === null) {
      throw new Error(`start did not redirect: ${hops[0]!.status} ${hops[0]!.location}`);
    }
    const form = hops.at(-1)!;
    if (!form.text.includes(OIDC_LOGIN_LABEL)) {
      throw new Error(`no login form at the provider: ${form.status} ${form.text.slice(0, 300)}`);
    }
    return { authorizationUrl: new URL(authorization), form, hops };
  }

  /**
   * Signs in at the provider's form (or cancels), and follows the provider's redirects up to
   * the app's callback, not into it: the callback URL, for the test to use (or misuse).
   */
  async atProvider(form: Hop, action: { account: string } | 'cancel'): Promise<string> {
    const uid = /\/interaction\/([^/]+)\/login/.exec(form.text)?.[1];
    if (!uid) throw new Error('no interaction in the form');
    const origin = new URL(form.url).origin;
    const posted =
      action === 'cancel'
        ? await this.request('POST', `${origin}/interaction/${uid}/cancel`, new URLSearchParams())
        : await this.request(
            'POST',
            `${origin}/interaction/${uid}/login`,
            new URLSearchParams({ account: action.account }),
          );
    if (!posted.location) throw new Error(`the provider did not redirect: ${posted.status}`);
    const hops = await this.follow(posted.location, (hop) =>
      (hop.location ?? '').startsWith(this.publicUrl),
    );
    const callback = hops.at(-1)!.location;
    if (!callback?.startsWith(this.publicUrl)) {
      throw new Error(`the provider did not send the browser back: ${JSON.stringify(hops.at(-1))}`);
    }
    return callback;
  }

  /** The whole sign-in: start, sign in at the provider, and the app's answer to the callback. */
  async signIn(startPath: string, account: string): Promise<{ landed: Hop; callback: string }> {
    const { form } = await this.startAt(startPath);
    const callback = await this.atProvider(form, { account });
    return { landed: await this.request('GET', callback), callback };
  }
}
