import { createRemoteJWKSet, generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  parseAutoSubmitForm,
  startFakeToolKeys,
  startLtiPlatform,
  type FakeToolKeys,
  type LtiPlatform,
  type StartedLaunch,
} from '../../fixtures/ltiPlatform';
import {
  AGS_SCOPE,
  deepLinkingRequestSchema,
  LTI_CLAIM,
  LTI_MESSAGE_TYPE,
  LTI_ROLE,
  LTI_VERSION,
  resourceLinkRequestSchema,
} from '#server/lti/claims';

/**
 * The test platform's own launch flow over plain HTTP, with this file playing the tool: login
 * initiation, the tool's authentication request, the form_post answer, and an id_token that
 * verifies against the platform's JWKS; then each attack knob, and the deep-linking return.
 */

const TOOL = 'http://127.0.0.1:9';
const LAUNCH_URL = `${TOOL}/lti/launch`;

let platform: LtiPlatform;
let tool: FakeToolKeys;

beforeAll(async () => {
  platform = await startLtiPlatform({ deploymentIds: ['deployment-1', 'deployment-2'] });
  tool = await startFakeToolKeys();
  platform.setTool({ loginUrl: `${TOOL}/lti/login`, launchUrl: LAUNCH_URL, jwksUrl: tool.jwksUrl });
});

afterAll(async () => {
  await platform.close();
  await tool.close();
});

beforeEach(() => platform.reset());

const teacher = { sub: 'lms-user-1', name: 'Ana Ruiz', email: 'ana@example.test' };

/** What a tool does with the login initiation: its authentication request, as a URL. */
function authRequest(started: StartedLaunch, overrides: Record<string, string | undefined> = {}) {
  const login = new URL(started.loginUrl);
  const params: Record<string, string | undefined> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: login.searchParams.get('client_id') ?? '',
    redirect_uri: LAUNCH_URL,
    login_hint: login.searchParams.get('login_hint') ?? '',
    lti_message_hint: login.searchParams.get('lti_message_hint') ?? '',
    nonce: `nonce-${randomUUID()}`,
    state: `state-${randomUUID()}`,
    ...overrides,
  };
  const url = new URL(platform.authorizationUrl);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return { url: url.toString(), nonce: params.nonce, state: params.state };
}

async function verifyIdToken(idToken: string): Promise<JWTPayload> {
  const jwks = createRemoteJWKSet(new URL(platform.jwksUrl));
  const { payload } = await jwtVerify(idToken, jwks, {
    issuer: platform.issuer,
    audience: platform.clientId,
  });
  return payload;
}

/** Starts a launch and runs the tool's side up to the form the browser would post. */
async function launchForm(started: StartedLaunch) {
  const request = authRequest(started);
  const response = await fetch(request.url);
  expect(response.status).toBe(200);
  return { ...request, form: parseAutoSubmitForm(await response.text()) };
}

