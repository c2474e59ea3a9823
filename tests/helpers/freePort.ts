import { createServer } from 'node:net';

/**
 * A port free on 127.0.0.1 right now, for a server that must be named before it starts
 * (HAProxy's front end, or a PUBLIC_URL an OpenID provider or LMS must know in advance).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
