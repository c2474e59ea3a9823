import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

export type Encoding = 'br' | 'gzip';
/** A body's compressed copies, each made once and shared by every request that takes it. */
export type EncodedCopies = Map<Encoding, Promise<Buffer>>;

/** For a file whose name changes with its content: browsers keep it a year without asking. */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Brotli when the browser takes it, else gzip, else null (send the bytes as they are). */
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

/**
 * Both encodings of a body that is sent many times, computed once off the event loop (zlib runs
 * on the thread pool). Brotli quality 5 packs well at a fraction of the time of 11, which on a
 * 14 MB file would take minutes.
 */
export function compressOnce(bytes: Buffer): EncodedCopies {
  const encoded: EncodedCopies = new Map([
    [
      'br',
      brotliAsync(bytes, {
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
  return encoded;
}

/**
 * Answers with the encoding the browser prefers: a 304 when its copy (tagged per encoding) is
 * current, the compressed bytes when it takes them, otherwise `identity()` sends the plain ones.
 */
export async function sendEncoded(
  req: Request,
  res: Response,
  body: {
    /** Content hash without quotes; the encoding is appended, as each is a different body. */
    tag: string;
    encoded: EncodedCopies;
    identity: () => void | Promise<void>;
  },
): Promise<void> {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const etag = `"${body.tag}${encoding ? `-${encoding}` : ''}"`;
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  if (!encoding) {
    await body.identity();
    return;
  }
  const bytes = await body.encoded.get(encoding)!;
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(bytes.length));
  res.end(bytes);
}

/**
 * Sends a file's bytes as they are, with the caller's headers. The folder goes in as `root`:
 * without it, `send` refuses any absolute path with a dot-folder in it (a checkout under
 * ~/.projects, say), and Cache-Control, ETag and Last-Modified are the caller's to set.
 */
export function sendPlainFile(res: Response, path: string): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    res.sendFile(
      basename(path),
      { root: dirname(path), etag: false, lastModified: false, cacheControl: false },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}