describe('resource-link launch', () => {
  it('starts third-party login at the tool with every parameter LTI names', () => {
    const started = platform.startLaunch({ user: teacher, roles: [LTI_ROLE.instructor] });
    const login = new URL(started.loginUrl);
    expect(`${login.origin}${login.pathname}`).toBe(`${TOOL}/lti/login`);
    expect(Object.fromEntries(login.searchParams)).toEqual({
      iss: platform.issuer,
      login_hint: teacher.sub,
      target_link_uri: LAUNCH_URL,
      lti_message_hint: started.id,
      client_id: platform.clientId,
      lti_deployment_id: 'deployment-1',
    });
  });

  it('answers a good authentication request with a form posting a verifiable id_token', async () => {
    const started = platform.startLaunch({
      user: teacher,
      roles: [LTI_ROLE.instructor],
      course: { id: 'perio-101', title: 'Periodontics' },
      resourceLink: { id: 'link-7', title: 'Scaling consult' },
      custom: { scenario: 'scaling' },
    });
    const response = await fetch(authRequest(started).url);
    const html = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('.submit()');

    const { form, nonce, state } = await launchForm(started);
    expect(form.action).toBe(LAUNCH_URL);
    expect(form.fields.state).toBe(state);
    const claims = resourceLinkRequestSchema.parse(await verifyIdToken(form.fields.id_token ?? ''));
    expect(claims.nonce).toBe(nonce);
    expect(claims.sub).toBe(teacher.sub);
    expect(claims.email).toBe(teacher.email);
    expect(claims[LTI_CLAIM.messageType]).toBe(LTI_MESSAGE_TYPE.resourceLink);
    expect(claims[LTI_CLAIM.version]).toBe(LTI_VERSION);
    expect(claims[LTI_CLAIM.deploymentId]).toBe('deployment-1');
    expect(claims[LTI_CLAIM.roles]).toEqual([LTI_ROLE.instructor]);
    expect(claims[LTI_CLAIM.context]).toMatchObject({ id: 'perio-101', title: 'Periodontics' });
    expect(claims[LTI_CLAIM.resourceLink]).toEqual({ id: 'link-7', title: 'Scaling consult' });
    expect(claims[LTI_CLAIM.custom]).toEqual({ scenario: 'scaling' });
    expect(claims[LTI_CLAIM.agsEndpoint]).toEqual({
      scope: Object.values(AGS_SCOPE),
      lineitems: platform.lineItemsUrl('perio-101'),
    });
    expect(claims[LTI_CLAIM.nrps]?.context_memberships_url).toBe(
      platform.membershipsUrl('perio-101'),
    );
  });

  it('leaves the service claims out when told', async () => {
    const started = platform.startLaunch({
      user: teacher,
      roles: [LTI_ROLE.learner],
      ags: false,
      nrps: false,
    });
    const { form } = await launchForm(started);
    const claims = await verifyIdToken(form.fields.id_token ?? '');
    expect(claims[LTI_CLAIM.agsEndpoint]).toBeUndefined();
    expect(claims[LTI_CLAIM.nrps]).toBeUndefined();
  });

  it.each([
    ['scope without openid', { scope: 'profile' }],
    ['another response type', { response_type: 'code' }],
    ['a response mode other than form_post', { response_mode: 'query' }],
    ['a prompt other than none', { prompt: 'login' }],
    ['another client id', { client_id: 'someone-else' }],
    ['an unregistered redirect_uri', { redirect_uri: 'http://127.0.0.1:9/elsewhere' }],
    ['another user as login_hint', { login_hint: 'lms-user-2' }],
    ['an unknown lti_message_hint', { lti_message_hint: 'launch-nope' }],
    ['no nonce', { nonce: undefined }],
  ])('refuses an authentication request with %s', async (_label, overrides) => {
    const started = platform.startLaunch({ user: teacher, roles: [LTI_ROLE.learner] });
    const response = await fetch(authRequest(started, overrides).url);
    expect(response.status).toBe(400);
    expect(platform.authorizations.at(-1)?.form).toBeNull();
    expect(platform.authorizations.at(-1)?.error).toEqual(expect.any(String));
  });

  it('accepts the authentication request as a POST too', async () => {
    const started = platform.startLaunch({ user: teacher, roles: [LTI_ROLE.learner] });
    const url = new URL(authRequest(started).url);
    const response = await fetch(platform.authorizationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: url.searchParams,
    });
    expect(response.status).toBe(200);
    expect(parseAutoSubmitForm(await response.text()).fields.id_token).toBeTruthy();
  });
});

