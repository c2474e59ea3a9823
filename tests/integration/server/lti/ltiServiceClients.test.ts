import { decodeProtectedHeader, generateKeyPair } from 'jose';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeToolKeys,
  startLtiPlatform,
  type FakeToolKeys,
  type LtiPlatform,
} from '../../../fixtures/ltiPlatform';
import { findOrCreateLineItem, listLineItems, postScore } from '#server/lti/agsClient';
import { AGS_SCOPE, LTI_MEDIA_TYPE, LTI_ROLE, NRPS_SCOPE, type Score } from '#server/lti/claims';
import { fetchMembers } from '#server/lti/nrpsClient';
import { createPlatformHttp } from '#server/lti/platformFetch';
import {
  LtiServiceError,
  ServiceTokenClient,
  type ServiceCallContext,
  type ServicePlatform,
} from '#server/lti/serviceToken';

/**
 * The tool's LTI service clients (server/lti/serviceToken, agsClient, nrpsClient) against the
 * test platform: real HTTP, real signatures, the platform's own checks.
 */

/** The test platform listens on 127.0.0.1 over http: the client of a server with LTI_ALLOW_HTTP. */
const localFetch = createPlatformHttp({ allowHttp: true }).fetch;

let platform: LtiPlatform;
let tool: FakeToolKeys;
let registration: ServicePlatform;

beforeAll(async () => {
  platform = await startLtiPlatform();
  tool = await startFakeToolKeys();
  platform.setTool({
    loginUrl: 'http://127.0.0.1:9/lti/login',
    launchUrl: 'http://127.0.0.1:9/lti/launch',
    jwksUrl: tool.jwksUrl,
  });
  registration = {
    tokenUrl: platform.tokenUrl,
    clientId: platform.clientId,
    signingKey: tool.signingKey,
  };
});

afterAll(async () => {
  await platform.close();
  await tool.close();
});

beforeEach(() => platform.reset());

function context(overrides: Partial<ServiceCallContext> = {}): ServiceCallContext {
  return {
    tokens: new ServiceTokenClient({ fetch: localFetch }),
    platform: registration,
    ...overrides,
  };
}

/** The LtiServiceError a promise rejects with (fails the test on anything else). */
async function serviceError(promise: Promise<unknown>): Promise<LtiServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LtiServiceError);
  return error as LtiServiceError;
}

const score = (userId: string, scoreGiven = 7): Score => ({
  userId,
  scoreGiven,
  scoreMaximum: 10,
  timestamp: '2026-11-28T07:00:00.000Z',
  activityProgress: 'Completed',
  gradingProgress: 'FullyGraded',
});

