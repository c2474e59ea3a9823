import type { AiBudget } from './ai/aiBudget';
import type { AiRoles } from './ai/types';
import type { AudioStore } from './audio/audioStore';
import type { AuthThrottle } from './auth/throttle';
import type { JoinThrottle } from './auth/joinThrottle';
import type { SessionCache } from './auth/sessionCache';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Logger } from './logger';
import type { RealtimeCalls } from './realtime/realtimeCalls';
import type { ListCache } from './scenarios/listCache';

/** What route modules and the gateway are given; built once in app.ts. */
export interface Services {
  config: Config;
  db: Db;
  logger: Logger;
  throttle: AuthThrottle;
  /** Invite-code guesses on the join route (issue 22). */
  joinThrottle: JoinThrottle;
  sessionCache: SessionCache;
  ai: AiRoles;
  /** Each user's hourly budget of model calls, paid before every call (decision 027). */
  budget: AiBudget;
  /** This instance's Realtime calls (inert unless REALTIME_MODEL is set). */
  realtime: RealtimeCalls;
  /** Kept audio of spoken turns, for replay (inert when AUDIO_RETENTION_DAYS is 0). */
  audio: AudioStore;
  /** This instance's serialised scenario lists, bounded by SCENARIO_LIST_CACHE_MB. */
  scenarioLists: ListCache;
}

/** What the Realtime calls themselves are built from. */
export type CoreServices = Pick<Services, 'config' | 'db' | 'logger' | 'ai' | 'budget'>;
