import { join } from 'node:path';
import { z } from 'zod';
import type { ScenarioBudget } from '#shared/scenarioBudget';
import { MAX_UTTERANCE_BYTES, MAX_UTTERANCE_MS, STREAM_IDLE_MS } from '#shared/voice';
import { DEFAULT_THROTTLE, type ThrottleLimits } from './auth/throttleLimits';
import { DEFAULT_AI_BUDGET_PER_HOUR, MIN_AI_BUDGET_PER_HOUR } from './ai/aiCosts';
import type { JoinThrottleLimits } from './auth/joinThrottle';
import { parseSsoProviders, type SsoProviderConfig } from './sso/ssoConfig';

const DEFAULT_HINTS_PER_HOUR = 30;

/**
 * Every setting the server reads, parsed once at start. Nothing else reads process.env:
 * tests and benchmarks build a Config directly.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int(0, 65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['pglite', 'pg', 'neon']).optional()),
  /** Connections each instance holds to PostgreSQL (pg and Neon): every query waits for one. */
  DATABASE_POOL_SIZE: int(1, 500).default(20),
  /** Extra origins allowed to open sockets and send state-changing requests (comma-separated). */
  ALLOWED_ORIGINS: z.preprocess(emptyAsUndefined, z.string().optional()),
  COOKIE_SECURE: z.preprocess(emptyAsUndefined, bool.optional()),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  SESSION_DAYS: int(1, 365).default(30),
  SESSION_CACHE_SECONDS: int(0, 300).default(5),
  AI_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['offline', 'openai']).optional()),
  OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  FEEDBACK_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  TTS_MODEL: z.string().min(1).default('tts-1'),
  /**
   * How voice turns are transcribed: 'streaming' (a realtime transcription session fed while
   * the clinician speaks, batch on failure) or 'batch' (one call at the end of speech, for
   * compatible servers without realtime transcription). Default: streaming against the
   * official API, batch against OPENAI_BASE_URL.
   */
  STT_MODE: z.preprocess(emptyAsUndefined, z.enum(['streaming', 'batch']).optional()),
  /** Only streaming models send partial transcripts while the audio is still arriving. */
  STT_STREAMING_MODEL: z.string().min(1).default('gpt-4o-mini-transcribe'),
  /** Speech format: 'pcm' plays as its bytes arrive; 'mp3' for servers without raw PCM. */
  TTS_FORMAT: z.enum(['pcm', 'mp3']).default('pcm'),
  /** A streamed utterance that sends nothing for this long is dropped as abandoned. */
  STREAM_IDLE_SECONDS: z.coerce
    .number()
    .positive()
    .max(300)
    .default(STREAM_IDLE_MS / 1000),
  /** A final transcript that ends mid-thought ('and', 'um', a comma) waits this long for more. */
  END_OF_TURN_WAIT_MS: int(0, 5000).default(700),
  /**
   * The Realtime voice engine (speech-to-speech over WebRTC): set to a realtime model (e.g.
   * gpt-realtime) of a provider that speaks OpenAI's Realtime API, and Voice Mode offers it as
   * its default engine. Unset: the pipeline engine only.
   */
  REALTIME_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The patient's realtime voice; unset, it follows the patient profile. */
  REALTIME_VOICE: z.preprocess(emptyAsUndefined, z.string().min(1).max(64).optional()),
  REALTIME_TRANSCRIPTION_MODEL: z.string().min(1).default('gpt-4o-mini-transcribe'),
  /** A call is hung up after this long; the conversation goes on in the other engines. */
  REALTIME_MAX_CALL_MINUTES: z.coerce.number().positive().max(240).default(15),
  AI_TIMEOUT_SECONDS: int(1, 600).default(30),
  AI_MAX_RETRIES: int(0, 5).default(2),
  MAX_MESSAGE_CHARS: int(1, 20_000).default(2000),
  BODY_LIMIT_KB: int(1, 10_240).default(64),
  TURNS_PER_HOUR: int(1, 100_000).default(200),
  CONCURRENT_TURNS_PER_USER: int(1, 1000).default(3),
  HINTS_PER_HOUR: int(1, 100_000).default(DEFAULT_HINTS_PER_HOUR),
  /**
   * Units of model work one user may cause per hour, every kind together (server/ai/aiCosts.ts
   * weighs each kind); at least the dearest single use, or that use could never be paid for.
   */
  AI_BUDGET_PER_HOUR: int(MIN_AI_BUDGET_PER_HOUR, 10_000_000).default(DEFAULT_AI_BUDGET_PER_HOUR),
  /** "Try another answer" branches one user may make per hour. */
  BRANCHES_PER_HOUR: int(1, 100_000).default(30),
  /** Frames one conversation socket may send per second (bursts of twice that); past it, 1008. */
  SOCKET_FRAMES_PER_SECOND: int(1, 10_000).default(100),
  SOCKETS_PER_USER: int(1, 10_000).default(20),
  MAX_UTTERANCE_SECONDS: int(1, 300).default(MAX_UTTERANCE_MS / 1000),
  MAX_UTTERANCE_KB: int(16, 10_240).default(MAX_UTTERANCE_BYTES / 1000),
  /** Time to receive a request's headers and body; a client that stalls longer gets 408. */
  REQUEST_TIMEOUT_SECONDS: int(1, 600).default(30),
  AUTH_FAILURES_BEFORE_BACKOFF: int(1, 1000).default(DEFAULT_THROTTLE.failuresBeforeBackoff),
  AUTH_ATTEMPTS_PER_ADDRESS: int(1, 100_000).default(DEFAULT_THROTTLE.attemptsPerAddress),
  AUTH_BACKOFF_SECONDS: int(1, 86_400).default(DEFAULT_THROTTLE.backoffSeconds),
  AUTH_MAX_BACKOFF_SECONDS: int(1, 86_400).default(DEFAULT_THROTTLE.maxBackoffSeconds),
  AUTH_ACCOUNT_FAILURES_PER_HOUR: int(1, 10_000_000).default(
    DEFAULT_THROTTLE.accountFailuresPerHour,
  ),
  /** Wrong invite codes one address, or one account, may try per 15 minutes before it waits. */
  JOIN_FAILURES_BEFORE_BACKOFF: int(1, 100_000).default(10),
  RATE_LIMIT_PURGE_SECONDS: int(1, 86_400).default(600),
  /** Cohorts one organisation may have (cohorts are never deleted: a school's years add up). */
  COHORTS_PER_ORGANISATION: int(1, 10_000).default(100),
  /** Turn comments one trainer may write in any 24 hours, across conversations. */
  TRAINER_COMMENTS_PER_DAY: int(1, 100_000).default(500),
  /**
   * Days the audio of spoken turns is kept for replay (the clinician's utterance and the
   * patient's speech); 0 keeps none and deletes what was kept.
   */
  AUDIO_RETENTION_DAYS: int(0, 3650).default(30),
  /** Where that audio lives: in the database (bytea) or as files under AUDIO_DIR. */
  AUDIO_STORE: z.enum(['database', 'folder']).default('database'),
  AUDIO_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Each user's kept audio stays under this; past it, their oldest recordings go first. */
  AUDIO_MAX_MB_PER_USER: int(1, 100_000).default(200),
  AUDIO_PURGE_SECONDS: int(1, 86_400).default(3600),
  /** Bytes of scenario lists (and their compressed copies) one instance keeps in memory. */
  SCENARIO_LIST_CACHE_MB: int(1, 4096).default(32),
  /**
   * How long an instance trusts a user's scenarios stamp without reading the database: a
   * scenario written on another instance shows in lists here within this time (decision 036).
   */
  SCENARIO_LIST_CACHE_SECONDS: int(0, 300).default(5),
  /** Each user's own scenarios (not deleted): how many, and how many KB of JSON in all. */
  SCENARIOS_PER_USER: int(1, 100_000).default(200),
  SCENARIO_KB_PER_USER: int(64, 1_000_000).default(4096),
  COMMON_PASSWORDS_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * Outgoing mail (smtp:// or smtps://, with user:password@ if the server asks). Unset: every
   * mail is written to the server log instead, so `npm start` needs nothing more.
   */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .refine((url) => /^smtps?:\/\//.test(url), 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).max(320).default('ChairTalk <no-reply@localhost>'),
  /**
   * Where people reach this site, for links in mail (password reset). Never taken from the
   * request: a forged Host header must not send a reset link to someone else's site.
   */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** How long a password reset link works. */
  PASSWORD_RESET_MINUTES: int(5, 1440).default(30),
  /** Password reset mails one address (or one network address) may ask for in an hour. */
  PASSWORD_RESETS_PER_HOUR: int(1, 1000).default(5),
  /**
   * How long a link that confirms an address works (at sign-up, and for a new address). The
   * same hourly limit as resets holds for sending one again.
   */
  EMAIL_VERIFICATION_HOURS: int(1, 720).default(48),
  /** Invite mails one trainer may send in an hour (each address counts once). */
  INVITE_MAILS_PER_HOUR: int(1, 100_000).default(200),
  /** How often each instance looks for assignment reminders owed (one instance sends each). */
  REMINDER_CHECK_SECONDS: int(1, 86_400).default(60),
  /**
   * The school's OpenID providers for single sign-on (decision 050), comma-separated ids; each
   * id's SSO_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and _LABEL are read by server/sso/ssoConfig.ts.
   */
  SSO_PROVIDERS: z.preprocess(emptyAsUndefined, z.string().max(2000).optional()),
  /**
   * LTI 1.3 (decision 051): how old our signing key may grow before a new one replaces it (the
   * old one stays published for LTI_KEY_OVERLAP_DAYS, so platforms' cached keysets still work).
   */
  LTI_KEY_ROTATION_DAYS: int(1, 3650).default(90),
  LTI_KEY_OVERLAP_DAYS: int(1, 365).default(7),
  /** How often each instance sends the scores owed to LMS line items (one instance sends each). */
  LTI_PASSBACK_SECONDS: int(1, 86_400).default(30),
  /**
   * A local LMS (development, tests): platform URLs over plain http, at private or loopback
   * addresses. Off: every URL our server calls for a platform (keyset, token, services) must
   * be https at a public address (lti/platformFetch.ts). One flag for both: a local LMS needs
   * both, and production needs neither.
   */
  LTI_ALLOW_HTTP: z.preprocess(emptyAsUndefined, bool.optional()),
  /**
   * With NODE_ENV=production, LTI_ALLOW_HTTP is refused unless this says the operator means it
   * (decision 051's addendum): the flag turns off the guard against server-side request forgery.
   */
  LTI_ALLOW_HTTP_IN_PRODUCTION: z.preprocess(emptyAsUndefined, bool.optional()),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Turns on GET /metrics (Prometheus text) for whoever sends it as a bearer token. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).max(256).optional()),
});

