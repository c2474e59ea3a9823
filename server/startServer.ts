import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { createApp, type AppOptions } from './app';
import { createAiBudget } from './ai/aiBudget';
import { createAiRoles } from './ai/roles';
import { createAudioStore } from './audio/audioStore';
import { createConversationEnds } from './cluster/conversationEnds';
import { openClusterBus } from './cluster/openBus';
import type { ClusterBus } from './cluster/bus';
import { clusterStamps } from './cluster/clusterStamps';
import type { AiRoles } from './ai/types';
import { SignInCache } from './auth/signInCache';
import { createAuthThrottle, purgeExpiredRateLimits, type ThrottleLimits } from './auth/throttle';
import { createJoinThrottle, type JoinThrottleLimits } from './auth/joinThrottle';
import { createEmailVerifications } from './auth/emailVerifications';
import { createPasswordResets } from './auth/passwordResets';
import { purgeExpiredEmailVerifications } from './db/emailVerifications';
import { purgeExpiredPasswordResets } from './db/passwordResets';
import { purgeExpiredSsoLogins } from './db/ssoLogins';
import { createSsoProviders } from './sso/providers';
import { createMailer, type Mailer } from './mail/mailer';
import { createCourseMail } from './mail/courseMail';
import { ToolKeys } from './lti/toolKeys';
import { createPassbackWorker } from './lti/passbacks';
import { createPlatformHttp, type ResolveHost } from './lti/platformFetch';
import { ServiceTokenClient } from './lti/serviceToken';
import { purgeExpiredLtiLogins } from './db/ltiLogins';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { timedDb } from './metrics/timedDb';
import { openDb } from './db/openDb';
import { seedScenarios } from './db/scenarios';
import { attachConversationGateway, type Gateway } from './gateway/conversationGateway';
import { createLogger, type Logger } from './logger';
import { createRealtimeCalls } from './realtime/realtimeCalls';
import { scenarioLibrary } from './scenarios/library';
import { createListCache } from './scenarios/listCache';
import { createScenarioStamps } from './scenarios/stampCache';
import type { Services } from './services';

export interface StartOptions extends AppOptions {
  logger?: Logger;
  /** An already open database (tests share one per file); otherwise opened from config. */
  db?: Db;
  ai?: AiRoles;
  /** Overrides some of the configured sign-in throttle limits (tests). */
  throttle?: Partial<ThrottleLimits>;
  /** How often a Realtime call pays for its next minute of the AI budget (tests; a minute). */
  realtimeMinuteMs?: number;
  /** The clock a Realtime call times the patient's audio on, in ms (tests; performance.now). */
  realtimeClock?: () => number;
  /** Overrides some of the configured join throttle limits (tests). */
  joinThrottle?: Partial<JoinThrottleLimits>;
  /** A mailer of the caller's instead of the one SMTP_URL makes. */
  mailer?: Mailer;
  /** The clock scenario stamps expire on, in ms (tests; Date.now). */
  scenarioStampClock?: () => number;
  /**
   * The bus to the other instances (tests: one of its own, to stand for a NOTIFY never
   * delivered); otherwise opened on the database.
   */
  cluster?: ClusterBus;
  /** How platform URLs' host names are resolved (tests: no test depends on real DNS). */
  resolvePlatformHost?: ResolveHost;
  /** Mounted before the app's own handlers (Vite's dev middleware). */
  before?: (app: Express) => void;
}

export interface RunningServer {
  url: string;
  server: Server;
  services: Services;
  gateway: Gateway;
  /** Stops accepting, ends sockets and in-flight turns (bounded), closes the database. */
  close(options?: { keepDb?: boolean; graceMs?: number }): Promise<void>;
}