describe('service token (client credentials with a signed assertion)', () => {
  it('gets a token with an assertion the platform verifies, and caches it per scope set', async () => {
    const tokens = new ServiceTokenClient({ fetch: localFetch });
    const first = await tokens.token(registration, [AGS_SCOPE.score]);
    const again = await tokens.token(registration, [AGS_SCOPE.score]);
    const other = await tokens.token(registration, [AGS_SCOPE.lineItem, AGS_SCOPE.score]);

    expect(again.accessToken).toBe(first.accessToken);
    expect(other.accessToken).not.toBe(first.accessToken);
    expect(other.scopes.sort()).toEqual([AGS_SCOPE.lineItem, AGS_SCOPE.score].sort());
    expect(platform.tokens).toHaveLength(2);
    const [grant] = platform.tokens;
    expect(grant?.error).toBeNull();
    expect(grant?.assertion).toMatchObject({
      iss: platform.clientId,
      sub: platform.clientId,
      aud: platform.tokenUrl,
    });
    expect(grant?.assertion?.jti).toEqual(expect.any(String));
  });

  it('signs with RS256 under the key id the tool publishes', async () => {
    const assertion = await new ServiceTokenClient({ fetch: localFetch }).assertion(registration);
    expect(decodeProtectedHeader(assertion)).toMatchObject({
      alg: 'RS256',
      kid: tool.signingKey.kid,
    });
  });

  it('shares one request among concurrent callers', async () => {
    const tokens = new ServiceTokenClient({ fetch: localFetch });
    const got = await Promise.all(
      [1, 2, 3].map(() => tokens.token(registration, [AGS_SCOPE.score])),
    );
    expect(new Set(got.map((token) => token.accessToken)).size).toBe(1);
    expect(platform.tokens).toHaveLength(1);
  });

  it('renews a token shortly before it expires', async () => {
    let now = Date.parse('2026-11-28T07:00:00Z');
    const tokens = new ServiceTokenClient({
      fetch: localFetch,
      now: () => now,
      refreshMarginMs: 60_000,
    });
    const first = await tokens.token(registration, [AGS_SCOPE.score]);
    now += 3600_000 - 61_000;
    expect((await tokens.token(registration, [AGS_SCOPE.score])).accessToken).toBe(
      first.accessToken,
    );
    now += 2_000;
    expect((await tokens.token(registration, [AGS_SCOPE.score])).accessToken).not.toBe(
      first.accessToken,
    );
    expect(platform.tokens).toHaveLength(2);
  });

  it('is refused, not retryable, when the assertion is signed by a key outside the JWKS', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = { ...registration, signingKey: { kid: tool.signingKey.kid, privateKey } };
    const error = await serviceError(
      new ServiceTokenClient({ fetch: localFetch }).token(forged, [AGS_SCOPE.score]),
    );
    expect(error.reason).toBe('token_refused');
    expect(error.retryable).toBe(false);
    expect(platform.tokens[0]?.error).toBe('invalid_client');
  });

  it('is refused for an unknown client id', async () => {
    const stranger = { ...registration, clientId: 'someone-else' };
    const error = await serviceError(
      new ServiceTokenClient({ fetch: localFetch }).token(stranger, [AGS_SCOPE.score]),
    );
    expect(error.reason).toBe('token_refused');
  });

  it('reports a refused scope as not retryable', async () => {
    platform.setGrantableScopes(Object.values(AGS_SCOPE));
    const error = await serviceError(fetchMembers(context(), platform.membershipsUrl('course-1')));
    expect(error.reason).toBe('scope_refused');
    expect(error.retryable).toBe(false);
    expect(platform.tokens[0]?.error).toBe('invalid_scope');
  });

  it('turns a 5xx from the token endpoint into a retryable error', async () => {
    platform.queueFault({ endpoint: 'token', kind: 'status', status: 503, retryAfter: 7 });
    const error = await serviceError(
      new ServiceTokenClient({ fetch: localFetch }).token(registration, [AGS_SCOPE.score]),
    );
    expect(error).toMatchObject({ reason: 'unavailable', retryable: true });
    expect(error.details).toMatchObject({ status: 503, retryAfterSeconds: 7 });
  });
});

