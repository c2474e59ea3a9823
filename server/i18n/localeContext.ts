import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import {
  DEFAULT_LOCALE,
  isInterfaceLocale,
  negotiateLocale,
  type InterfaceLocale,
} from '#shared/i18n/locales';
import { setLocaleResolver } from '#shared/i18n/translate';
import { installZodMessages } from '#shared/i18n/zodMessages';

/**
 * The language the server speaks to whoever it is answering (decision 049). Each request (and
 * each socket frame) runs in a context holding its locale; shared/text.ts reads it whenever a
 * sentence is used. Outside any context (start-up, a timer nobody asked for) it is English.
 * The store is an object so that the guard, once it knows the signed-in user, can switch the
 * request to their saved language without a second context.
 */
interface LocaleStore {
  locale: InterfaceLocale;
}

const storage = new AsyncLocalStorage<LocaleStore>();

setLocaleResolver(() => storage.getStore()?.locale ?? DEFAULT_LOCALE);
// Zod's own messages (a rule with no sentence of ours) follow the same locale.
installZodMessages();

/** Runs `fn` (and everything it starts) in `locale`. */
export function runInLocale<T>(locale: InterfaceLocale, fn: () => T): T {
  return storage.run({ locale }, fn);
}

/**
 * `fn` bound to the current locale: for event listeners (a socket's frames), which otherwise
 * run in the context of whatever emitted the event.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any listener's own signature
export function keepLocale<F extends (...args: any[]) => unknown>(fn: F): F {
  return AsyncResource.bind(fn) as F;
}

/** The locale of the request or frame being handled. */
export function requestLocale(): InterfaceLocale {
  return storage.getStore()?.locale ?? DEFAULT_LOCALE;
}

/** A request's language before we know who sent it: its Accept-Language, else English. */
export function localeOfRequest(req: IncomingMessage): InterfaceLocale {
  return negotiateLocale(req.headers['accept-language']) ?? DEFAULT_LOCALE;
}

/** A person's saved choice wins over what their browser asks for; null keeps the request's. */
export function localeFor(saved: string | null | undefined, req: IncomingMessage): InterfaceLocale {
  return isInterfaceLocale(saved) ? saved : localeOfRequest(req);
}

/** Once the signed-in user is known: their saved language, if they chose one, from now on. */
export function adoptSavedLocale(saved: string | null | undefined): void {
  const store = storage.getStore();
  if (store && isInterfaceLocale(saved)) store.locale = saved;
}

/**
 * Runs `fn` in the language of the person a mail goes to: their saved one where known, else
 * the current request's (the person causing the mail is the best guess left).
 */
export function inRecipientLocale<T>(saved: string | null | undefined, fn: () => T): T {
  return runInLocale(isInterfaceLocale(saved) ? saved : requestLocale(), fn);
}

/** Express middleware: the rest of the request runs in its Accept-Language's locale. */
export function localeMiddleware() {
  return (req: Request, _res: Response, next: NextFunction) => {
    runInLocale(localeOfRequest(req), next);
  };
}
