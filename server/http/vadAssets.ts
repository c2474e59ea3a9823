import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import { VAD_ASSETS_PATH, VAD_MODEL_FILE, type VadAssetManifest } from '../../shared/voice';

export { VAD_ASSETS_PATH };

/**
 * The voice activity detector's model, audio worklet and onnxruntime's WebAssembly, served by us
 * (no CDN): `GET /vad/manifest.json` names a content-hashed folder, and the files in it are
 * cached for a year. The wasm is 14 MB, so it goes out compressed (brotli or gzip, 3.7 MB at
 * worst); each encoding is computed once, off the event loop, and kept in memory.
 */

interface AssetFile {
  name: string;
  path: string;
  type: string;
}

const YEAR_SECONDS = 31_536_000;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Where npm put the files; onnxruntime is resolved from vad-web, as the client bundle does. */
export function locateVadAssets(): AssetFile[] {
  const require = createRequire(import.meta.url);
  const vadPackage = require.resolve('@ricky0123/vad-web/package.json');
  const vadDist = join(dirname(vadPackage), 'dist');
  // The wasm must be the build the bundled onnxruntime JS expects, so resolve it from vad-web.
  const fromVad = createRequire(vadPackage);
  return [
    { name: VAD_MODEL_FILE, path: join(vadDist, VAD_MODEL_FILE), type: 'application/octet-stream' },
    {
      name: 'vad.worklet.bundle.min.js',
      path: join(vadDist, 'vad.worklet.bundle.min.js'),
      type: 'text/javascript; charset=utf-8',
    },
    {
      name: 'ort-wasm-simd-threaded.mjs',
      path: fromVad.resolve('onnxruntime-web/ort-wasm-simd-threaded.mjs'),
      type: 'text/javascript; charset=utf-8',
    },
    {
      name: 'ort-wasm-simd-threaded.wasm',
      path: fromVad.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'),
      type: 'application/wasm',
    },
  ];
}

type Encoding = 'br' | 'gzip';

interface LoadedAsset extends AssetFile {
  hash: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/** Brotli when the browser takes it (2.8 MB for the wasm), else gzip, else the plain file. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export function vadAssetRoutes(files: AssetFile[] = locateVadAssets()): Router {
  const router = express.Router();
  let loading: Promise<{ version: string; assets: Map<string, LoadedAsset> }> | null = null;

  /** Reads and hashes the files once; the compressed copies start right away, in the background. */
  const load = () =>
    (loading ??= (async () => {
      const assets = new Map<string, LoadedAsset>();
      const whole = createHash('sha256');
      for (const file of files) {
        const bytes = await readFile(file.path);
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
        whole.update(hash);
        const encoded = new Map<Encoding, Promise<Buffer>>([
          [
            'br',
            brotliAsync(bytes, {
              // Quality 5 packs the wasm to 2.8 MB in ~1.5 s; 11 would take minutes.
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 5,
                [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          ],
          ['gzip', gzipAsync(bytes, { level: 6 })],
        ]);
        // Nobody may ask for an encoding; a failure then must not go unhandled.
        for (const promise of encoded.values()) promise.catch(() => undefined);
        assets.set(file.name, { ...file, hash, encoded });
      }
      return { version: whole.digest('hex').slice(0, 12), assets };
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    }));

  router.get('/manifest.json', async (_req, res) => {
    const { version } = await load();
    const base = `${VAD_ASSETS_PATH}/${version}/`;
    const manifest: VadAssetManifest = { baseAssetPath: base, onnxWASMBasePath: base };
    // Always asked again, so a new deploy's files are picked up; the files themselves are not.
    res.setHeader('Cache-Control', 'no-cache');
    res.json(manifest);
  });

  router.get('/:version/:file', async (req: Request<{ version: string; file: string }>, res) => {
    const { version, assets } = await load();
    const asset = assets.get(req.params.file);
    if (!asset) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    await send(req, res, asset, req.params.version === version);
  });

  // Anything else under /vad is a mistake, not a page of the app.
  router.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  return router;
}

async function send(req: Request, res: Response, asset: LoadedAsset, current: boolean) {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const etag = `"${asset.hash}${encoding ? `-${encoding}` : ''}"`;
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  // A page from before a deploy asks for an old version: give it today's files, uncached.
  res.setHeader(
    'Cache-Control',
    current ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
  );
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  if (!encoding) {
    await new Promise<void>((resolve, reject) =>
      res.sendFile(
        asset.path,
        { etag: false, lastModified: false, cacheControl: false },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return;
  }
  const body = await asset.encoded.get(encoding)!;
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}
