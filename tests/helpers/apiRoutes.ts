import { accountApi } from '#shared/api/account';
import { authApi } from '#shared/api/auth';
import { authoringApi } from '#shared/api/authoring';
import { conversationsApi } from '#shared/api/conversations';
import { courseMailApi } from '#shared/api/courseMail';
import type { Endpoint } from '#shared/api/endpoint';
import { healthApi } from '#shared/api/health';
import { ltiApi } from '#shared/api/lti';
import { ltiDeepLinkApi } from '#shared/api/ltiDeepLinks';
import { historyApi } from '#shared/api/history';
import { conversationDeletionApi, myDataApi } from '#shared/api/myData';
import { organisationsApi } from '#shared/api/organisations';
import { progressApi } from '#shared/api/progress';
import { realtimeApi } from '#shared/api/realtime';
import { scenariosApi } from '#shared/api/scenarios';
import { ssoApi } from '#shared/api/sso';
import { createApp } from '#server/app';
import type { Services } from '#server/services';

/** One route of the JSON API as the routers declare it, e.g. `POST /api/conversations/:id/end`. */
export type ApiRoute = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api${string}`;

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every /api route, read from the routers themselves (Express 5 keeps each layer's mount path
 * as `rawPath`), so a test that must cover "every route" fails when a route is added without
 * being covered.
 */
export function listApiRoutes(services: Services): ApiRoute[] {
  const app = createApp(services, { clientDir: null });
  const routes = new Set<ApiRoute>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = join(prefix, String(layer.route.path));
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') routes.add(`${method.toUpperCase()} ${path}` as ApiRoute);
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
        walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  walk((app.router as unknown as { stack: Layer[] }).stack, '');
  return [...routes].filter((route) => / \/api(\/|$)/.test(route)).sort();
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Every operation the contracts in shared/api describe, written the way listApiRoutes writes routes. */
export function listContractRoutes(): ApiRoute[] {
  const resources = [
    accountApi,
    authApi,
    authoringApi,
    conversationsApi,
    courseMailApi,
    healthApi,
    historyApi,
    ltiApi,
    ltiDeepLinkApi,
    myDataApi,
    conversationDeletionApi,
    organisationsApi,
    progressApi,
    realtimeApi,
    scenariosApi,
    ssoApi,
  ];
  const operations = resources.flatMap((resource) =>
    Object.values(resource).filter((value): value is Endpoint => typeof value === 'object'),
  );
  return operations
    .map((op) => `${op.method} ${join(`/api${op.mount}`, op.route)}` as ApiRoute)
    .sort();
}
