import type { DatabaseConfig } from '../config';
import type { Db } from './db';
import { openPgliteDb } from './pgliteDb';
import { openNeonDb, openPgDb } from './poolDb';

export async function openDb(config: DatabaseConfig): Promise<Db> {
  switch (config.driver) {
    case 'pglite':
      return openPgliteDb(config.dataDir);
    case 'pg':
      return openPgDb(config.url, { max: config.poolSize });
    case 'neon':
      return openNeonDb(config.url, { max: config.poolSize });
  }
}