/** Opens the database, migrates and seeds it, then serves the app and the socket gateway. */
export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const opened = options.db ?? (await openDb(config.database));
  const db = timedDb(opened);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info('db.migrated', { applied });
  if (await seedScenarios(db, scenarioLibrary))
    logger.info('db.seeded', { scenarios: scenarioLibrary.length });

  // A folder that cannot be made stops the start here, not at the first spoken turn.
  if (config.audio.store.kind === 'folder' && config.audio.retentionDays > 0) {
    await mkdir(config.audio.store.dir, { recursive: true });
  }

  const ai = options.ai ?? createAiRoles(config.ai, logger);
  const budget = createAiBudget({
    db,
    perHour: config.limits.aiBudgetPerHour,
    ...(options.realtimeMinuteMs ? { realtimeMinuteMs: options.realtimeMinuteMs } : {}),
  });
  // On the database as opened: its own listener session, and on PGlite the same object for
  // every server of this process on it (timedDb makes a new one per server).
  const cluster = options.cluster ?? openClusterBus(opened, logger);
  const mailer = options.mailer ?? createMailer(config.mail, logger);
  const ltiKeys = new ToolKeys(db, {
    rotationMs: config.lti.keyRotationMs,
    overlapMs: config.lti.keyOverlapMs,
  });
  const ltiHttp = createPlatformHttp({
    allowHttp: config.lti.allowHttp,
    onRefused: ({ host, address, message }) =>
      logger.warn('lti.platform_address_refused', { host, address, reason: message }),
    ...(options.resolvePlatformHost ? { resolve: options.resolvePlatformHost } : {}),
  });
  const services: Services = {
    config,
    db,
    logger,
    mailer,
    passwordResets: createPasswordResets({ db, mail: config.mail, mailer, logger }),
    emailVerifications: createEmailVerifications({ db, mail: config.mail, mailer, logger }),
    courseMail: createCourseMail({ db, mail: config.mail, mailer, logger }),
    throttle: createAuthThrottle(db, { ...config.throttle, ...options.throttle }),
    joinThrottle: createJoinThrottle(db, { ...config.joinThrottle, ...options.joinThrottle }),
    signInCache: new SignInCache(config.sessionCacheMs),
    sso: createSsoProviders(config.sso, logger),
    ai,
    budget,
    cluster,
    conversationEnds: createConversationEnds(cluster),
    realtime: createRealtimeCalls(
      { config, db, logger, ai, budget, cluster },
      options.realtimeClock ? { now: options.realtimeClock } : {},
    ),
    audio: createAudioStore({ config: config.audio, db, logger }),
    ltiKeys,
    ltiHttp,
    ltiPassbacks: createPassbackWorker({
      db,
      logger,
      keys: ltiKeys,
      publicUrl: config.mail.publicUrl,
      tokens: new ServiceTokenClient({ fetch: ltiHttp.fetch }),
    }),
    scenarioLists: createListCache({ maxBytes: config.scenarios.listCacheBytes }),
    scenarioStamps: clusterStamps(
      createScenarioStamps({
        ttlMs: config.scenarios.listStampMs,
        ...(options.scenarioStampClock ? { now: options.scenarioStampClock } : {}),
      }),
      cluster,
    ),
  };
  const app = createApp(services, options);
  // A client that sends headers and then stalls (slowloris) gets 408 once this runs out.
  // Node checks every connectionsCheckingInterval, so that is kept well below the bound.
  const requestTimeout = config.limits.requestTimeoutMs;
  const server = createServer({
    requestTimeout,
    headersTimeout: requestTimeout,
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeout / 4))),
  });
  if (options.before) {
    const outer = express();
    options.before(outer);
    outer.use(app);
    server.on('request', outer);
  } else {
    server.on('request', app);
  }
  const gateway = attachConversationGateway(server, services);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const purge = setInterval(() => {
    Promise.all([
      purgeExpiredRateLimits(db),
      purgeExpiredPasswordResets(db),
      purgeExpiredEmailVerifications(db),
      purgeExpiredSsoLogins(db),
      purgeExpiredLtiLogins(db, { now: new Date() }),
    ]).then(
      ([removed, links, verifications, ssoLogins, ltiLogins]) => {
        if (ssoLogins > 0) logger.debug('sso_logins.purged', { removed: ssoLogins });
        if (ltiLogins > 0) logger.debug('lti_logins.purged', { removed: ltiLogins });
        if (removed > 0) logger.debug('rate_limits.purged', { removed });
        if (links > 0) logger.debug('password_resets.purged', { removed: links });
        if (verifications > 0)
          logger.debug('email_verifications.purged', { removed: verifications });
      },
      (error: unknown) => logger.warn('rate_limits.purge_failed', { error }),
    );
  }, config.rateLimitPurgeMs);
  purge.unref();
  const purgeAudio = () => {
    services.audio.purge().then(
      (removed) => {
        if (removed > 0) logger.info('audio.purged', { removed });
      },
      (error: unknown) => logger.warn('audio.purge_failed', { error }),
    );
  };
  // Once at start too: a lowered retention (or 0) takes effect without waiting a period.
  purgeAudio();
  const audioPurge = setInterval(purgeAudio, config.audio.purgeMs);
  audioPurge.unref();
  // Reminders owed are claimed in the database, so every instance may look and one sends each
  // (decision 046). One pass at a time; closing waits for the pass under way.
  let reminderPass: Promise<void> | null = null;
  const sendReminders = () => {
    reminderPass ??= services.courseMail
      .sendReminders()
      .then(
        (sent) => {
          if (sent > 0) logger.info('reminders.sent', { sent });
        },
        (error: unknown) => logger.warn('reminders.failed', { error }),
      )
      .finally(() => {
        reminderPass = null;
      });
  };
  const reminders = setInterval(sendReminders, config.mail.reminderCheckMs);
  reminders.unref();
  // Scores owed to LMS gradebooks are claimed in the database under a lease (decision 051), so
  // every instance may look; what an instance that stopped had claimed is sent after the lease.
  const passbackPass = () => {
    services.ltiPassbacks.runOnce().then(
      (sent) => {
        if (sent > 0) logger.info('lti.passbacks_sent', { sent });
      },
      (error: unknown) => logger.warn('lti.passbacks_failed', { error }),
    );
  };
  const passbacks = setInterval(passbackPass, config.lti.passbackCheckMs);
  passbacks.unref();
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}`;

  return {
    url,
    server,
    services,
    gateway,
    async close({ keepDb = false, graceMs = 5_000 } = {}) {
      clearInterval(purge);
      clearInterval(audioPurge);
      clearInterval(reminders);
      clearInterval(passbacks);
      await reminderPass;
      await services.ltiPassbacks.settle();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Calls store what they owe before the sockets that would hear of it close.
      await services.realtime.close();
      await gateway.close({ graceMs });
      await cluster.close();
      mailer.close();
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(timer);
      if (!keepDb && !options.db) await db.close();
    },
  };
}
