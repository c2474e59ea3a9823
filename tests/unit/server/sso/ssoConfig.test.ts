import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';
import { issuerProblem, parseSsoProviders, ssoVariable } from '#server/sso/ssoConfig';

/** The school's providers from the environment (decision 050). */
describe('SSO configuration', () => {
  const keycloak = {
    SSO_PROVIDERS: 'keycloak, google-ws',
    SSO_KEYCLOAK_ISSUER: 'https://id.school.edu/realms/staff',
    SSO_KEYCLOAK_CLIENT_ID: 'chairtalk',
    SSO_KEYCLOAK_CLIENT_SECRET: 's3cret',
    SSO_KEYCLOAK_LABEL: 'School account',
    SSO_GOOGLE_WS_ISSUER: 'https://accounts.google.com',
    SSO_GOOGLE_WS_CLIENT_ID: 'id.apps.googleusercontent.com',
  };

  it('reads each listed provider, its label defaulting to its id and its secret optional', () => {
    expect(parseSsoProviders(keycloak)).toEqual({
      providers: [
        {
          id: 'keycloak',
          label: 'School account',
          issuer: 'https://id.school.edu/realms/staff',
          clientId: 'chairtalk',
          clientSecret: 's3cret',
          trustedDomains: [],
        },
        {
          id: 'google-ws',
          label: 'google-ws',
          issuer: 'https://accounts.google.com',
          clientId: 'id.apps.googleusercontent.com',
          clientSecret: null,
          trustedDomains: [],
        },
      ],
      problems: [],
    });
    expect(ssoVariable('google-ws', 'ISSUER')).toBe('SSO_GOOGLE_WS_ISSUER');
  });

  it.each([
    [
      { SSO_PROVIDERS: 'Bad_Id' },
      'SSO_PROVIDERS: "Bad_Id" must be lower case letters, digits and dashes (at most 40)',
    ],
    [{ SSO_PROVIDERS: 'a' }, 'SSO_A_ISSUER: required'],
    [{ SSO_PROVIDERS: 'a', SSO_A_ISSUER: 'https://x.example' }, 'SSO_A_CLIENT_ID: required'],
    [
      { SSO_PROVIDERS: 'a', SSO_A_ISSUER: 'http://x.example', SSO_A_CLIENT_ID: 'c' },
      'SSO_A_ISSUER: must be https:// (http:// only on localhost)',
    ],
    [
      { SSO_PROVIDERS: 'a,a', SSO_A_ISSUER: 'https://x.example', SSO_A_CLIENT_ID: 'c' },
      'SSO_PROVIDERS: "a" is listed twice',
    ],
    [
      {
        SSO_PROVIDERS: 'a',
        SSO_A_ISSUER: 'https://x.example',
        SSO_A_CLIENT_ID: 'c',
        SSO_A_TRUSTED_DOMAINS: 'school.edu, @school.edu',
      },
      'SSO_A_TRUSTED_DOMAINS: "@school.edu" is not a domain name',
    ],
  ])('names what is wrong: %j', (env, problem) => {
    expect(parseSsoProviders(env).problems).toContain(problem);
  });

  it('reads trusted domains in lower case, a list in any spacing', () => {
    const env = {
      SSO_PROVIDERS: 'entra',
      SSO_ENTRA_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
      SSO_ENTRA_CLIENT_ID: 'c',
      SSO_ENTRA_TRUSTED_DOMAINS: ' School.edu,dental.school.edu ,',
    };
    expect(parseSsoProviders(env).providers[0]?.trustedDomains).toEqual([
      'school.edu',
      'dental.school.edu',
    ]);
  });

  it.each([
    ['https://id.example/realms/x', null],
    ['http://localhost:8080/realms/x', null],
    ['http://127.0.0.1:4000', null],
    ['http://id.example', 'must be https:// (http:// only on localhost)'],
    ['https://id.example/?a=1', 'must have no query or fragment'],
    ['not a url', 'must be a URL'],
  ])('issuer %s: %j', (issuer, problem) => {
    expect(issuerProblem(issuer)).toBe(problem);
  });

  it('stops the start without PUBLIC_URL (the redirect URI is built on it), and lists none unset', () => {
    expect(() => loadConfig(keycloak)).toThrow(ConfigError);
    expect(() => loadConfig(keycloak)).toThrow(/PUBLIC_URL: required with SSO_PROVIDERS/);
    const config = loadConfig({ ...keycloak, PUBLIC_URL: 'https://chairtalk.school.edu/' });
    expect(config.sso.publicUrl).toBe('https://chairtalk.school.edu');
    expect(config.sso.providers.map((p) => p.id)).toEqual(['keycloak', 'google-ws']);
    expect(loadConfig({}).sso.providers).toEqual([]);
  });
});
