import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient } from '../../../helpers/httpClient';

/**
 * The built client's files and the scenario list go out compressed when the browser takes it,
 * byte for byte the same once decoded, tagged per encoding, and the hashed assets cached for a
 * year. Raw node:http here, as fetch would decode the body and hide what was sent.
 */

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(response: RawResponse): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body);
    case 'gzip':
      return gunzipSync(response.body);
    default:
      return response.body;
  }
}

describe('compressed assets and scenario list', () => {
  const {
    build,
    testDb: t,
    server,
  } = useTestServer('pglite', { clientBuild: { label: 'compressed' } });
  /** The same build reached through a dot-folder, as a checkout under ~/.projects would be. */
  let dotFolder: string;
  let dotServer: TestServer;

  beforeAll(async () => {
    dotFolder = await mkdtemp(join(tmpdir(), 'chairtalk-dot-'));
    await mkdir(join(dotFolder, '.checkout'));
    await symlink(build.dir, join(dotFolder, '.checkout', 'dist'));
    dotServer = await startTestServer(
      t.db,
      {},
      { clientDir: join(dotFolder, '.checkout', 'dist') },
    );
  });
  afterAll(async () => {
    await dotServer?.close();
    if (dotFolder) await rm(dotFolder, { recursive: true, force: true });
  });

  /** The entry script Vite names index-<hash>.js: hundreds of KB, well worth compressing. */
  const mainScript = () => build.files.find((f) => /[\\/]index-[^\\/]+\.js$/.test(f))!;

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('sends a script to "%s" as %s, the same bytes once decoded', async (accept, encoding) => {
    const file = mainScript();
    const response = await rawGet(`${server.url}/assets/${basename(file)}`, {
      'accept-encoding': accept,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    const original = await readFile(file);
    if (encoding) expect(response.body.length).toBeLessThan(original.length / 2);
    expect(decode(response).equals(original)).toBe(true);
  });

  it('answers 304 to a browser whose copy is current, per encoding', async () => {
    const path = `${server.url}/assets/${basename(mainScript())}`;
    const first = await rawGet(path, { 'accept-encoding': 'br' });
    const etag = String(first.headers['etag']);
    expect((await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(
      304,
    );
    // The brotli copy's tag does not vouch for the gzip body.
    const gzip = await rawGet(path, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    '/assets/missing-abc123.js',
    '/assets/.env',
    '/assets/..%2Findex.html',
    '/assets/a/b.js',
  ])('answers %s with a plain 404', async (path) => {
    const response = await rawGet(server.url + path, { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    expect(JSON.parse(response.body.toString())).toMatchObject({ error: expect.any(Object) });
  });

  it('serves the page and its assets from a folder under a dot-folder', async () => {
    const page = await rawGet(dotServer.url + '/');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<div id="root">');
    const css = build.files.find((f) => f.endsWith('.css'))!;
    for (const accept of ['br', '']) {
      const response = await rawGet(`${dotServer.url}/assets/${basename(css)}`, {
        'accept-encoding': accept,
      });
      expect(response.status, accept).toBe(200);
      expect(decode(response).equals(await readFile(css))).toBe(true);
    }
  });

  it('sends the scenario list compressed, equal to the plain one, and 304 when current', async () => {
    const user = await signedInClient(server.url);
    const headers = { cookie: user.cookie! };
    const plain = await rawGet(`${server.url}/api/scenarios`, headers);
    const br = await rawGet(`${server.url}/api/scenarios`, { ...headers, 'accept-encoding': 'br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const list = JSON.parse(plain.body.toString()) as { scenarios: unknown[] };
    expect(list.scenarios.length).toBeGreaterThan(0);
    expect(JSON.parse(decode(br).toString())).toEqual(list);

    const again = await rawGet(`${server.url}/api/scenarios`, {
      ...headers,
      'accept-encoding': 'br',
      'if-none-match': String(br.headers['etag']),
    });
    expect(again.status).toBe(304);
    // Signed out, the cached list is still not handed out.
    expect((await rawGet(`${server.url}/api/scenarios`, { 'accept-encoding': 'br' })).status).toBe(
      401,
    );
  });
});
