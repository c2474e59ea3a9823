import { randomUUID } from 'node:crypto';

/** A tiny fetch wrapper that keeps one cookie jar, like one browser. */
export class HttpClient {
  cookie: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; headers: Headers; text: string }> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, headers: response.headers, text };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs a new user up and returns a client holding their session cookie. */
export async function signedInClient(baseUrl: string, name = 'Dr Test'): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const response = await client.post('/api/auth/sign-up', {
    email: uniqueEmail(),
    password: 'correct horse battery',
    fullName: name,
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return client;
}
