import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ltiAllowHttpProblem } from '#server/config';

/**
 * LTI_ALLOW_HTTP in production (decision 051's addendum): refused unless the operator also sets
 * LTI_ALLOW_HTTP_IN_PRODUCTION=true, since it turns off the guard on LMS platform URLs.
 */
describe('LTI_ALLOW_HTTP and NODE_ENV', () => {
  const envs = ['development', 'test', 'production'] as const;
  const table = envs.flatMap((env) =>
    [false, true].flatMap((allowHttp) =>
      [false, true].map((acknowledged) => ({
        env,
        allowHttp,
        acknowledged,
        refused: env === 'production' && allowHttp && !acknowledged,
      })),
    ),
  );

  it.each(table)(
    'NODE_ENV=$env, LTI_ALLOW_HTTP=$allowHttp, acknowledged=$acknowledged: refused $refused',
    ({ env, allowHttp, acknowledged, refused }) => {
      const problem = ltiAllowHttpProblem({ env, allowHttp, acknowledged });
      expect(problem !== null).toBe(refused);

      const load = () =>
        loadConfig({
          NODE_ENV: env,
          ...(allowHttp ? { LTI_ALLOW_HTTP: 'true' } : {}),
          ...(acknowledged ? { LTI_ALLOW_HTTP_IN_PRODUCTION: 'true' } : {}),
        });
      if (refused) {
        expect(load).toThrow(ConfigError);
      } else {
        // Allowed: the flag is what was set, the acknowledgement changes nothing else.
        expect(load().lti.allowHttp).toBe(allowHttp);
      }
    },
  );

  it('names both variables in the startup error', () => {
    const load = () => loadConfig({ NODE_ENV: 'production', LTI_ALLOW_HTTP: 'yes' });
    expect(load).toThrow(/LTI_ALLOW_HTTP: refused with NODE_ENV=production/);
    expect(load).toThrow(/LTI_ALLOW_HTTP_IN_PRODUCTION=true/);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['', false],
    ['true', true],
    ['1', true],
  ])('LTI_ALLOW_HTTP_IN_PRODUCTION=%j acknowledges: %s', (value, acknowledges) => {
    const load = () =>
      loadConfig({
        NODE_ENV: 'production',
        LTI_ALLOW_HTTP: 'true',
        LTI_ALLOW_HTTP_IN_PRODUCTION: value,
      });
    if (acknowledges) expect(load().lti.allowHttp).toBe(true);
    else expect(load).toThrow(ConfigError);
  });

  it('refuses a value that is not a boolean', () => {
    expect(() => loadConfig({ LTI_ALLOW_HTTP_IN_PRODUCTION: 'sure' })).toThrow(
      /LTI_ALLOW_HTTP_IN_PRODUCTION/,
    );
  });
});
