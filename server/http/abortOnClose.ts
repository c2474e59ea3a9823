import type { Request, Response } from 'express';

/** Aborts AI work when the browser goes away before the answer is sent. */
export function abortOnClose(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  req.on('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  return controller.signal;
}
