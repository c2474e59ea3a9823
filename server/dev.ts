import { createServer as createViteServer } from 'vite';
import { configFromEnvOrExit } from './configFromEnv';
import { createLogger } from './logger';
import { startServer } from './startServer';
import { VAD_ASSETS_PATH } from '#shared/voice';

/** One process, one port: Express with Vite's middleware for the client and hot reload. */
const config = configFromEnvOrExit(process.env);

const vite = await createViteServer({
  server: { middlewareMode: true },
  appType: 'spa',
});
const running = await startServer(config, {
  clientDir: null,
  csp: false,
  logger: createLogger(config.logLevel),
  before: (app) => {
    // The API and the voice detector's files are the server's; everything else is Vite's.
    app.use((req, res, next) =>
      req.path.startsWith('/api') || req.path.startsWith(`${VAD_ASSETS_PATH}/`)
        ? next()
        : vite.middlewares(req, res, next),
    );
  },
});
console.log(`ChairTalk dev server at ${running.url}`);
