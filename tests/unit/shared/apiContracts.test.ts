import { describe, expect, it } from 'vitest';
import { operationUrl } from '#client/lib/api';
import { authApi } from '#shared/api/auth';
import { conversationsApi } from '#shared/api/conversations';
import { endpointPath, type Endpoint } from '#shared/api/endpoint';
import { healthApi } from '#shared/api/health';
import { historyApi } from '#shared/api/history';
import { progressApi } from '#shared/api/progress';
import { scenariosApi } from '#shared/api/scenarios';

/** The paths the client calls, built from the same descriptions the server routes with. */

describe('endpointPath', () => {
  it.each<[string, Endpoint, Record<string, string>, string]>([
    ['a resource root', scenariosApi.list, {}, '/api/scenarios'],
    ['an id', scenariosApi.get, { id: 'abc' }, '/api/scenarios/abc'],
    ['an id then a verb', conversationsApi.end, { id: 'abc' }, '/api/conversations/abc/end'],
    [
      'an id needing escapes',
      conversationsApi.hint,
      { id: 'a b/c' },
      '/api/conversations/a%20b%2Fc/hint',
    ],
    ['a nested route', authApi.signIn, {}, '/api/auth/sign-in'],
    ['the API root', progressApi.get, {}, '/api/progress'],
    ['the API root again', healthApi.check, {}, '/api/health'],
  ])('%s', (_name, endpoint, params, path) => {
    expect(endpointPath(endpoint, params)).toBe(path);
  });

  it('refuses a missing path id rather than calling a different route', () => {
    expect(() => endpointPath(conversationsApi.get, {} as { id: string })).toThrow(/id/);
  });

  it('types the path ids from the route', () => {
    // @ts-expect-error: GET /api/conversations/:id needs its id.
    expect(() => endpointPath(conversationsApi.get, {})).toThrow();
    expect(endpointPath(conversationsApi.get, { id: 'x' })).toBe('/api/conversations/x');
  });
});

describe('operationUrl', () => {
  it.each<[string, Parameters<typeof operationUrl>[1], string]>([
    ['no query', {}, '/api/history'],
    ['an undefined field is not sent', { query: { before: undefined } }, '/api/history'],
    ['a cursor', { query: { before: 'abc' } }, '/api/history?before=abc'],
    ['two fields', { query: { limit: 5, before: 'a&b' } }, '/api/history?limit=5&before=a%26b'],
  ])('%s', (_name, input, url) => {
    expect(operationUrl(historyApi.list, input)).toBe(url);
  });
});
