import type { Request, Response } from 'express';
import type { StoredAudio } from '../audio/audioStore';
import { AppError } from './errors';

/**
 * Sends a kept recording so that an <audio> element can play and seek it: byte ranges are
 * answered with 206 (Chromium asks for `bytes=0-` first and seeks with ranges), and a file is
 * streamed by express's sendFile, which does the same for files.
 */
export async function sendAudio(req: Request, res: Response, audio: StoredAudio): Promise<void> {
  res.setHeader('Content-Type', audio.mime);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (audio.file) {
    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        audio.file.path,
        { root: audio.file.root, dotfiles: 'deny', cacheControl: false, lastModified: false },
        (error) => {
          if (!error || res.headersSent) return resolve();
          // A file removed after its row was read (purged meanwhile) is simply gone.
          const gone = (error as { status?: number }).status === 404;
          reject(gone ? new AppError('not_found:audio') : error);
        },
      );
    });
    return;
  }
  const { data } = audio;
  res.setHeader('Accept-Ranges', 'bytes');
  const ranges = req.headers.range ? req.range(data.length, { combine: true }) : undefined;
  if (ranges === -1) {
    // Unsatisfiable: the range starts past the end.
    res.status(416).setHeader('Content-Range', `bytes */${data.length}`).end();
    return;
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0]!;
    res.status(206);
    res.setHeader('Content-Range', `bytes ${start}-${end}/${data.length}`);
    res.setHeader('Content-Length', String(end - start + 1));
    res.end(req.method === 'HEAD' ? undefined : data.subarray(start, end + 1));
    return;
  }
  // No range, a malformed one (-2) or several: the whole recording.
  res.setHeader('Content-Length', String(data.length));
  res.end(req.method === 'HEAD' ? undefined : data);
}
