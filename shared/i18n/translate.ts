import i18next, { type InitOptions } from 'i18next';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import {
  DEFAULT_LOCALE,
  INTERFACE_LOCALES,
  isInterfaceLocale,
  type InterfaceLocale,
} from './locales';
import { pt } from './pt';

/**
 * The one i18next instance every sentence goes through, on the server and in the browser
 * (decision 049). Which language a sentence comes out in is asked of a resolver at the moment
 * it is read: the browser plugs in the instance's own language, the server the request's (an
 * AsyncLocalStorage context). Nothing captures a sentence earlier than that.
 */
export const i18n = i18next.createInstance();

export const I18N_OPTIONS: InitOptions = {
  resources: {
    en: { translation: en },
    es: { translation: es },
    fr: { translation: fr },
    de: { translation: de },
    pt: { translation: pt },
    it: { translation: it },
  },
  supportedLngs: [...INTERFACE_LOCALES],
  // 'es-MX' reads Spanish.
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: DEFAULT_LOCALE,
  // React escapes what it renders, and mail is plain text: escaping here would show "&amp;".
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  // Resources are inline: init is synchronous, so a sentence can be read straight after.
  initAsync: false,
};

/** Initialises the shared instance when nothing (the browser's setup) has yet. */
export function ensureI18n(): void {
  if (!i18n.isInitialized) void i18n.init(I18N_OPTIONS);
}

let resolver: () => string | null | undefined = () => i18n.resolvedLanguage ?? i18n.language;

/** Where the current locale comes from: the server's request context, or the browser's choice. */
export function setLocaleResolver(resolve: () => string | null | undefined): void {
  resolver = resolve;
}

/** The locale sentences are read in right now. */
export function currentLocale(): InterfaceLocale {
  const locale = resolver();
  if (isInterfaceLocale(locale)) return locale;
  const base = locale?.split('-')[0];
  return isInterfaceLocale(base) ? base : DEFAULT_LOCALE;
}

/** Every key of the English catalogue, dotted, with plural suffixes folded away. */
export type TextKey = KeyPaths<typeof en>;
type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${StripPlural<K>}`
    : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type StripPlural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

export type TextParams = Record<string, string | number>;

/** One sentence in the current locale. `count` picks the plural form. */
export function translate(key: TextKey, params?: TextParams): string {
  ensureI18n();
  return i18n.t(key, { ...params, lng: currentLocale() });
}
