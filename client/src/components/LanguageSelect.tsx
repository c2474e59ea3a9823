import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, isInterfaceLocale, type InterfaceLocale } from '#shared/i18n/locales';
import { COMMON_TEXT } from '#shared/text';
import { chooseLocale, currentLocale, interfaceLocales } from '../lib/i18n';

interface LanguageSelectProps {
  /** After the interface has switched (the account page saves the choice on the account). */
  onChosen?: (locale: InterfaceLocale) => void;
  className?: string;
  /** A label of the page's own, or the plain "Language". */
  label?: string;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * The interface language (decision 049): each language named in itself, so someone lost in
 * the wrong one still finds their own. Switching re-renders the page in place.
 */
export function LanguageSelect({
  onChosen,
  className,
  label,
  describedBy,
  disabled,
}: LanguageSelectProps) {
  useTranslation();
  const id = useId();
  return (
    <div className={['language-select', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label ?? COMMON_TEXT.languageLabel}</label>
      <select
        id={id}
        value={currentLocale()}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isInterfaceLocale(locale)) return;
          void chooseLocale(locale).then(() => onChosen?.(locale));
        }}
      >
        {interfaceLocales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