describe('attack knobs', () => {
  const launch = (attack: NonNullable<Parameters<LtiPlatform['startLaunch']>[0]['attack']>) =>
    platform.startLaunch({ user: teacher, roles: [LTI_ROLE.learner], attack });

  it('signs with a foreign key under the real kid', async () => {
    const { form } = await launchForm(launch({ foreignKey: true }));
    await expect(verifyIdToken(form.fields.id_token ?? '')).rejects.toThrow(/signature/i);
  });

  it('issues an expired token', async () => {
    const { form } = await launchForm(launch({ expired: true }));
    await expect(verifyIdToken(form.fields.id_token ?? '')).rejects.toThrow(/exp/);
  });

  it('addresses the token to another audience', async () => {
    const { form } = await launchForm(launch({ audience: 'another-tool' }));
    await expect(verifyIdToken(form.fields.id_token ?? '')).rejects.toThrow(/aud/);
  });

  it('names another deployment in the token than at login', async () => {
    const started = launch({ deploymentId: 'deployment-9' });
    expect(started.loginParams.lti_deployment_id).toBe('deployment-1');
    const { form } = await launchForm(started);
    const claims = await verifyIdToken(form.fields.id_token ?? '');
    expect(claims[LTI_CLAIM.deploymentId]).toBe('deployment-9');
  });

  it('replays the previous nonce', async () => {
    const first = await launchForm(launch({}));
    const { form, nonce } = await launchForm(launch({ nonce: 'previous' }));
    const claims = await verifyIdToken(form.fields.id_token ?? '');
    expect(claims.nonce).toBe(first.nonce);
    expect(claims.nonce).not.toBe(nonce);
  });

  it('drops or alters the state', async () => {
    const dropped = await launchForm(launch({ state: 'drop' }));
    expect(dropped.form.fields).not.toHaveProperty('state');
    const altered = await launchForm(launch({ state: 'alter' }));
    expect(altered.form.fields.state).toBeTruthy();
    expect(altered.form.fields.state).not.toBe(altered.state);
  });

  it('removes or replaces any claim', async () => {
    const { form } = await launchForm(
      launch({ claims: { [LTI_CLAIM.version]: undefined, [LTI_CLAIM.roles]: ['Instructor'] } }),
    );
    const claims = await verifyIdToken(form.fields.id_token ?? '');
    expect(claims).not.toHaveProperty(LTI_CLAIM.version);
    expect(claims[LTI_CLAIM.roles]).toEqual(['Instructor']);
    expect(resourceLinkRequestSchema.safeParse(claims).success).toBe(false);
  });
});

