import { createServer as createViteServer } from 'vite';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startServer } from './startServer';

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
    app.use((req, res, next) =>
      req.path.startsWith('/api') ? next() : vite.middlewares(req, res, next),
    );
  },
});
console.log(`ChairTalk dev server at ${running.url}`);
