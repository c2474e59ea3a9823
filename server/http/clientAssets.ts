import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import express, { type Router } from 'express';
import {
  CACHE_FOREVER,
  compressOnce,
  sendEncoded,
  sendPlainFile,
  type EncodedCopies,
} from './compression';
import { AppError } from './errors';

/** Text worth compressing; images and fonts come compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.map']);
/** A file name Vite writes: no folders, no leading dot. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

interface Asset {
  path: string;
  encoded: EncodedCopies | null;
}

/**
 * The built client's files under /assets. Vite puts a content hash in every name, so each file
 * is cached for a year, and its compressed copies (the main script is 420 KB as built, about a
 * third of that compressed) are made once per process, on first request, off the event loop.
 */
export function clientAssetRoutes(dir: string): Router {
  const router = express.Router();
  const assets = new Map<string, Promise<Asset>>();

  const load = (name: string) => {
    let asset = assets.get(name);
    if (!asset) {
      const path = join(dir, name);
      // Only text is read into memory, to compress; anything else is checked for and streamed.
      const encoded = COMPRESSIBLE.has(extname(name))
        ? readFile(path).then(compressOnce)
        : stat(path).then((info) => {
            if (!info.isFile()) throw new Error(`${name} is not a file`);
            return null;
          });
      asset = encoded.then((copies) => ({ path, encoded: copies }));
      assets.set(name, asset);
      // A missing file is not remembered: a newer build may put it there later.
      asset.catch(() => assets.delete(name));
    }
    return asset;
  };

  router.get('/:name', async (req, res) => {
    const { name } = req.params;
    const asset = ASSET_NAME.test(name) ? await load(name).catch(() => null) : null;
    if (!asset) throw new AppError('not_found:asset');
    res.type(extname(name));
    res.setHeader('Cache-Control', CACHE_FOREVER);
    const identity = () => sendPlainFile(res, asset.path);
    if (!asset.encoded) {
      await identity();
      return;
    }
    // The name carries the content hash, so it is the entity tag too.
    await sendEncoded(req, res, { tag: name, encoded: asset.encoded, identity });
  });

  router.use(() => {
    throw new AppError('not_found:asset');
  });

  return router;
}
