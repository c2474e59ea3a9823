import express, { type ErrorRequestHandler, type Express } from 'express';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { accountApi } from '#shared/api/account';
import { conversationDeletionApi, myDataApi } from '#shared/api/myData';
import { authApi } from '#shared/api/auth';
import { conversationsApi } from '#shared/api/conversations';
import { healthApi } from '#shared/api/health';
import { scenariosApi } from '#shared/api/scenarios';
import { clientAssetRoutes } from './http/clientAssets';
import { AppError } from './http/errors';
import { sendJson } from './http/respond';
import { isAllowedOrigin } from './http/origin';
import { securityHeaders } from './http/security';
import { localeMiddleware } from './i18n/localeContext';
import { VAD_ASSETS_PATH, vadAssetRoutes } from './http/vadAssets';
import { isConnectionError } from './db/db';
import { accountRoutes } from './routes/account';
import { conversationDeletionRoutes, myDataRoutes } from './routes/myData';
import { authRoutes } from './routes/auth';
import { passwordResetRoutes } from './routes/passwordReset';
import { emailVerificationRoutes } from './routes/emailVerification';
import { scenarioRoutes } from './routes/scenarios';
import { authoringRoutes } from './routes/authoring';
import { authoringApi } from '#shared/api/authoring';
import { branchRoutes } from './routes/branches';
import { conversationRoutes } from './routes/conversations';
import { realtimeRoutes } from './routes/realtime';
import { realtimeApi } from '#shared/api/realtime';
import { progressRoutes } from './routes/progress';
import { metricsRoute } from './routes/metrics';
import { organisationRoutes } from './routes/organisations';
import { organisationsApi } from '#shared/api/organisations';
import { courseMailApi } from '#shared/api/courseMail';
import { courseMailRoutes } from './routes/courseMail';
import { ssoApi } from '#shared/api/sso';
import { ssoRoutes } from './routes/sso';
import { passwordSignInRoutes } from './routes/passwordSignIn';
import { ltiApi } from '#shared/api/lti';
import { ltiRegistrationRoutes } from './routes/ltiRegistrations';
import { ltiToolRoutes } from './routes/ltiTool';
import { ltiDeepLinkApi } from '#shared/api/ltiDeepLinks';
import { ltiDeepLinkApiRoutes, ltiDeepLinkPageRoutes } from './routes/ltiDeepLinks';
import type { Services } from './services';

export const CLIENT_DIST = fileURLToPath(new URL('../dist/client', import.meta.url));

export interface AppOptions {
  /** Serve the built client from this folder (null: API only, e.g. under Vite in dev). */
  clientDir: string | null;
  /** Content-Security-Policy on (off only under Vite's dev server). */
  csp?: boolean;
}

/** A 4xx raised by Express or a body parser (they mark those they meant for the client). */
function isClientError(error: unknown): boolean {
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose !== false;
}

export function createApp(services: Services, options: AppOptions): Express {
  const { config, logger } = services;
  const app = express();
  app.disable('x-powered-by');
  // API answers are small and personal; hashing every body for an ETag costs more than it saves.
  // Routes that benefit (the scenario list) set their own.
  app.set('etag', false);
  if (config.trustProxy) app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders({ production: config.env === 'production', csp: options.csp ?? true }));
  // Each request runs in its language: Accept-Language now, the user's saved one once the
  // session is read (decision 049). Error sentences and mail are written in it.
  app.use(localeMiddleware());

  const api = express.Router();
  // API answers are personal (the user, their progress, history and conversations) or errors:
  // no browser or proxy keeps a copy. The shared scenario list sets its own header.
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The origin is checked before the body is read: a refused request costs no parsing.
  api.use((req, _res, next) => {
    const writes = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
    if (writes && !isAllowedOrigin(req, config.allowedOrigins)) {
      throw new AppError('forbidden:origin');
    }
    next();
  });
  // Before the shared parser: its import takes a larger body, read only once signed in.
  api.use(authoringApi.mount, authoringRoutes(services));
  api.use(express.json({ limit: config.limits.bodyLimitBytes }));
  api.get(healthApi.check.route, async (_req, res) => {
    try {
      await services.db.query('SELECT 1');
      sendJson(res, healthApi.check, { status: 'ok', database: 'ok', ai: services.ai.kind });
    } catch {
      const down = {
        status: 'unavailable',
        database: 'unreachable',
        ai: services.ai.kind,
      } as const;
      sendJson(res, healthApi.check, down, 503);
    }
  });
  api.use(authApi.mount, authRoutes(services));
  api.use(ssoApi.mount, ssoRoutes(services));
  api.use(authApi.mount, passwordResetRoutes(services));
  api.use(authApi.mount, emailVerificationRoutes(services));
  api.use(accountApi.mount, accountRoutes(services));
  api.use(myDataApi.mount, myDataRoutes(services));
  api.use(scenariosApi.mount, scenarioRoutes(services));
  api.use(conversationsApi.mount, conversationRoutes(services));
  api.use(conversationsApi.mount, branchRoutes(services));
  api.use(conversationDeletionApi.mount, conversationDeletionRoutes(services));
  api.use(realtimeApi.mount, realtimeRoutes(services));
  api.use(organisationsApi.mount, organisationRoutes(services));
  api.use(organisationsApi.mount, passwordSignInRoutes(services));
  api.use(courseMailApi.mount, courseMailRoutes(services));
  api.use(ltiApi.mount, ltiRegistrationRoutes(services));
  api.use(ltiDeepLinkApi.mount, ltiDeepLinkApiRoutes(services));
  // Progress and history sit at the API root (their contracts' mount is '').
  api.use(progressRoutes(services));
  api.use(() => {
    throw new AppError('not_found:route');
  });
  app.use('/api', api);
  // LTI 1.3 (decision 051): the endpoints platforms call, outside the API.
  app.use(ltiToolRoutes(services));
  app.use(ltiDeepLinkPageRoutes(services));
  if (config.metricsToken) app.get('/metrics', metricsRoute(config.metricsToken));
  app.use(VAD_ASSETS_PATH, vadAssetRoutes());

  if (options.clientDir && existsSync(options.clientDir)) {
    const clientDir = options.clientDir;
    app.use('/assets', clientAssetRoutes(`${clientDir}/assets`));
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    // Client-side routes all load the same page.
    app.get('{/*splat}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      // `root` keeps the dot-file check to the file name, so a deployment under a folder like
      // /srv/.apps/chairtalk still serves its page.
      res.sendFile('index.html', { root: clientDir });
    });
  }

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if ((error as { type?: string }).type === 'entity.parse.failed') {
      appError = new AppError('bad_request:json');
    } else if ((error as { type?: string }).type === 'entity.too.large') {
      appError = new AppError('too_large:body');
    } else if ((error as { status?: number }).status === 415) {
      appError = new AppError('unsupported:body');
    } else if (isClientError(error)) {
      appError = new AppError('bad_request:request');
    } else if (isConnectionError(error)) {
      logger.error('db.unreachable', { path: req.path, error });
      appError = new AppError('unavailable:database', undefined, 5);
    } else {
      logger.error('http.unhandled', { method: req.method, path: req.path, error });
      appError = new AppError('internal');
    }
    if (appError.retryAfterSeconds)
      res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json({ error: { code: appError.code, message: appError.message } });
  };
  app.use(onError);

  return app;
}
