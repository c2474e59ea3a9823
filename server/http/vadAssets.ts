import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { VAD_ASSETS_PATH, VAD_MODEL_FILE, type VadAssetManifest } from '#shared/voice';
import {
  CACHE_FOREVER,
  compressOnce,
  sendEncoded,
  sendPlainFile,
  type EncodedCopies,
} from './compression';

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

interface LoadedAsset extends AssetFile {
  hash: string;
  encoded: EncodedCopies;
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
        const encoded = compressOnce(bytes);
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
  res.setHeader('Content-Type', asset.type);
  // A page from before a deploy asks for an old version: give it today's files, uncached.
  res.setHeader('Cache-Control', current ? CACHE_FOREVER : 'no-cache');
  await sendEncoded(req, res, {
    tag: asset.hash,
    encoded: asset.encoded,
    identity: () => sendPlainFile(res, asset.path),
  });
}
