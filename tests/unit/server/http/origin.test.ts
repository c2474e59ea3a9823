import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { isAllowedOrigin } from '#server/http/origin';

function request(headers: Record<string, string>, encrypted = false): IncomingMessage {
  return { headers, socket: { encrypted } } as unknown as IncomingMessage;
}

const HOST = 'localhost:3000';
const ALLOWED = ['https://app.example.com', 'http://127.0.0.1:5173'];

describe('isAllowedOrigin compares scheme, host and port', () => {
  it.each([
    // [Origin, Host, extra headers, allowed?]
    [undefined, HOST, {}, true],
    ['http://localhost:3000', HOST, {}, true],
    ['null', HOST, {}, false],
    ['', HOST, {}, false],
    ['not a url', HOST, {}, false],
    ['https://localhost:3000', HOST, {}, false],
    ['ftp://localhost:3000', HOST, {}, false],
    ['ws://localhost:3000', HOST, {}, false],
    ['http://evil@localhost:3000', HOST, {}, false],
    ['http://evil:pw@localhost:3000', HOST, {}, false],
    ['http://localhost:3001', HOST, {}, false],
    ['http://localhost', HOST, {}, false],
    ['http://localhost:3000/', HOST, {}, false],
    ['http://localhost:3000/path', HOST, {}, false],
    ['http://localhost:3000.evil.example', HOST, {}, false],
    ['http://evil.example', HOST, {}, false],
    ['http://localhost:3000', 'evil.example', {}, false],
    ['http://localhost:3000', '', {}, false],
    // Behind a proxy that ends TLS and says so.
    ['https://chairtalk.example', 'chairtalk.example', { 'x-forwarded-proto': 'https' }, true],
    ['http://chairtalk.example', 'chairtalk.example', { 'x-forwarded-proto': 'https' }, false],
    [
      'https://chairtalk.example',
      'chairtalk.example',
      { 'x-forwarded-proto': 'https, http' },
      true,
    ],
    [
      'https://chairtalk.example:8443',
      'chairtalk.example',
      { 'x-forwarded-proto': 'https' },
      false,
    ],
    ['https://chairtalk.example', 'chairtalk.example', {}, false],
    // Extra origins from ALLOWED_ORIGINS, compared whole.
    ['https://app.example.com', HOST, {}, true],
    ['http://app.example.com', HOST, {}, false],
    ['https://app.example.com:444', HOST, {}, false],
    ['https://evil@app.example.com', HOST, {}, false],
    ['http://127.0.0.1:5173', HOST, {}, true],
    ['http://127.0.0.1:5174', HOST, {}, false],
  ] as const)('Origin %j to Host %j (%j) → %s', (origin, host, extra, allowed) => {
    const headers: Record<string, string> = { host, ...extra };
    if (origin !== undefined) headers.origin = origin;
    expect(isAllowedOrigin(request(headers), ALLOWED)).toBe(allowed);
  });

  it('takes https as the own scheme on a TLS connection', () => {
    const headers = { host: 'chairtalk.example', origin: 'https://chairtalk.example' };
    expect(isAllowedOrigin(request(headers, true), [])).toBe(true);
    expect(
      isAllowedOrigin(request({ ...headers, origin: 'http://chairtalk.example' }, true), []),
    ).toBe(false);
  });
});
