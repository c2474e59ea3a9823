import { CLIENT_DIST } from './app';
import { configFromEnvOrExit } from './configFromEnv';
import { createLogger } from './logger';
import { startServer } from './startServer';

const config = configFromEnvOrExit(process.env);

const logger = createLogger(config.logLevel);
const running = await startServer(config, { clientDir: CLIENT_DIST, logger });
const db =
  config.database.driver === 'pglite'
    ? `PGlite in ${config.database.dataDir}`
    : config.database.driver;
logger.info('server.started', { url: running.url, database: db, ai: running.services.ai.kind });
console.log(
  `ChairTalk is running at ${running.url} (database: ${db}, AI: ${running.services.ai.kind})`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('server.stopping', { signal });
  await running.close({ graceMs: 10_000 });
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
