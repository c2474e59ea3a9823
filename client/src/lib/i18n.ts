import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LOCALES, isInterfaceLocale, type InterfaceLocale } from '#shared/i18n/locales';
import { accountApi } from '#shared/api/account';
import { currentLocale, i18n, I18N_OPTIONS } from '#shared/i18n/translate';
import { callApi } from './api';

/**
 * The interface language in the browser (decision 049). The first visit follows the browser's
 * languages; a choice made since (the language select) is kept in localStorage and wins, and
 * once signed in the account's saved choice wins over both. `<html lang>` follows it, and every
 * API request names it (lib/api.ts), so the server answers in it too.
 */

/** Only a choice the person made is stored here: its presence means "chosen". */
export const LOCALE_STORAGE_KEY = 'chairtalk.locale';

function storedChoice(): InterfaceLocale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isInterfaceLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function remember(locale: InterfaceLocale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
}

const followHtmlLang = (locale: string) => {
  document.documentElement.lang = locale;
};

i18n.on('languageChanged', () => followHtmlLang(currentLocale()));

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ...I18N_OPTIONS,
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LOCALE_STORAGE_KEY,
      // The detector stores nothing itself: only a choice is stored (see `chooseLocale`).
      caches: [],
    },
    react: { useSuspense: false },
  });
followHtmlLang(currentLocale());

export { currentLocale };
export const interfaceLocales: readonly InterfaceLocale[] = INTERFACE_LOCALES;

/** The person chose a language (a language select): kept for their next visits. */
export async function chooseLocale(locale: InterfaceLocale): Promise<void> {
  remember(locale);
  await i18n.changeLanguage(locale);
}

/** Saves the language on the account: the server's answers and mail use it from now on. */
export async function saveAccountLocale(locale: InterfaceLocale): Promise<void> {
  await callApi(accountApi.language, { body: { locale } });
}

/**
 * Signed in: the account's saved language wins. Without one, a choice made before signing in
 * is the one to keep, and is saved on the account.
 */
export async function adoptAccountLocale(saved: InterfaceLocale | null): Promise<void> {
  if (saved !== null) {
    remember(saved);
    if (saved !== currentLocale()) await i18n.changeLanguage(saved);
    return;
  }
  const chosen = storedChoice();
  if (chosen !== null) await saveAccountLocale(chosen);
}
