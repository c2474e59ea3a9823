import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '#server/config';
import { createLogger } from '#server/logger';
import { wrapPglite } from '#server/db/pgliteDb';
import { startServer, type RunningServer } from '#server/startServer';
import { signedInClient, type HttpClient } from '../helpers/httpClient';

export interface BenchServer {
  server: RunningServer;
  user: HttpClient;
  scenarioIds: string[];
  close(): Promise<void>;
}

/** The real server over a fresh in-memory PGlite, pointed at the given OpenAI-compatible URL. */
export async function startBenchServer(
  stubUrl: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: stubUrl,
    AI_MAX_RETRIES: '0',
    TURNS_PER_HOUR: '100000',
    AI_BUDGET_PER_HOUR: '10000000',
    // One bench user holds every conversation's socket at once.
    SOCKETS_PER_USER: '10000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = wrapPglite(new PGlite());
  const server = await startServer(config, {
    clientDir: null,
    db,
    logger: createLogger('silent'),
  });
  const user = await signedInClient(server.url, 'Bench User');
  const { body } = await user.get('/api/scenarios');
  return {
    server,
    user,
    scenarioIds: body.scenarios.map((s: { id: string }) => s.id),
    async close() {
      await server.close();
      await db.close();
    },
  };
}