export type DatabaseConfig =
  | { driver: 'pglite'; dataDir: string | null }
  | { driver: 'pg' | 'neon'; url: string; poolSize: number };

export interface AiConfig {
  provider: 'offline' | 'openai';
  apiKey: string | null;
  baseURL: string | null;
  chatModel: string;
  feedbackModel: string;
  sttModel: string;
  sttMode: 'streaming' | 'batch';
  sttStreamingModel: string;
  ttsModel: string;
  ttsFormat: 'pcm' | 'mp3';
  timeoutMs: number;
  maxRetries: number;
  /** The Realtime engine; null when REALTIME_MODEL is unset (or the provider is offline). */
  realtime: RealtimeConfig | null;
}

export interface RealtimeConfig {
  model: string;
  /** null: chosen from the patient profile (server/realtime/sessionConfig.ts). */
  voice: string | null;
  transcriptionModel: string;
  maxCallMs: number;
}

export interface AudioConfig {
  /** 0: no audio is stored, and what was stored is purged. */
  retentionDays: number;
  store: { kind: 'database' } | { kind: 'folder'; dir: string };
  maxBytesPerUser: number;
  /** How often each instance deletes expired audio (and files whose rows are gone). */
  purgeMs: number;
}

export interface ScenariosConfig {
  /** The scenario-list cache's budget, in bytes, on each instance. */
  listCacheBytes: number;
  /** How long a user's scenarios stamp is trusted without a database read (0: always read). */
  listStampMs: number;
  /** What one user's own scenarios may take (counted in the database, so across instances). */
  budget: ScenarioBudget;
}

