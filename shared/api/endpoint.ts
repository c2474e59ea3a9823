import type { z } from 'zod';

/**
 * One HTTP operation of the JSON API, described once and used at both ends: the server
 * registers its handler at `route`, parses `body` or `query` with the schemas and sends a body
 * typed by `response`; the client builds the same path with `endpointPath` and parses the
 * answer with `response`. A field or path renamed here breaks the build on both sides.
 */
export interface EndpointSpec {
  method: 'GET' | 'POST' | 'DELETE';
  /** The Express pattern inside the resource's router, e.g. '/:id/end'. */
  route: string;
  /** The JSON request body, when the operation takes one. */
  body?: z.ZodType;
  /** The query string, when the operation reads one. */
  query?: z.ZodType;
  /** The JSON answer on success; null when success is a 204 with no body. */
  response: z.ZodType | null;
}

export interface Endpoint extends EndpointSpec {
  /** Where the resource's router is mounted under /api, e.g. '/conversations'; '' for the root. */
  mount: string;
}

/** The `:name` segments of a route pattern. */
export type RouteParams<Route extends string> =
  Route extends `${string}:${infer Name}/${infer Rest}`
    ? Name | RouteParams<`/${Rest}`>
    : Route extends `${string}:${infer Name}`
      ? Name
      : never;

export type ParamsOf<E extends Endpoint> = Record<RouteParams<E['route']>, string>;

/** A resource: its mount, and each of its operations carrying that mount. */
export type Resource<Mount extends string, Operations extends Record<string, EndpointSpec>> = {
  readonly mount: Mount;
} & { readonly [K in keyof Operations]: Operations[K] & { mount: Mount } };

/** A resource's operations, all mounted at the same place. */
export function resource<
  const Mount extends string,
  const Operations extends Record<string, EndpointSpec>,
>(mount: Mount, operations: Operations): Resource<Mount, Operations> {
  const mounted = Object.fromEntries(
    Object.entries(operations).map(([name, spec]) => [name, { ...spec, mount }]),
  );
  return { ...mounted, mount } as Resource<Mount, Operations>;
}

/** The path a browser calls: /api, the mount, then the route with each `:param` filled in. */
export function endpointPath<E extends Endpoint>(endpoint: E, params: ParamsOf<E>): string {
  const route = endpoint.route.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return `/api${endpoint.mount}${route === '/' ? '' : route}`;
}
