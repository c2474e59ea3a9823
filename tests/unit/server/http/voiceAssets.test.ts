import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateVadAssets, VAD_ASSETS_PATH, vadAssetRoutes } from '#server/http/vadAssets';
import { pickEncoding } from '#server/http/compression';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('VAD assets served by our own server', () => {
  let server: Server;
  let base: string;
  const files = locateVadAssets();
  const wasm = files.find((f) => f.name === 'ort-wasm-simd-threaded.wasm')!;

  beforeAll(async () => {
    const app = express();
    app.use(VAD_ASSETS_PATH, vadAssetRoutes(files));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Raw GET (fetch would decompress for us and hide the encoding). */
  function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      request(`${base}${path}`, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts),
          }),
        );
      })
        .on('error', reject)
        .end();
    });
  }

  async function manifest() {
    const reply = await get(`${VAD_ASSETS_PATH}/manifest.json`);
    return { reply, json: JSON.parse(reply.body.toString()) as { baseAssetPath: string } };
  }

  it('finds the model, the worklet and onnxruntime wasm files installed by npm', () => {
    expect(files.map((f) => f.name)).toEqual([
      'silero_vad_v5.onnx',
      'vad.worklet.bundle.min.js',
      'ort-wasm-simd-threaded.mjs',
      'ort-wasm-simd-threaded.wasm',
    ]);
    expect(readFileSync(wasm.path).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
  });

  it('names a content-versioned folder in an uncached manifest', async () => {
    const { reply, json } = await manifest();
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(json.baseAssetPath).toMatch(/^\/vad\/[0-9a-f]{12}\/$/);
    expect(json).toEqual({
      baseAssetPath: json.baseAssetPath,
      onnxWASMBasePath: json.baseAssetPath,
    });
  });

  it('sends the 14 MB wasm compressed, cached for a year, and revalidates with an ETag', async () => {
    const { json } = await manifest();
    const url = `${json.baseAssetPath}ort-wasm-simd-threaded.wasm`;
    const original = readFileSync(wasm.path);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/wasm');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);

    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);

    const again = await get(url, {
      'accept-encoding': 'gzip',
      'if-none-match': String(gzip.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  }, 60_000); // Compressing 14 MB twice takes seconds on a busy machine: a bound, not a target.

  it('serves JavaScript as JavaScript (module scripts and worklets insist)', async () => {
    const { json } = await manifest();
    for (const name of ['ort-wasm-simd-threaded.mjs', 'vad.worklet.bundle.min.js']) {
      const reply = await get(`${json.baseAssetPath}${name}`);
      expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
  });

  it('gives an old version today’s file, uncached, and refuses anything else', async () => {
    const stale = await get(`${VAD_ASSETS_PATH}/000000000000/silero_vad_v5.onnx`);
    expect(stale.status).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect((await get(`${VAD_ASSETS_PATH}/000000000000/secrets.txt`)).status).toBe(404);
    expect((await get(`${VAD_ASSETS_PATH}/../package.json`)).status).toBe(404);
    expect((await get(`${VAD_ASSETS_PATH}/whatever`)).status).toBe(404);
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
