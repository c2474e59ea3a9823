import type { AiBudget } from './ai/aiBudget';
import type { AiRoles } from './ai/types';
import type { ClusterBus } from './cluster/bus';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Logger } from './logger';

/**
 * The services below every feature: configuration, the database, the log, the AI roles and
 * their budget. What the Realtime calls are built from; `Services` (services.ts) adds the
 * features' own, the Realtime calls among them, so neither module imports the other.
 */
export interface CoreServices {
  config: Config;
  db: Db;
  logger: Logger;
  ai: AiRoles;
  /** Each user's hourly budget of model calls, paid before every call (decision 027). */
  budget: AiBudget;
  /** The other instances on this database (LISTEN/NOTIFY; in-process on PGlite). */
  cluster: ClusterBus;
}