export interface OrganisationLimits {
  cohortsPerOrganisation: number;
  commentsPerTrainerPerDay: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: DatabaseConfig;
  allowedOrigins: string[];
  cookieSecure: boolean;
  trustProxy: string | false;
  signInDays: number;
  /** How long a validated session is trusted without a database read (0: always read). */
  sessionCacheMs: number;
  /** The bearer token of GET /metrics; null: the route does not exist. */
  metricsToken: string | null;
  ai: AiConfig;
  limits: {
    maxMessageChars: number;
    bodyLimitBytes: number;
    turnsPerHour: number;
    concurrentTurnsPerUser: number;
    maxUtteranceMs: number;
    maxUtteranceBytes: number;
    /** A streamed utterance with no frame for this long is closed as abandoned. */
    streamIdleMs: number;
    /** How long a transcript that ends mid-thought waits for more speech. */
    endOfTurnWaitMs: number;
    hintsPerHour: number;
    /** Units of model work per user per hour (see server/ai/aiCosts.ts). */
    aiBudgetPerHour: number;
    branchesPerHour: number;
    socketFramesPerSecond: number;
    /** Conversation sockets one user may hold open, over every instance (decision 037). */
    socketsPerUser: number;
    /** Headers and body must both arrive within this (Node's requestTimeout). */
    requestTimeoutMs: number;
  };
  /** Sign-in and sign-up throttling (see server/auth/throttle.ts). */
  throttle: ThrottleLimits;
  /** Invite-code guessing on the join route (see server/auth/joinThrottle.ts). */
  joinThrottle: JoinThrottleLimits;
  /** How often each instance deletes expired rate-limit rows. */
  rateLimitPurgeMs: number;
  /** Bounds on what one trainer makes that a school may need to raise. */
  organisations: OrganisationLimits;
  /** Audio replay of spoken turns (server/audio/). */
  audio: AudioConfig;
  /** Custom scenarios: the list cache's memory and each author's storage (decision 028). */
  scenarios: ScenariosConfig;
  /** A newline-separated list of passwords refused at sign-up, besides the built-in one. */
  commonPasswordsFile: string | null;
  mail: MailConfig;
  /** Single sign-on (decision 050): no providers, no buttons and no SSO routes' work. */
  sso: SsoConfig;
  lti: LtiConfig;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export interface MailConfig {
  /** null: mail goes to the server log. */
  smtpUrl: string | null;
  from: string;
  /** The site's own address, for links in mail; no trailing slash. */
  publicUrl: string;
  resetMs: number;
  resetsPerHour: number;
  verifyMs: number;
  invitesPerHour: number;
  reminderCheckMs: number;
}

export interface SsoConfig {
  providers: SsoProviderConfig[];
  /**
   * Where each provider sends the browser back: `<PUBLIC_URL>/api/auth/sso/<id>/callback`,
   * registered at the provider. Never taken from the request (a forged Host must not move it).
   */
  publicUrl: string;
}

export interface LtiConfig {
  keyRotationMs: number;
  keyOverlapMs: number;
  /** LTI_ALLOW_HTTP: http and private addresses allowed, i.e. the address guard is off. */
  allowHttp: boolean;
  passbackCheckMs: number;
}

export class ConfigError extends Error {}

/**
 * LTI_ALLOW_HTTP turns off both the https rule and the private-address guard for LMS platform
 * URLs (lti/platformFetch.ts), so in production any trainer registering a platform could make
 * the server call its internal network. Production refuses it unless the operator also sets
 * LTI_ALLOW_HTTP_IN_PRODUCTION=true, a name that cannot be set by accident (decision 051's
 * addendum). Null when the combination is allowed; else the line for the startup error.
 */
export function ltiAllowHttpProblem(input: {
  env: 'development' | 'production' | 'test';
  allowHttp: boolean;
  acknowledged: boolean;
}): string | null {
  if (input.env !== 'production' || !input.allowHttp || input.acknowledged) return null;
  return (
    'LTI_ALLOW_HTTP: refused with NODE_ENV=production, because it turns off the https rule and ' +
    'the private-address guard for LMS platform URLs. Unset LTI_ALLOW_HTTP, or, if this ' +
    'production server really must reach a local LMS, also set LTI_ALLOW_HTTP_IN_PRODUCTION=true'
  );
}

function isNeonUrl(url: string): boolean {
  return /\.neon\.(tech|build)(:\d+)?\//.test(url) || url.includes('.neon.tech');
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;

  let database: DatabaseConfig;
  if (e.DATABASE_DRIVER === 'pglite' || (!e.DATABASE_URL && !e.DATABASE_DRIVER)) {
    database = { driver: 'pglite', dataDir: e.DATA_DIR };
  } else if (!e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  DATABASE_URL: required for ${e.DATABASE_DRIVER}`,
    );
  } else {
    const driver = e.DATABASE_DRIVER ?? (isNeonUrl(e.DATABASE_URL) ? 'neon' : 'pg');
    database = { driver, url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE };
  }

  // No key means the built-in offline patient, unless a keyless local server is asked for.
  const provider = e.AI_PROVIDER ?? (e.OPENAI_API_KEY ? 'openai' : 'offline');
  if (e.REALTIME_MODEL && provider !== 'openai') {
    throw new ConfigError(
      'Invalid configuration:\n  REALTIME_MODEL: needs an OpenAI API key (or OPENAI_BASE_URL for a compatible server)',
    );
  }
  if (provider === 'openai' && !e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  OPENAI_API_KEY: required when AI_PROVIDER=openai (or set OPENAI_BASE_URL for a local server)',
    );
  }

  const sso = parseSsoProviders(env);
  if (sso.providers.length > 0 && !e.PUBLIC_URL) {
    sso.problems.push('PUBLIC_URL: required with SSO_PROVIDERS (the redirect URI is built on it)');
  }
  if (sso.problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${sso.problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  const ltiHttp = ltiAllowHttpProblem({
    env: e.NODE_ENV,
    allowHttp: e.LTI_ALLOW_HTTP ?? false,
    acknowledged: e.LTI_ALLOW_HTTP_IN_PRODUCTION ?? false,
  });
  if (ltiHttp !== null) throw new ConfigError(`Invalid configuration:\n  ${ltiHttp}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY ?? false,
    signInDays: e.SESSION_DAYS,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN ?? null,
    ai: {
      provider,
      apiKey: e.OPENAI_API_KEY ?? null,
      baseURL: e.OPENAI_BASE_URL ?? null,
      chatModel: e.CHAT_MODEL,
      feedbackModel: e.FEEDBACK_MODEL ?? e.CHAT_MODEL,
      sttModel: e.STT_MODEL,
      sttMode: e.STT_MODE ?? (e.OPENAI_BASE_URL ? 'batch' : 'streaming'),
      sttStreamingModel: e.STT_STREAMING_MODEL,
      ttsModel: e.TTS_MODEL,
      ttsFormat: e.TTS_FORMAT,
      timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
      maxRetries: e.AI_MAX_RETRIES,
      realtime: e.REALTIME_MODEL
        ? {
            model: e.REALTIME_MODEL,
            voice: e.REALTIME_VOICE ?? null,
            transcriptionModel: e.REALTIME_TRANSCRIPTION_MODEL,
            maxCallMs: Math.round(e.REALTIME_MAX_CALL_MINUTES * 60_000),
          }
        : null,
    },
    limits: {
      maxMessageChars: e.MAX_MESSAGE_CHARS,
      bodyLimitBytes: e.BODY_LIMIT_KB * 1024,
      turnsPerHour: e.TURNS_PER_HOUR,
      concurrentTurnsPerUser: e.CONCURRENT_TURNS_PER_USER,
      maxUtteranceMs: e.MAX_UTTERANCE_SECONDS * 1000,
      maxUtteranceBytes: e.MAX_UTTERANCE_KB * 1000,
      streamIdleMs: Math.round(e.STREAM_IDLE_SECONDS * 1000),
      endOfTurnWaitMs: e.END_OF_TURN_WAIT_MS,
      hintsPerHour: e.HINTS_PER_HOUR,
      aiBudgetPerHour: e.AI_BUDGET_PER_HOUR,
      branchesPerHour: e.BRANCHES_PER_HOUR,
      socketFramesPerSecond: e.SOCKET_FRAMES_PER_SECOND,
      socketsPerUser: e.SOCKETS_PER_USER,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    },
    throttle: {
      ...DEFAULT_THROTTLE,
      failuresBeforeBackoff: e.AUTH_FAILURES_BEFORE_BACKOFF,
      attemptsPerAddress: e.AUTH_ATTEMPTS_PER_ADDRESS,
      backoffSeconds: e.AUTH_BACKOFF_SECONDS,
      maxBackoffSeconds: Math.max(e.AUTH_MAX_BACKOFF_SECONDS, e.AUTH_BACKOFF_SECONDS),
      accountFailuresPerHour: e.AUTH_ACCOUNT_FAILURES_PER_HOUR,
    },
    // Waits as sign-in's do; failures are remembered over the same window as an address's.
    joinThrottle: {
      failuresBeforeBackoff: e.JOIN_FAILURES_BEFORE_BACKOFF,
      windowSeconds: DEFAULT_THROTTLE.addressWindowSeconds,
      backoffSeconds: e.AUTH_BACKOFF_SECONDS,
      maxBackoffSeconds: Math.max(e.AUTH_MAX_BACKOFF_SECONDS, e.AUTH_BACKOFF_SECONDS),
    },
    rateLimitPurgeMs: e.RATE_LIMIT_PURGE_SECONDS * 1000,
    organisations: {
      cohortsPerOrganisation: e.COHORTS_PER_ORGANISATION,
      commentsPerTrainerPerDay: e.TRAINER_COMMENTS_PER_DAY,
    },
    audio: {
      retentionDays: e.AUDIO_RETENTION_DAYS,
      store:
        e.AUDIO_STORE === 'folder'
          ? { kind: 'folder', dir: e.AUDIO_DIR ?? join(e.DATA_DIR, 'audio') }
          : { kind: 'database' },
      maxBytesPerUser: e.AUDIO_MAX_MB_PER_USER * 1_000_000,
      purgeMs: e.AUDIO_PURGE_SECONDS * 1000,
    },
    scenarios: {
      listCacheBytes: e.SCENARIO_LIST_CACHE_MB * 1024 * 1024,
      listStampMs: e.SCENARIO_LIST_CACHE_SECONDS * 1000,
      budget: { maxScenarios: e.SCENARIOS_PER_USER, maxBytes: e.SCENARIO_KB_PER_USER * 1024 },
    },
    commonPasswordsFile: e.COMMON_PASSWORDS_FILE ?? null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      publicUrl,
      resetMs: e.PASSWORD_RESET_MINUTES * 60_000,
      resetsPerHour: e.PASSWORD_RESETS_PER_HOUR,
      verifyMs: e.EMAIL_VERIFICATION_HOURS * 3_600_000,
      invitesPerHour: e.INVITE_MAILS_PER_HOUR,
      reminderCheckMs: e.REMINDER_CHECK_SECONDS * 1000,
    },
    sso: { providers: sso.providers, publicUrl },
    lti: {
      keyRotationMs: e.LTI_KEY_ROTATION_DAYS * 86_400_000,
      keyOverlapMs: e.LTI_KEY_OVERLAP_DAYS * 86_400_000,
      allowHttp: e.LTI_ALLOW_HTTP ?? false,
      passbackCheckMs: e.LTI_PASSBACK_SECONDS * 1000,
    },
    logLevel: e.LOG_LEVEL,
  };
}
