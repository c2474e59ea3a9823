import { loadConfig, type Config } from '#server/config';
import { createLogger, type Logger } from '#server/logger';
import { startServer, type RunningServer, type StartOptions } from '#server/startServer';
import type { Db } from '#server/db/db';

export interface TestServer extends RunningServer {
  logs: string[];
}

/**
 * The real server on 127.0.0.1 with a random port over the given database. Config comes from
 * the same parser as production; `env` overrides the defaults.
 */
export async function startTestServer(
  db: Db,
  env: Record<string, string> = {},
  options: Partial<StartOptions> = {},
): Promise<TestServer> {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'debug',
    AI_PROVIDER: 'offline',
    ...env,
  });
  const logs: string[] = [];
  const logger: Logger = createLogger('debug', (line) => logs.push(line));
  const running = await startServer(config, { clientDir: null, db, logger, ...options });
  return Object.assign(running, { logs });
}
