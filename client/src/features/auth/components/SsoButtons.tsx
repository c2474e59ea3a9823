import { useEffect, useState } from 'react';
import type { SsoProvider } from '#shared/api/sso';
import { SSO_TEXT } from '#shared/text';
import { listSsoProviders, ssoStartUrl } from '../api/ssoProviders';

/**
 * One button per school sign-in the server offers (decision 050), above the password form;
 * nothing at all while the list loads, when it fails, or when there is none. Each is a link:
 * the browser leaves for the provider and comes back signed in (or to /login with an error).
 */
export function SsoButtons() {
  const [providers, setProviders] = useState<SsoProvider[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    listSsoProviders()
      .then((list) => {
        if (!controller.signal.aborted) setProviders(list);
      })
      // The password form is still there: a failed list only hides the buttons.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (providers.length === 0) return null;
  return (
    <section className="sso" aria-label={SSO_TEXT.providersLabel}>
      <ul className="sso__list">
        {providers.map((provider) => (
          <li key={provider.id}>
            <a className="button button--secondary button--block" href={ssoStartUrl(provider)}>
              {SSO_TEXT.signInWith(provider.label)}
            </a>
          </li>
        ))}
      </ul>
      <p className="sso__divider" aria-hidden="true">
        <span>{SSO_TEXT.orDivider}</span>
      </p>
    </section>
  );
}
