import { createServer as createViteServer } from 'vite';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startServer } from './startServer';
import { VAD_ASSETS_PATH } from '../shared/voice';

/** One process, one port: Express with Vite's middleware for the client and hot reload. */
let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

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
