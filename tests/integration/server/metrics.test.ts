import { describe, expect, it } from 'vitest';
import { HttpClient, signedInClient } from '../../helpers/httpClient';
import { useTestServer } from '../../helpers/useTestServer';

const TOKEN = 'metrics-token-for-the-test-0123';

describe('GET /metrics with METRICS_TOKEN set', () => {
  const { server } = useTestServer('pglite', { env: { METRICS_TOKEN: TOKEN } });

  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, authorization ? { headers: { authorization } } : {});

  it('answers a scraper holding the token, in the Prometheus text format', async () => {
    // Some database work to measure: a sign-up and a read.
    const client = await signedInClient(server.url);
    expect((await client.get('/api/scenarios')).status).toBe(200);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toMatch(/^chairtalk_db_wait_seconds_count\{statement="INSERT users"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    // Alone: no other instance to hear from.
    expect(text).toMatch(/^chairtalk_cluster_peers 0$/m);
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer metrics-token-for-the-test-0124'],
    ['the token without its scheme', TOKEN],
    ['a signed-in user', 'cookie'],
  ])('answers %s as a route that does not exist', async (_what, authorization) => {
    if (authorization === 'cookie') {
      const client = await signedInClient(server.url);
      const response = await client.get('/metrics');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('chairtalk_');
      return;
    }
    const response = await scrape(authorization);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('chairtalk_');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const { server } = useTestServer('pglite');

  it('does not exist', async () => {
    const response = await new HttpClient(server.url).get('/metrics');
    expect(response.status).toBe(404);
  });
});