describe('deep linking', () => {
  async function deepLinkingClaims(deploymentId?: string) {
    const started = platform.startDeepLinking({
      user: teacher,
      roles: [LTI_ROLE.instructor],
      course: { id: 'endo-201', title: 'Endodontics' },
      ...(deploymentId === undefined ? {} : { deploymentId }),
    });
    const { form } = await launchForm(started);
    return deepLinkingRequestSchema.parse(await verifyIdToken(form.fields.id_token ?? ''));
  }

  /** The tool's LtiDeepLinkingResponse, signed with the tool's key unless told otherwise. */
  async function response(
    request: Awaited<ReturnType<typeof deepLinkingClaims>>,
    overrides: JWTPayload = {},
    key = tool.signingKey,
  ): Promise<string> {
    const settings = request[LTI_CLAIM.deepLinkingSettings];
    const payload: JWTPayload = {
      iss: platform.clientId,
      aud: platform.issuer,
      nonce: `dl-${randomUUID()}`,
      [LTI_CLAIM.messageType]: LTI_MESSAGE_TYPE.deepLinkingResponse,
      [LTI_CLAIM.version]: LTI_VERSION,
      [LTI_CLAIM.deploymentId]: request[LTI_CLAIM.deploymentId],
      [LTI_CLAIM.data]: settings.data,
      [LTI_CLAIM.contentItems]: [
        {
          type: 'ltiResourceLink',
          title: 'Scaling consult',
          url: LAUNCH_URL,
          custom: { scenario: 'scaling' },
          lineItem: { scoreMaximum: 100, label: 'Scaling consult', tag: 'chairtalk' },
        },
      ],
      ...overrides,
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);
  }

  async function postBack(jwt: string) {
    return fetch(platform.deepLinkReturnUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: jwt }),
    });
  }

  it('sends the deep-linking settings with a return URL and data', async () => {
    const claims = await deepLinkingClaims();
    expect(claims[LTI_CLAIM.messageType]).toBe(LTI_MESSAGE_TYPE.deepLinkingRequest);
    expect(claims[LTI_CLAIM.deepLinkingSettings]).toMatchObject({
      deep_link_return_url: platform.deepLinkReturnUrl,
      accept_types: ['ltiResourceLink'],
      accept_lineitem: true,
      data: expect.any(String),
    });
  });

  it('places the returned items and creates the line item one carries', async () => {
    const claims = await deepLinkingClaims();
    const answer = await postBack(await response(claims));
    expect(answer.status).toBe(200);
    const [record] = platform.deepLinkReturns;
    expect(record?.error).toBeNull();
    expect(record?.contentItems).toHaveLength(1);
    expect(record?.placedLinks[0]).toMatchObject({
      courseId: 'endo-201',
      item: { title: 'Scaling consult', custom: { scenario: 'scaling' } },
    });
    const [lineItem] = platform.lineItems('endo-201');
    expect(lineItem).toMatchObject({
      label: 'Scaling consult',
      scoreMaximum: 100,
      tag: 'chairtalk',
      resourceLinkId: record?.placedLinks[0]?.resourceLinkId,
    });
  });

  it('launches a placed link with its own line item in the AGS claim', async () => {
    const claims = await deepLinkingClaims();
    expect((await postBack(await response(claims))).status).toBe(200);
    const placed = platform.deepLinkReturns[0]?.placedLinks[0];
    const started = platform.startLaunch({
      user: { sub: 'lms-user-2' },
      roles: [LTI_ROLE.learner],
      course: { id: 'endo-201' },
      resourceLink: { id: placed?.resourceLinkId ?? '' },
      custom: placed?.item.custom ?? {},
    });
    const { form } = await launchForm(started);
    const launched = resourceLinkRequestSchema.parse(
      await verifyIdToken(form.fields.id_token ?? ''),
    );
    expect(launched[LTI_CLAIM.agsEndpoint]?.lineitem).toBe(placed?.lineItem?.id);
    expect(launched[LTI_CLAIM.custom]).toEqual({ scenario: 'scaling' });
  });

  it.each([
    ['a key outside the tool JWKS', 'foreign-key'],
    ['another audience', 'audience'],
    ['another issuer', 'issuer'],
    ['another deployment than the launch', 'deployment'],
    ['altered data', 'data'],
    ['the request message type', 'message-type'],
  ])('refuses a response with %s', async (_label, fault) => {
    const claims = await deepLinkingClaims();
    const foreign = {
      kid: tool.signingKey.kid,
      privateKey: (await generateKeyPair('RS256')).privateKey,
    };
    const overrides: Record<string, JWTPayload> = {
      'foreign-key': {},
      audience: { aud: 'https://elsewhere.example' },
      issuer: { iss: 'someone-else' },
      deployment: { [LTI_CLAIM.deploymentId]: 'deployment-2' },
      data: { [LTI_CLAIM.data]: 'tampered' },
      'message-type': { [LTI_CLAIM.messageType]: LTI_MESSAGE_TYPE.deepLinkingRequest },
    };
    const jwt = await response(
      claims,
      overrides[fault],
      fault === 'foreign-key' ? foreign : tool.signingKey,
    );
    const answer = await postBack(jwt);
    expect(answer.status).toBe(400);
    expect(platform.deepLinkReturns[0]?.error).toEqual(expect.any(String));
    expect(platform.lineItems('endo-201')).toEqual([]);
  });

  it('refuses a response whose nonce was used before', async () => {
    const claims = await deepLinkingClaims();
    const nonce = `dl-${randomUUID()}`;
    expect((await postBack(await response(claims, { nonce }))).status).toBe(200);
    expect((await postBack(await response(claims, { nonce }))).status).toBe(400);
    expect(platform.deepLinkReturns[1]?.error).toMatch(/nonce/);
  });
});

describe('host name', () => {
  it('can name itself localhost, another site than a tool on 127.0.0.1', async () => {
    const elsewhere = await startLtiPlatform({ hostname: 'localhost' });
    try {
      expect(elsewhere.issuer).toMatch(/^http:\/\/localhost:\d+$/);
      expect(elsewhere.jwksUrl.startsWith(elsewhere.issuer)).toBe(true);
      const jwks = (await (await fetch(elsewhere.jwksUrl)).json()) as { keys: unknown[] };
      expect(jwks.keys).toHaveLength(1);
    } finally {
      await elsewhere.close();
    }
  });
});
