import * as client from 'openid-client';
import type { SsoConfig } from '../config';
import type { Logger } from '../logger';
import type { SsoProviderConfig } from './ssoConfig';

/**
 * The configured OpenID providers (decision 050). Each is discovered at its first use, not at
 * start, so a provider that is down never stops the server: its button leads to a clear
 * "try again later" until it answers. A discovery that worked is kept for the process's life
 * (openid-client refetches the provider's keys itself when it meets a new key id); one that
 * failed is forgotten, so the next sign-in tries again.
 */
export interface SsoProviders {
  /** What the login page may show: ids and labels, never an issuer's secret. */
  list(): Array<{ id: string; label: string }>;
  get(id: string): SsoProviderConfig | null;
  /**
   * The configured issuers, as URLs write them (`https://host` and `https://host/` alike), to
   * compare with an identity's issuer passed through `normalIssuer`.
   */
  issuers(): Set<string>;
  /** The provider's discovered configuration; rejects when it cannot be reached. */
  configuration(provider: SsoProviderConfig): Promise<client.Configuration>;
  /** `<PUBLIC_URL>/api/auth/sso/<id>/callback`: the redirect URI registered at the provider. */
  redirectUri(provider: SsoProviderConfig): string;
}

/** A provider that does not answer in this long is reported as unreachable. */
const DISCOVERY_TIMEOUT_SECONDS = 10;

export function createSsoProviders(config: SsoConfig, logger: Logger): SsoProviders {
  const byId = new Map(config.providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, Promise<client.Configuration>>();

  const discover = async (provider: SsoProviderConfig) => {
    const issuer = new URL(provider.issuer);
    // ssoConfig.ts allows http only for an issuer on this machine.
    const insecure = issuer.protocol === 'http:';
    const configuration = await client.discovery(
      issuer,
      provider.clientId,
      provider.clientSecret ?? undefined,
      // client_secret_basic: the method OpenID Connect defaults to, and every provider takes.
      provider.clientSecret === null
        ? client.None()
        : client.ClientSecretBasic(provider.clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    configuration.timeout = DISCOVERY_TIMEOUT_SECONDS;
    return configuration;
  };

  return {
    list: () => config.providers.map(({ id, label }) => ({ id, label })),
    get: (id) => byId.get(id) ?? null,
    issuers: () => new Set(config.providers.map((provider) => normalIssuer(provider.issuer))),
    configuration(provider) {
      let pending = discovered.get(provider.id);
      if (!pending) {
        pending = discover(provider);
        discovered.set(provider.id, pending);
        pending.catch((error: unknown) => {
          discovered.delete(provider.id);
          logger.warn('sso.discovery_failed', { provider: provider.id, error });
        });
      }
      return pending;
    },
    redirectUri: (provider) => `${config.publicUrl}/api/auth/sso/${provider.id}/callback`,
  };
}

/** An issuer as URL writes it, so a trailing slash on a bare host does not tell two apart. */
export function normalIssuer(issuer: string): string {
  try {
    return new URL(issuer).href;
  } catch {
    return issuer;
  }
}
