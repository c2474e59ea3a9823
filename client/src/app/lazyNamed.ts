import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export. Each call is its own chunk in the build: the screen's
 * code is fetched the first time it renders, so the first page a visitor opens does not carry
 * every other page (decision 030).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }));
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