describe('AGS client', () => {
  it('posts a score the platform records, with the score media type', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 1', scoreMaximum: 10 });
    await postScore(context(), item.id, score('learner-1'));

    expect(platform.scores).toEqual([
      { courseId: 'course-1', lineItemId: item.id, score: score('learner-1') },
    ]);
    const posted = platform.requests.find((request) => request.path.endsWith('/scores'));
    expect(posted?.headers['content-type']).toBe(LTI_MEDIA_TYPE.score);
    expect(posted?.headers.authorization).toMatch(/^Bearer /);
  });

  it('finds the line item of a resource link, creating it only the first time', async () => {
    const wanted = {
      label: 'Case 2',
      scoreMaximum: 100,
      resourceLinkId: 'link-2',
      tag: 'chairtalk',
    };
    platform.createLineItem('course-1', { label: 'Other', scoreMaximum: 5, resourceLinkId: 'x' });
    const lineItemsUrl = platform.lineItemsUrl('course-1');

    const created = await findOrCreateLineItem(context(), lineItemsUrl, wanted);
    const found = await findOrCreateLineItem(context(), lineItemsUrl, wanted);

    expect(found).toEqual(created);
    expect(created).toMatchObject(wanted);
    expect(platform.lineItems('course-1')).toHaveLength(2);
    expect(await listLineItems(context(), lineItemsUrl, { resourceLinkId: 'link-2' })).toEqual([
      created,
    ]);
  });

  it('turns a 5xx into a retryable error, and the next post goes through', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 3', scoreMaximum: 10 });
    platform.queueFault({ endpoint: 'scores', kind: 'status', status: 502, times: 2 });
    const call = context();
    for (const _ of [1, 2]) {
      const error = await serviceError(postScore(call, item.id, score('learner-3')));
      expect(error).toMatchObject({ reason: 'unavailable', retryable: true });
      expect(error.details.status).toBe(502);
    }
    await postScore(call, item.id, score('learner-3'));
    expect(platform.scores).toHaveLength(1);
  });

  it('reports an unreachable platform as retryable', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 4', scoreMaximum: 10 });
    platform.queueFault({ endpoint: 'scores', kind: 'drop' });
    const error = await serviceError(postScore(context(), item.id, score('learner-4')));
    expect(error).toMatchObject({ reason: 'unreachable', retryable: true });
    expect(platform.scores).toHaveLength(0);
  });

  it('gives up on a platform that does not answer, as a retryable timeout', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 5', scoreMaximum: 10 });
    const call = context();
    // Token first, with no fault queued, so the short timeout below only meets the hang.
    await call.tokens.token(registration, [AGS_SCOPE.score]);
    platform.queueFault({ endpoint: 'scores', kind: 'hang' });
    const error = await serviceError(
      postScore({ ...call, timeoutMs: 200 }, item.id, score('learner-5')),
    );
    expect(error).toMatchObject({ reason: 'timeout', retryable: true });
  });

  it('waits for a slow platform within its timeout', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 6', scoreMaximum: 10 });
    platform.queueFault({ endpoint: 'scores', kind: 'delay', ms: 100 });
    await postScore(context({ timeoutMs: 20_000 }), item.id, score('learner-6'));
    expect(platform.scores).toHaveLength(1);
  });

  it('fetches a fresh token once when the platform revoked the cached one', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 7', scoreMaximum: 10 });
    const call = context();
    await postScore(call, item.id, score('learner-7', 1));
    platform.revokeTokens();
    await postScore(call, item.id, score('learner-7', 2));
    expect(platform.scores.map((recorded) => recorded.score.scoreGiven)).toEqual([1, 2]);
    expect(platform.tokens).toHaveLength(2);
  });

  it('refuses a line item URL that is not http(s) before sending anything', async () => {
    const error = await serviceError(postScore(context(), 'javascript:alert(1)', score('u')));
    expect(error).toMatchObject({ reason: 'bad_url', retryable: false });
    expect(platform.tokens).toHaveLength(0);
  });

  it('does not follow a redirect, which would carry its token elsewhere', async () => {
    const seen: (string | undefined)[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/scores`;
    const redirecting = createServer((req, res) => {
      res.writeHead(307, { location: target }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const lineItem = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/items/1`;
      const error = await serviceError(postScore(context(), lineItem, score('learner-r')));
      expect(error).toMatchObject({ reason: 'rejected', retryable: false });
      expect(error.details.status).toBe(307);
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it('reports a missing line item as not found, not retryable', async () => {
    const error = await serviceError(
      postScore(context(), `${platform.lineItemsUrl('course-1')}/999`, score('learner-8')),
    );
    expect(error).toMatchObject({ reason: 'not_found', retryable: false });
  });
});

describe('the platform checks what services are sent', () => {
  it('refuses a score under a token without the score scope (403)', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 9', scoreMaximum: 10 });
    const token = await new ServiceTokenClient({ fetch: localFetch }).token(registration, [
      AGS_SCOPE.lineItem,
    ]);
    const response = await fetch(`${item.id}/scores`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'content-type': LTI_MEDIA_TYPE.score,
      },
      body: JSON.stringify(score('learner-9')),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'insufficient_scope' });
  });

  it('refuses a score body that breaks the spec (400), and one without a token (401)', async () => {
    const item = platform.createLineItem('course-1', { label: 'Case 10', scoreMaximum: 10 });
    const token = await new ServiceTokenClient({ fetch: localFetch }).token(registration, [
      AGS_SCOPE.score,
    ]);
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(`${item.id}/scores`, { method: 'POST', headers, body: JSON.stringify(body) });
    const authorised = {
      authorization: `Bearer ${token.accessToken}`,
      'content-type': LTI_MEDIA_TYPE.score,
    };
    const { scoreMaximum: _dropped, ...withoutMaximum } = score('learner-10');
    expect((await post(withoutMaximum, authorised)).status).toBe(400);
    expect(
      (await post(score('learner-10'), { ...authorised, 'content-type': 'application/json' }))
        .status,
    ).toBe(400);
    expect((await post(score('learner-10'), { 'content-type': LTI_MEDIA_TYPE.score })).status).toBe(
      401,
    );
    expect(platform.scores).toHaveLength(0);
  });

  it('refuses a replayed client assertion', async () => {
    const assertion = await new ServiceTokenClient({ fetch: localFetch }).assertion(registration);
    const ask = () =>
      fetch(platform.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope: AGS_SCOPE.score,
        }),
      });
    expect((await ask()).status).toBe(200);
    const replay = await ask();
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('NRPS client', () => {
  const roster = Array.from({ length: 7 }, (_, index) => ({
    user_id: `user-${index + 1}`,
    roles: [index === 0 ? LTI_ROLE.instructor : LTI_ROLE.learner],
    name: `Member ${index + 1}`,
    email: `member${index + 1}@example.test`,
  }));

  it('follows Link rel="next" through every page', async () => {
    platform.setRoster('course-1', roster, { title: 'Course 1' });
    platform.setMembershipPageSize(3);
    const got = await fetchMembers(context(), platform.membershipsUrl('course-1'));

    expect(got.members.map((member) => member.user_id)).toEqual(roster.map((m) => m.user_id));
    expect(got.context).toEqual({ id: 'course-1', title: 'Course 1' });
    const pages = platform.requests.filter((request) => request.path.endsWith('/memberships'));
    expect(pages.map((page) => page.query.page ?? '1')).toEqual(['1', '2', '3']);
    expect(pages[0]?.headers.accept).toBe(LTI_MEDIA_TYPE.membershipContainer);
  });

  it('asks for one role only when told', async () => {
    platform.setRoster('course-1', roster);
    const got = await fetchMembers(context(), platform.membershipsUrl('course-1'), {
      role: LTI_ROLE.instructor,
    });
    expect(got.members.map((member) => member.user_id)).toEqual(['user-1']);
  });

  it('stops at the page limit rather than follow next links for ever', async () => {
    platform.setRoster('course-1', roster);
    platform.setMembershipPageSize(1);
    const error = await serviceError(
      fetchMembers(context(), platform.membershipsUrl('course-1'), { maxPages: 3 }),
    );
    expect(error).toMatchObject({ reason: 'bad_paging', retryable: false });
  });

  it('never sends its token to a next page on another origin', async () => {
    const seen: (string | undefined)[] = [];
    const foreign = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': LTI_MEDIA_TYPE.membershipContainer });
      res.end(JSON.stringify({ id: 'x', context: { id: 'c' }, members: [] }));
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
    const misleading = createServer((req, res) => {
      res.writeHead(200, {
        'content-type': LTI_MEDIA_TYPE.membershipContainer,
        link: `<${elsewhere}/steal>; rel="next"`,
      });
      res.end(JSON.stringify({ id: 'x', context: { id: 'c' }, members: [] }));
    });
    await new Promise<void>((resolve) => misleading.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(misleading.address() as AddressInfo).port}/memberships`;
      const error = await serviceError(fetchMembers(context(), url));
      expect(error.reason).toBe('bad_paging');
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => foreign.close(() => resolve()));
      await new Promise<void>((resolve) => misleading.close(() => resolve()));
    }
  });

  it('turns a 5xx on a later page into a retryable error', async () => {
    platform.setRoster('course-1', roster);
    platform.setMembershipPageSize(4);
    const call = context();
    await call.tokens.token(registration, [NRPS_SCOPE.contextMembershipReadOnly]);
    // Faults are taken in order: a delay of nothing lets page 1 through, page 2 fails.
    platform.queueFault(
      { endpoint: 'memberships', kind: 'delay', ms: 0 },
      { endpoint: 'memberships', kind: 'status', status: 500 },
    );
    const error = await serviceError(fetchMembers(call, platform.membershipsUrl('course-1')));
    expect(error).toMatchObject({ reason: 'unavailable', retryable: true });
  });
});
