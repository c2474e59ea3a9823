import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_RUNS } from '../../../helpers/propertyRuns';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { z } from 'zod';
import { useTestServer } from '../../../helpers/useTestServer';
import { HttpClient, signedInClient, uniqueEmail } from '../../../helpers/httpClient';
import { RawSocket } from '../../../helpers/rawSocket';
import { listApiRoutes, listContractRoutes, type ApiRoute } from '../../../helpers/apiRoutes';
import { accountResponse, linkSent } from '#shared/api/account';
import { invitesSent, reminderSetting } from '#shared/api/courseMail';
import { recordingSettingResponse } from '#shared/api/myData';
import { passwordResetRequested, userResponse } from '#shared/api/auth';
import { ssoLinkResponse, ssoProvidersResponse } from '#shared/api/sso';
import { startOidcProvider } from '../../../fixtures/oidcProvider';
import { conversationDetailResponse } from '#shared/api/conversations';
import { historyResponse } from '#shared/api/history';
import { progressResponse } from '#shared/api/progress';
import { scenarioResponse, scenariosResponse } from '#shared/api/scenarios';
import { feedbackSchema } from '#shared/feedback';
import { conversationSchema } from '#shared/conversation';
import { LANGUAGE_CODES } from '#shared/languages';
import {
  authoredScenarioResponse,
  authoredScenarioSummarySchema,
  translatedScenarioResponse,
  updatedScenarioResponse,
} from '#shared/api/authoring';
import { scenarioFileSchema } from '#shared/scenarioSeed';
import { customSeed } from '../../../helpers/customScenario';
import {
  classSummaryResponse,
  cohortSchema,
  memberConversationsResponse,
  myOrganisationsResponse,
  organisationSchema,
  trainerConversationResponse,
} from '#shared/api/organisations';
import { turnCommentSchema } from '#shared/review';
import {
  failedPassbacksResponse,
  ltiSetupResponse,
  platformSchema,
  rosterSyncResponse,
} from '#shared/api/lti';
import { deepLinkPickerResponse, deepLinkSendResponse } from '#shared/api/ltiDeepLinks';
import { insertDeepLink } from '#server/db/ltiDeepLinks';

/**
 * Property tests over every /api route: PROPERTY_RUNS generated requests each (wrong types, huge
 * strings, unicode, missing and extra fields, odd JSON, malformed JSON text, odd path ids, odd
 * query strings, odd headers and cookies). Whatever arrives: never a 5xx, every 4xx a JSON
 * `{error: {code, message}}` a person can read, and a refused request stores nothing.
 */

const BODY_LIMIT = 64 * 1024;
const PASSWORD = 'correct horse battery';

// ---------------------------------------------------------------------------------------------
// A raw HTTP client: paths, bodies and headers go out exactly as generated.

interface RawRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        agent,
        headers: {
          ...(request.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(request.body)) }
            : {}),
          ...request.headers,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(parts).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

// ---------------------------------------------------------------------------------------------
// Generators.

/** encodeURIComponent for any string (a lone surrogate becomes U+FFFD instead of throwing). */
const encode = (value: string) => encodeURIComponent(Buffer.from(value).toString());

/** Strings people and attackers type: unicode, control characters, markup, SQL, nothing. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  '\t\n',
  '\u0000',
  '\u202e\u0041',
  '\ud800',
  '😀'.repeat(20),
  'é'.normalize('NFD'),
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  '{"$ne":null}',
  'a@b',
  'a@b.c',
);

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: nastyString },
);

/** Up to ~100 KB in one string, so a body can reach past the 64 KB limit. */
const hugeString = fc
  .tuple(fc.integer({ min: 200, max: 100_000 }), fc.constantFrom('x', 'é', '😀', ' ', '"'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length / 2)));

/** An ISO date and time in any year JavaScript can write, extended (±YYYYYY) past 0..9999. */
const isoOfYear = (year: number) => {
  const digits = String(Math.abs(year));
  const written =
    year >= 0 && year <= 9999
      ? digits.padStart(4, '0')
      : `${year < 0 ? '-' : '+'}${digits.padStart(6, '0')}`;
  return `${written}-06-15T12:00:00Z`;
};

/**
 * Dates at the edges: years PostgreSQL has no room for (0, negative, past 294276) or JavaScript
 * cannot hold, a day that does not exist, NUL inside, and plausible ones around them.
 */
const edgeDate = fc.oneof(
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '+275760-09-13T00:00:00.001Z',
    '9999-12-31T23:59:59Z',
    '1969-12-31T23:59:59.999Z',
    '2026-02-29T00:00:00Z',
    '2026-06-01T00:00:00\u0000Z',
    '\u0000',
    '2026-06-01',
    '2026-06-01T00:00:00+99:99',
  ),
  fc.integer({ min: -300_000, max: 300_000 }).map(isoOfYear),
  fc.integer({ min: 1990, max: 2210 }).map(isoOfYear),
);

/** Numbers at the edges of what JSON, JavaScript and PostgreSQL's integer hold. */
const edgeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e-300,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    Number.MAX_VALUE,
  ),
  fc.double({ noNaN: true }),
);

const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const fieldValue = (...likely: Array<fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...likely) },
    { weight: 2, arbitrary: oddValue },
    { weight: 1, arbitrary: hugeString },
  );

/** An object with the route's fields (plausible or odd values), some missing, perhaps extra ones. */
function objectBody(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.record(fields) },
        { weight: 2, arbitrary: fc.record(fields, { requiredKeys: [] }) },
      ),
      fc.oneof(
        { weight: 5, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(text, oddValue, { minKeys: 1, maxKeys: 3 }) },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Every path to a value that is not an object or array: `['extras', 'lines', 'neutral', 0]`. */
function leafPaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

/** A copy of `value` with the leaf at `path` replaced. */
function setLeaf<T>(value: T, path: readonly PropertyKey[], leaf: unknown): T {
  const copy = structuredClone(value) as Record<PropertyKey, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<PropertyKey, unknown>;
  at[path.at(-1)!] = leaf;
  return copy as T;
}

const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    "{'a': 1}",
    '{"a": 1,}',
    '[1, 2',
    'nul',
    'tru',
    '{"a": NaN}',
    '{"a": undefined}',
    '\u0000',
    '{"a":"\\x41"}',
    '{"__proto__": {"admin": true}}',
    '"just a string"',
    '42',
    'null',
    '',
    ' ',
    '\ufeff{}',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** The body as sent: JSON of a value, or text that is not JSON at all, or far too much of it. */
function bodyText(object: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: object.map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: oddValue.map((value) => JSON.stringify(value) ?? '') },
    { weight: 3, arbitrary: malformedJson },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 36_000 })
        .map((size) => JSON.stringify({ padding: 'x'.repeat(size) })),
    },
  );
}

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=UTF-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',

      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/json; boundary',
      '*/*',
      ';;;',
    ),
  },
);

const contentEncoding = fc.oneof(
  { weight: 20, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'x-unknown', 'gzip, gzip'),
  },
);

type CookieChoice = 'valid' | 'none' | string;

/** Mostly the signed-in user's cookie; sometimes none, or one that is no good. */
const cookie = fc.oneof(
  { weight: 12, arbitrary: fc.constant<CookieChoice>('valid') },
  { weight: 1, arbitrary: fc.constant<CookieChoice>('none') },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        'chairtalk_session=',
        'chairtalk_session=%E0%A4%A',
        'chairtalk_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        'chairtalk_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        'chairtalk_session',
        '=;=;=',
        `chairtalk_session=${'a'.repeat(4000)}`,
      ),
      fc.string({ maxLength: 60 }).map((value) => `chairtalk_session=${encode(value)}`),
    ),
  },
);

const origin = fc.oneof(
  { weight: 10, arbitrary: fc.constant<'none' | 'own' | string>('none') },
  { weight: 2, arbitrary: fc.constant('own') },
  { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', 'not a url', '') },
);

interface HeaderChoice {
  contentType: string;
  contentEncoding: string | undefined;
  cookie: CookieChoice;
  origin: string;
}

const PLAIN_HEADERS: HeaderChoice = {
  contentType: 'application/json',
  contentEncoding: undefined,
  cookie: 'valid',
  origin: 'none',
};

const headerChoice: fc.Arbitrary<HeaderChoice> = fc.record({
  contentType,
  contentEncoding,
  cookie,
  origin,
});

/** A path segment: a real id (the user's or someone else's), a random uuid, or anything. */
function pathId(ids: () => string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: text.map(encode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%',
        '%E0%A4%A',
        '%ZZ',
        '%00',
        '%2F',
        '..',
        '.',
        '%2e%2e',
        'null',
        '0',
        '-1',
        'a'.repeat(5000),
        `${randomUUID()}%00`,
        randomUUID().toUpperCase(),
        `{${randomUUID()}}`,
        randomUUID().replaceAll('-', ''),
        '%F0%9F%98%80',
      ),
    },
  );
}

/** A query string: known keys with odd values, unknown keys, repeats, broken escapes. */
function queryString(keys: Record<string, fc.Arbitrary<string>>) {
  const pair = fc.oneof(
    ...Object.entries(keys).map(([key, value]) => value.map((v) => `${key}=${encode(v)}`)),
    text.map((key) => `${encode(key)}=x`),
    fc.constantFrom('%', '%E0%A4%A=1', '&&', '=', 'a[b]=1', 'limit[]=1', 'before[0]=x', '?'),
  );
  return fc
    .array(pair, { maxLength: 4 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));
}

/** The body of a route that reads none: usually empty, sometimes anything at all. */
const ignoredBody = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', '{}', '[]', '{"extra":true}') },
  { weight: 3, arbitrary: bodyText(oddValue) },
);

// ---------------------------------------------------------------------------------------------

/** The tables whose row counts every request is checked against. */
const COUNTED = [
  'users',
  'user_sessions',
  'conversation_sessions',
  'messages',
  'feedback',
  'scenarios',
  'organisations',
  'cohorts',
  'cohort_memberships',
  'cohort_invites',
  'cohort_assignments',
  'score_overrides',
  'skill_overrides',
  'turn_comments',
  'email_verifications',
  'lti_platforms',
] as const;

type Counts = Record<(typeof COUNTED)[number], number>;

type Diff = { [K in keyof Counts]: number };

interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  /** Content types tried instead of the JSON-leaning default (a route that reads SDP). */
  contentTypes?: fc.Arbitrary<string>;
  /** The path (with any id and query) and, for POST, the body. */
  input: fc.Arbitrary<{ path: string; body?: string }>;
  /** Answers a 2xx must match (for some routes it depends on the path). */
  ok?: z.ZodType | ((path: string) => z.ZodType);
  /** Inputs always tried first (with plain headers): cases that once found a bug. */
  examples?: Array<{ path: string; body?: string }>;
  /** Whether a 2xx may have changed the stored rows this way. */
  allowed(status: number, diff: Diff): boolean;
  /** Fewer than PROPERTY_RUNS requests, for a route whose every answer reads the whole account. */
  runs?: number;
  /** A DELETE that reads a JSON body (deleting the account): sent with content headers too. */
  deleteWithBody?: boolean;
}

/** A route's inputs, with a content type drawn from its own list when it has one. */
function withContentType(
  spec: RouteSpec,
): fc.Arbitrary<{ path: string; body?: string; contentType?: string }> {
  if (!spec.contentTypes) return spec.input;
  return fc
    .tuple(spec.input, spec.contentTypes)
    .map(([input, contentType]) => ({ ...input, contentType }));
}

const OFFER =
  'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n';

/** What might arrive as an SDP offer: a real one, one spoiled, a huge one, or anything. */
const sdpBody = fc.oneof(
  { weight: 3, arbitrary: fc.constant(OFFER) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map((junk) => `${OFFER}a=${junk}\r\n`) },
  { weight: 1, arbitrary: fc.constant(`${OFFER}${'a=x\r\n'.repeat(8_000)}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '{}', 'v=0', 'm=audio 9', OFFER.replace('v=0', 'v=1')),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
);

const unchanged = (_status: number, diff: Diff) => Object.values(diff).every((n) => n === 0);
const only = (expected: Partial<Diff>) => (_status: number, diff: Diff) =>
  Object.entries(diff).every(([table, n]) => n === (expected[table as keyof Counts] ?? 0));

// A provider that answers, for linking (decision 050's addendum): its flow begins for real.
const campus = await startOidcProvider({
  redirectUris: ['http://chairtalk.test/api/auth/sso/campus/callback'],
});
afterAll(() => campus.close());

describe('every /api route under generated requests', () => {
  const { server, testDb: t } = useTestServer('pglite', {
    env: {
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://chairtalk.test',
      ...campus.env('campus', 'Campus'),
      SSO_PROVIDERS: 'school,campus',
      SSO_SCHOOL_ISSUER: 'http://127.0.0.1:9',
      SSO_SCHOOL_CLIENT_ID: 'chairtalk',
    },
    // Sign-in throttling is off here: a thousand attempts from one address (many of them wrong
    // passwords for the user's email) would otherwise all be refused before their input is
    // stored (sign-up) or checked (sign-in).
    start: {
      throttle: {
        attemptsPerAddress: 1_000_000,
        failuresBeforeBackoff: 1_000_000,
        accountFailuresPerHour: 1_000_000,
      },
      // Likewise joining: wrong codes would soon make every join wait, the right ones too.
      joinThrottle: { failuresBeforeBackoff: 1_000_000 },
    },
  });
  let user: HttpClient;
  let email: string;
  let scenarioIds: string[] = [];
  let ownIds: string[] = [];
  /** The clinician turns of the user's longer conversation, for branching. */
  let turnIds: string[] = [];
  let foreignIds: string[] = [];
  /** Organisation, cohort and invite ids of the user's course and of someone else's. */
  const courseIds: string[] = [];
  const inviteCodes: string[] = [];
  /** An assignment of the user's cohort and one of someone else's. */
  const assignmentIds: string[] = [];
  /** An LMS registration of the user's organisation and one of someone else's (051). */
  const platformIds: string[] = [];
  /** Deep-linking requests (051): three of the user's, on their course, and one of someone else's. */
  const deepLinkIds: string[] = [];
  /** A member of the user's cohort: their conversation (the user trains them) and its messages. */
  const memberIds: string[] = [];
  /** The member's own user id, and the user's (never a member): ids the member routes take. */
  const memberUsers: string[] = [];
  let counts: Counts;

  const countRows = async (): Promise<Counts> => {
    const [row] = await t.db.query<Counts>(
      `SELECT ${COUNTED.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(', ')}`,
    );
    return row!;
  };

  beforeAll(async () => {
    email = uniqueEmail('fuzz');
    user = new HttpClient(server.url);
    await user.post('/api/auth/sign-up', { email, password: PASSWORD, fullName: 'Dr Fuzz' });
    const other = await signedInClient(server.url, 'Someone Else');
    scenarioIds = (await user.get('/api/scenarios')).body.scenarios.map(
      (s: { id: string }) => s.id,
    );
    // The user's conversations: one just opened (too short to grade), one long enough to end.
    const short = await user.post('/api/conversations', { scenarioId: scenarioIds[0] });
    const ready = await user.post('/api/conversations', { scenarioId: scenarioIds[1] });
    const socket = (
      await RawSocket.connect(server.url, ready.body.session.id, { cookie: user.cookie })
    ).socket!;
    for (const line of ['What worries you most?', 'Tell me more about that.']) {
      const from = socket.frames.length;
      socket.send({ type: 'turn', clientId: randomUUID(), text: line, stream: false });
      await socket.waitFor((f) => f.type === 'reply_done', from);
    }
    turnIds = socket.frames.flatMap((f) => (f?.type === 'turn_stored' ? [f.message.id] : []));
    await socket.close();
    const foreign = await other.post('/api/conversations', { scenarioId: scenarioIds[0] });
    const mine = await user.post('/api/authoring/scenarios', { scenario: customSeed() });
    const practised = await user.post('/api/authoring/scenarios', { scenario: customSeed() });
    await user.post('/api/conversations', { scenarioId: practised.body.summary.id });
    const theirs = await other.post('/api/authoring/scenarios', { scenario: customSeed() });
    ownIds = [
      short.body.session.id,
      ready.body.session.id,
      mine.body.summary.id,
      practised.body.summary.id,
    ];
    foreignIds = [foreign.body.session.id, theirs.body.summary.id];
    for (const trainer of [user, other]) {
      const org = (await trainer.post('/api/organisations', { name: 'School' })).body.id;
      const cohort = (await trainer.post(`/api/organisations/${org}/cohorts`, { name: 'Y1' })).body
        .id;
      const invite = (await trainer.post(`/api/organisations/cohorts/${cohort}/invites`, {})).body;
      const assigned = await trainer.post(`/api/organisations/cohorts/${cohort}/assignments`, {
        scenarioId: scenarioIds[3],
      });
      courseIds.push(org, cohort, invite.id);
      inviteCodes.push(invite.code);
      const issuer = `https://lms-${randomUUID().slice(0, 8)}.example`;
      const platform = await trainer.post(`/api/organisations/${org}/lti/platforms`, {
        issuer,
        clientId: 'client',
        authUrl: `${issuer}/auth`,
        jwksUrl: `${issuer}/jwks`,
        tokenUrl: `${issuer}/token`,
        deploymentIds: ['1'],
      });
      platformIds.push(platform.body.id);
      assignmentIds.push(assigned.body.id);
      const trainerId = (await trainer.get('/api/auth/me')).body.user.id as string;
      for (let made = 0; made < (trainer === user ? 3 : 1); made++) {
        deepLinkIds.push(
          await insertDeepLink(t.db, {
            platformId: platform.body.id,
            deploymentId: '1',
            cohortId: cohort,
            userId: trainerId,
            settings: {
              deep_link_return_url: `${issuer}/deep-link-return`,
              accept_types: ['ltiResourceLink'],
              accept_presentation_document_targets: ['window'],
            },
            expiresAt: new Date(Date.now() + 3_600_000),
          }),
        );
      }
    }
    const member = await signedInClient(server.url, 'Dr Member');
    await member.post('/api/organisations/join', { code: inviteCodes[0] });
    const practisedByMember = await member.post('/api/conversations', {
      scenarioId: scenarioIds[2],
    });
    const memberConversation = practisedByMember.body.session.id as string;
    const memberMessages = await t.db.query<{ id: string }>(
      'SELECT id FROM messages WHERE session_id = $1',
      [memberConversation],
    );
    memberIds.push(memberConversation, ...memberMessages.map((m) => m.id));
    memberUsers.push(
      (await member.get('/api/auth/me')).body.user.id,
      (await user.get('/api/auth/me')).body.user.id,
    );
  });
  afterAll(() => {
    agent.destroy();
  });

  const ids = () => [...ownIds, ...foreignIds, ...scenarioIds];
  const id = pathId(ids);
  const emailish = fc.oneof(
    { weight: 3, arbitrary: fc.constant(null).map(() => uniqueEmail('gen')) },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.constantFrom('', 'a@b', '@example.com', 'UPPER@EXAMPLE.COM') },
    { weight: 1, arbitrary: text.map((s) => `${s}@example.com`) },
  );
  const password = fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 8, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 7 }) },
    { weight: 1, arbitrary: fc.string({ minLength: 120, maxLength: 140 }) },
  );

  /**
   * A valid scenario with one field, however deep, replaced: by text people and attackers
   * type (NUL, a direction override, markup), by far too much of it, or by something not text.
   * Issue 22 found a NUL in any field answered with a 500.
   */
  const spoiledSeed = fc
    .tuple(
      fc.nat(),
      fc.oneof(
        nastyString,
        text.map((value) => `${value}\u0000`),
        fc.constantFrom('\u001b[2J', 'a\u202eb', 'line\nbreak', 'x'.repeat(2500)),
        oddValue,
      ),
    )
    .map(([pick, value]) => {
      const seed = customSeed();
      const paths = leafPaths(seed);
      return setLeaf(seed, paths[pick % paths.length]!, value);
    });

  /** A scenario body: mostly a valid one (so saves happen), else fields plausible or odd. */
  const scenarioBody = bodyText(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(null).map(() => ({ scenario: customSeed() })) },
      { weight: 2, arbitrary: spoiledSeed.map((scenario) => ({ scenario })) },
      {
        weight: 2,
        arbitrary: fc.constant(null).map(() => ({
          scenario: { ...customSeed(), extras: { ...customSeed().extras, hiddenConcerns: [] } },
        })),
      },
      { weight: 3, arbitrary: objectBody({ scenario: fieldValue(fc.constant(customSeed())) }) },
    ),
  );
  const listOfMine = z.object({ scenarios: z.array(authoredScenarioSummarySchema) });
  const addsScenarios = (most: number) => (status: number, diff: Diff) =>
    status === 201
      ? diff.scenarios >= 1 &&
        diff.scenarios <= most &&
        only({ scenarios: diff.scenarios })(status, diff)
      : unchanged(status, diff);
  const authoringSpecs: Partial<Record<ApiRoute, RouteSpec>> = {
    'GET /api/authoring/scenarios': {
      method: 'GET',
      input: queryString({ limit: text }).map((q) => ({ path: `/api/authoring/scenarios${q}` })),
      ok: listOfMine,
      allowed: unchanged,
    },
    'GET /api/authoring/scenarios/export': {
      method: 'GET',
      input: queryString({
        ids: fc.oneof(
          fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!),
          fc.constant('x').map(() => ownIds.slice(2).join(',')),
          text,
        ),
      }).map((q) => ({ path: `/api/authoring/scenarios/export${q}` })),
      examples: [{ path: '/api/authoring/scenarios/export?ids=' }],
      ok: scenarioFileSchema,
      allowed: unchanged,
    },
    'GET /api/authoring/scenarios/:id': {
      method: 'GET',
      input: fc
        .tuple(id, queryString({}))
        .map(([value, q]) => ({ path: `/api/authoring/scenarios/${value}${q}` })),
      ok: (path) =>
        /^\/api\/authoring\/scenarios\/(\?|$)/.test(path) ? listOfMine : authoredScenarioResponse,
      allowed: unchanged,
    },
    'POST /api/authoring/scenarios': {
      method: 'POST',
      input: scenarioBody.map((body) => ({ path: '/api/authoring/scenarios', body })),
      ok: authoredScenarioResponse,
      allowed: addsScenarios(1),
    },
    'POST /api/authoring/scenarios/:id': {
      method: 'POST',
      input: fc
        .tuple(id, scenarioBody)
        .map(([value, body]) => ({ path: `/api/authoring/scenarios/${value}`, body })),
      // An empty id is the create route: /api/authoring/scenarios/ is /api/authoring/scenarios.
      ok: (path) =>
        /^\/api\/authoring\/scenarios\/(\?|$)/.test(path)
          ? authoredScenarioResponse
          : updatedScenarioResponse,
      allowed: addsScenarios(1),
    },
    'POST /api/authoring/scenarios/:id/duplicate': {
      method: 'POST',
      input: fc
        .tuple(id, ignoredBody)
        .map(([value, body]) => ({ path: `/api/authoring/scenarios/${value}/duplicate`, body })),
      ok: authoredScenarioResponse,
      allowed: addsScenarios(1),
    },
    'POST /api/authoring/scenarios/import': {
      method: 'POST',
      input: bodyText(
        fc.oneof(
          {
            weight: 2,
            arbitrary: fc
              .integer({ min: 1, max: 3 })
              .map((n) => ({ scenarios: Array.from({ length: n }, () => customSeed()) })),
          },
          {
            weight: 2,
            arbitrary: spoiledSeed.map((spoiled) => ({ scenarios: [customSeed(), spoiled] })),
          },
          {
            weight: 3,
            arbitrary: objectBody({
              scenarios: fieldValue(
                fc.constant(null).map(() => [customSeed(), { ...customSeed(), title: '' }]),
                fc.array(oddValue, { maxLength: 3 }),
              ),
            }),
          },
        ),
      ).map((body) => ({ path: '/api/authoring/scenarios/import', body })),
      ok: listOfMine,
      allowed: addsScenarios(3),
    },
    'POST /api/authoring/scenarios/:id/translate': {
      method: 'POST',
      input: fc
        .tuple(
          id,
          bodyText(
            objectBody({
              language: fieldValue(fc.constantFrom(...LANGUAGE_CODES), text),
            }),
          ),
        )
        .map(([value, body]) => ({ path: `/api/authoring/scenarios/${value}/translate`, body })),
      // Offline here: a valid request is refused (422) or answered with a draft; never stored.
      ok: translatedScenarioResponse,
      allowed: unchanged,
    },
    // Last: the scenarios it removes are then gone for the routes above.
    'DELETE /api/authoring/scenarios/:id': {
      method: 'DELETE',
      input: id.map((value) => ({ path: `/api/authoring/scenarios/${value}` })),
      ok: z.object({ deleted: z.enum(['soft', 'hard']) }),
      // A scenario with conversations stays (marked deleted); one without is removed.
      allowed: (status, diff) =>
        status === 200
          ? (diff.scenarios === 0 || diff.scenarios === -1) &&
            only({ scenarios: diff.scenarios })(status, diff)
          : unchanged(status, diff),
    },
  };

  const courseId = pathId(() => [...courseIds, ...ids()]);
  const reviewedId = pathId(() => [...memberIds, ...courseIds, ...ids()]);
  const assignmentId = pathId(() => [...assignmentIds, ...courseIds, ...ids()]);
  const memberUserId = pathId(() => [...memberUsers, ...courseIds, ...ids()]);
  const platformId = pathId(() => [...platformIds, ...courseIds, ...ids()]);
  const deepLinkId = pathId(() => [...deepLinkIds, ...courseIds, ...ids()]);
  /** A registration's fields, plausible (a fresh issuer each time) or odd; `named`: with its name. */
  const platformBody = (named: boolean) => {
    const url = fieldValue(
      fc.constant(null).map(() => `https://lms-${randomUUID().slice(0, 8)}.example/x`),
      fc.constantFrom('http://127.0.0.1:9/x', 'javascript:alert(1)', 'https://u:p@lms.example/'),
      text,
    );
    const fields = {
      authUrl: url,
      jwksUrl: url,
      tokenUrl: url,
      deploymentIds: fieldValue(
        fc.array(fc.stringMatching(/^[A-Za-z0-9:_-]{1,20}$/), { minLength: 1, maxLength: 3 }),
        fc.array(text, { maxLength: 25 }),
      ),
    };
    return objectBody(named ? { ...fields, issuer: url, clientId: fieldValue(text) } : fields);
  };
  /** Adds at most `most` rows to `table` on success; nothing on refusal. */
  const adds =
    (table: keyof Counts, most = 1) =>
    (status: number, diff: Diff) =>
      status >= 200 && status < 300
        ? diff[table] >= 0 && diff[table] <= most && only({ [table]: diff[table] })(status, diff)
        : unchanged(status, diff);
  const organisationSpecs: Partial<Record<ApiRoute, RouteSpec>> = {
    'GET /api/organisations': {
      method: 'GET',
      input: queryString({ id: text }).map((q) => ({ path: `/api/organisations${q}` })),
      ok: myOrganisationsResponse,
      allowed: unchanged,
    },
    'POST /api/organisations': {
      method: 'POST',
      input: bodyText(objectBody({ name: fieldValue(text) })).map((body) => ({
        path: '/api/organisations',
        body,
      })),
      ok: z.object({ id: z.string(), name: z.string() }),
      allowed: adds('organisations'),
    },
    'GET /api/organisations/assignments': {
      method: 'GET',
      input: queryString({ sort: text }).map((q) => ({
        path: `/api/organisations/assignments${q}`,
      })),
      allowed: unchanged,
    },
    'POST /api/organisations/join': {
      method: 'POST',
      input: bodyText(
        objectBody({
          code: fieldValue(
            fc.integer({ min: 0, max: 9 }).map((i) => inviteCodes[i % inviteCodes.length]!),
            text,
          ),
        }),
      ).map((body) => ({ path: '/api/organisations/join', body })),
      allowed: adds('cohort_memberships'),
    },
    'POST /api/organisations/:id/cohorts': {
      method: 'POST',
      input: fc
        .tuple(courseId, bodyText(objectBody({ name: fieldValue(text) })))
        .map(([value, body]) => ({ path: `/api/organisations/${value}/cohorts`, body })),
      allowed: adds('cohorts'),
    },
    'POST /api/organisations/:id/leave': {
      method: 'POST',
      input: fc
        .tuple(courseId, ignoredBody)
        .map(([value, body]) => ({ path: `/api/organisations/${value}/leave`, body })),
      allowed: unchanged,
    },
    'POST /api/organisations/cohorts/:id/invites': {
      method: 'POST',
      input: fc
        .tuple(
          courseId,
          bodyText(objectBody({ days: fieldValue(fc.integer({ min: -5, max: 100 }), edgeNumber) })),
        )
        .map(([value, body]) => ({ path: `/api/organisations/cohorts/${value}/invites`, body })),
      allowed: adds('cohort_invites'),
    },
    'POST /api/organisations/invites/:id/revoke': {
      method: 'POST',
      input: fc
        .tuple(courseId, ignoredBody)
        .map(([value, body]) => ({ path: `/api/organisations/invites/${value}/revoke`, body })),
      allowed: unchanged,
    },
    'POST /api/organisations/invites/:id/email': {
      method: 'POST',
      input: fc
        .tuple(
          courseId,
          bodyText(
            objectBody({
              emails: fieldValue(
                fc.array(fieldValue(emailish, text), { maxLength: 60 }),
                fc.array(emailish, { minLength: 1, maxLength: 3 }),
              ),
            }),
          ),
        )
        .map(([value, body]) => ({ path: `/api/organisations/invites/${value}/email`, body })),
      // The user's address is not confirmed: even their own invite is refused (403).
      ok: invitesSent,
      allowed: unchanged,
    },
    'GET /api/organisations/cohorts/:id/reminders': {
      method: 'GET',
      input: courseId.map((value) => ({ path: `/api/organisations/cohorts/${value}/reminders` })),
      ok: reminderSetting,
      allowed: unchanged,
    },
    'POST /api/organisations/cohorts/:id/reminders': {
      method: 'POST',
      input: fc
        .tuple(
          courseId,
          bodyText(
            objectBody({
              hoursBefore: fieldValue(
                fc.constantFrom(null, 24, 48, 72, 168),
                fc.integer({ min: -5, max: 400 }),
              ),
            }),
          ),
        )
        .map(([value, body]) => ({ path: `/api/organisations/cohorts/${value}/reminders`, body })),
      ok: reminderSetting,
      allowed: unchanged,
    },
    'POST /api/organisations/cohorts/:id/assignments': {
      method: 'POST',
      input: fc
        .tuple(
          courseId,
          bodyText(
            objectBody({
              scenarioId: fieldValue(
                fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!),
                text,
              ),
              dueAt: fieldValue(
                fc.constant(null),
                fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
                edgeDate,
                edgeNumber,
                text,
              ),
            }),
          ),
        )
        .map(([value, body]) => ({
          path: `/api/organisations/cohorts/${value}/assignments`,
          body,
        })),
      // Year 0 reached PostgreSQL, which has none: a 500. Read when the test runs,
      // once beforeAll has made the cohort.
      get examples() {
        return ['0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z'].map((dueAt) => ({
          path: `/api/organisations/cohorts/${courseIds[1]}/assignments`,
          body: JSON.stringify({ scenarioId: scenarioIds[3], dueAt }),
        }));
      },
      allowed: adds('cohort_assignments'),
    },
    'POST /api/organisations/conversations/:id/override': {
      method: 'POST',
      input: fc
        .tuple(
          reviewedId,
          bodyText(
            objectBody({
              score: fieldValue(fc.integer({ min: -2, max: 12 }), edgeNumber),
              comment: fieldValue(text),
              // Skills of the rubric and not, repeated, out of range (decision 043).
              skills: fieldValue(
                fc.array(
                  objectBody({
                    skill: fieldValue(
                      fc.constantFrom('empathy', 'clarity', 'persuasion', 'objection'),
                      fc.constantFrom('overall', 'kindness', 'Empathy', '__proto__'),
                    ),
                    score: fieldValue(fc.integer({ min: -2, max: 12 }), edgeNumber),
                    comment: fieldValue(text),
                  }),
                  { maxLength: 6 },
                ),
              ),
            }),
          ),
        )
        .map(([value, body]) => ({
          path: `/api/organisations/conversations/${value}/override`,
          body,
        })),
      // A save replaces the organisation's skill scores: up to all four go, up to four come.
      allowed: (status, diff) =>
        status === 200
          ? diff.score_overrides >= 0 &&
            diff.score_overrides <= 1 &&
            Math.abs(diff.skill_overrides) <= 4 &&
            only({ score_overrides: diff.score_overrides, skill_overrides: diff.skill_overrides })(
              status,
              diff,
            )
          : unchanged(status, diff),
    },
    'GET /api/organisations/conversations/:id': {
      method: 'GET',
      input: fc
        .tuple(reviewedId, queryString({}))
        .map(([value, q]) => ({ path: `/api/organisations/conversations/${value}${q}` })),
      ok: trainerConversationResponse,
      allowed: unchanged,
    },
    'POST /api/organisations/conversations/:id/comments': {
      method: 'POST',
      input: fc
        .tuple(
          reviewedId,
          bodyText(
            objectBody({
              messageId: fieldValue(
                fc.integer({ min: 0, max: 99 }).map((i) => memberIds[i % memberIds.length]!),
                fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!),
                text,
              ),
              comment: fieldValue(text),
            }),
          ),
        )
        .map(([value, body]) => ({
          path: `/api/organisations/conversations/${value}/comments`,
          body,
        })),
      ok: turnCommentSchema,
      allowed: adds('turn_comments'),
    },
    'GET /api/organisations/cohorts/:id/export': {
      method: 'GET',
      input: fc
        .tuple(courseId, queryString({ sort: fc.constantFrom('name', 'done', 'average', 'x') }))
        .map(([value, q]) => ({ path: `/api/organisations/cohorts/${value}/export${q}` })),
      allowed: unchanged,
    },
    'GET /api/organisations/cohorts/:id/table': {
      method: 'GET',
      input: fc
        .tuple(courseId, queryString({ sort: fc.constantFrom('name', 'done', 'average', 'x') }))
        .map(([value, q]) => ({ path: `/api/organisations/cohorts/${value}/table${q}` })),
      allowed: unchanged,
    },
    // Decision 044: renames change no row count; reads change nothing.
    'POST /api/organisations/:id/name': {
      method: 'POST',
      input: fc
        .tuple(courseId, bodyText(objectBody({ name: fieldValue(text) })))
        .map(([value, body]) => ({ path: `/api/organisations/${value}/name`, body })),
      ok: organisationSchema,
      allowed: unchanged,
    },
    'POST /api/organisations/:id/password-sign-in': {
      method: 'POST',
      input: fc
        .tuple(courseId, bodyText(objectBody({ allowed: fieldValue(fc.boolean()) })))
        .map(([value, body]) => ({
          path: `/api/organisations/${value}/password-sign-in`,
          body,
        })),
      ok: organisationSchema.extend({ passwordSignIn: z.literal(true) }),
      allowed: unchanged,
    },
    'POST /api/organisations/cohorts/:id/name': {
      method: 'POST',
      input: fc
        .tuple(courseId, bodyText(objectBody({ name: fieldValue(text) })))
        .map(([value, body]) => ({ path: `/api/organisations/cohorts/${value}/name`, body })),
      ok: cohortSchema,
      allowed: unchanged,
    },
    'GET /api/organisations/cohorts/:id/members/:userId': {
      method: 'GET',
      input: fc.tuple(courseId, memberUserId, queryString({})).map(([value, userId, q]) => ({
        path: `/api/organisations/cohorts/${value}/members/${userId}${q}`,
      })),
      ok: memberConversationsResponse,
      allowed: unchanged,
    },
    'GET /api/organisations/cohorts/:id/summary': {
      method: 'GET',
      input: fc
        .tuple(courseId, queryString({}))
        .map(([value, q]) => ({ path: `/api/organisations/cohorts/${value}/summary${q}` })),
      ok: classSummaryResponse,
      allowed: unchanged,
    },
    // Last: the user's assignment it removes is then gone for the routes above.
    'DELETE /api/organisations/assignments/:id': {
      method: 'DELETE',
      input: assignmentId.map((value) => ({ path: `/api/organisations/assignments/${value}` })),
      // Only the assignment goes: conversations, the scenario and the cohort stay.
      allowed: (status, diff) =>
        status === 204 ? only({ cohort_assignments: -1 })(status, diff) : unchanged(status, diff),
    },
    // Ending a membership closes its period: no row comes or goes.
    'DELETE /api/organisations/cohorts/:id/members/:userId': {
      method: 'DELETE',
      input: fc.tuple(courseId, memberUserId).map(([value, userId]) => ({
        path: `/api/organisations/cohorts/${value}/members/${userId}`,
      })),
      allowed: unchanged,
    },
    // Decision 052: the trainer ends a co-instructor's part; the user's cohort has none, so
    // whatever the ids, nothing changes.
    'DELETE /api/organisations/cohorts/:id/instructors/:userId': {
      method: 'DELETE',
      input: fc.tuple(courseId, memberUserId).map(([value, userId]) => ({
        path: `/api/organisations/cohorts/${value}/instructors/${userId}`,
      })),
      allowed: unchanged,
    },
    // Issue 29, decision 051: an organisation's LMS registrations.
    'GET /api/organisations/:id/lti': {
      method: 'GET',
      input: fc
        .tuple(courseId, queryString({}))
        .map(([value, q]) => ({ path: `/api/organisations/${value}/lti${q}` })),
      ok: ltiSetupResponse,
      allowed: unchanged,
    },
    'POST /api/organisations/:id/lti/platforms': {
      method: 'POST',
      input: fc
        .tuple(courseId, bodyText(platformBody(true)))
        .map(([value, body]) => ({ path: `/api/organisations/${value}/lti/platforms`, body })),
      ok: platformSchema,
      allowed: adds('lti_platforms'),
    },
    'GET /api/organisations/cohorts/:id/lti/passbacks': {
      method: 'GET',
      input: fc
        .tuple(courseId, queryString({}))
        .map(([value, q]) => ({ path: `/api/organisations/cohorts/${value}/lti/passbacks${q}` })),
      ok: failedPassbacksResponse,
      allowed: unchanged,
    },
    'POST /api/organisations/cohorts/:id/lti/passbacks/resend': {
      method: 'POST',
      input: fc
        .tuple(
          courseId,
          bodyText(
            objectBody({
              assignmentId: fieldValue(assignmentId, text),
              userId: fieldValue(memberUserId, text),
            }),
          ),
        )
        .map(([value, body]) => ({
          path: `/api/organisations/cohorts/${value}/lti/passbacks/resend`,
          body,
        })),
      allowed: unchanged,
    },
    // The fixture's cohorts have no LMS course: found ones answer 409, never a 500.
    'POST /api/organisations/cohorts/:id/lti/roster/sync': {
      method: 'POST',
      input: fc.tuple(courseId, bodyText(objectBody({}))).map(([value, body]) => ({
        path: `/api/organisations/cohorts/${value}/lti/roster/sync`,
        body,
      })),
      ok: rosterSyncResponse,
      allowed: unchanged,
    },
    'POST /api/organisations/lti/platforms/:id': {
      method: 'POST',
      input: fc
        .tuple(platformId, bodyText(platformBody(false)))
        .map(([value, body]) => ({ path: `/api/organisations/lti/platforms/${value}`, body })),
      ok: platformSchema,
      allowed: unchanged,
    },
    // Issue 29, decision 051: the deep-linking picker. A choice assigns (or reuses) one
    // assignment; each request is answered once, so later tries are not found.
    'GET /api/lti/deep-links/:id': {
      method: 'GET',
      input: fc
        .tuple(deepLinkId, queryString({}))
        .map(([value, q]) => ({ path: `/api/lti/deep-links/${value}${q}` })),
      ok: deepLinkPickerResponse,
      allowed: unchanged,
    },
    'POST /api/lti/deep-links/:id': {
      method: 'POST',
      input: fc
        .tuple(
          deepLinkId,
          bodyText(
            objectBody({
              scenarioId: fieldValue(
                fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!),
                text,
              ),
              dueAt: fieldValue(
                fc.constant(null),
                fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
                edgeDate,
                edgeNumber,
                text,
              ),
            }),
          ),
        )
        .map(([value, body]) => ({ path: `/api/lti/deep-links/${value}`, body })),
      ok: deepLinkSendResponse,
      allowed: adds('cohort_assignments'),
    },
    'POST /api/lti/deep-links/:id/cancel': {
      method: 'POST',
      input: fc
        .tuple(deepLinkId, ignoredBody)
        .map(([value, body]) => ({ path: `/api/lti/deep-links/${value}/cancel`, body })),
      ok: deepLinkSendResponse,
      allowed: unchanged,
    },
    // After the routes that use the course: the cohort, then the organisation, go.
    'DELETE /api/organisations/cohorts/:id': {
      method: 'DELETE',
      input: courseId.map((value) => ({ path: `/api/organisations/cohorts/${value}` })),
      // The cohort and what hangs on it; never a conversation, a scenario or a score.
      allowed: (status, diff) =>
        status === 204
          ? diff.cohorts === -1 &&
            diff.cohort_memberships <= 0 &&
            diff.cohort_invites <= 0 &&
            diff.cohort_assignments <= 0 &&
            only({
              cohorts: -1,
              cohort_memberships: diff.cohort_memberships,
              cohort_invites: diff.cohort_invites,
              cohort_assignments: diff.cohort_assignments,
            })(status, diff)
          : unchanged(status, diff),
    },
    'DELETE /api/organisations/lti/platforms/:id': {
      method: 'DELETE',
      input: platformId.map((value) => ({ path: `/api/organisations/lti/platforms/${value}` })),
      allowed: (status, diff) =>
        status === 204 ? only({ lti_platforms: -1 })(status, diff) : unchanged(status, diff),
    },
    'DELETE /api/organisations/:id': {
      method: 'DELETE',
      input: courseId.map((value) => ({ path: `/api/organisations/${value}` })),
      // The organisation, its cohorts and what hangs on them, and its scores and comments;
      // never a conversation or a scenario (shared ones go back to private).
      allowed: (status, diff) => {
        if (status !== 204) return unchanged(status, diff);
        const gone = [
          'cohorts',
          'cohort_memberships',
          'cohort_invites',
          'cohort_assignments',
          'score_overrides',
          'turn_comments',
          'lti_platforms',
        ] as const;
        return (
          diff.organisations === -1 &&
          gone.every((table) => diff[table] <= 0) &&
          only({
            organisations: -1,
            ...Object.fromEntries(gone.map((table) => [table, diff[table]])),
          })(status, diff)
        );
      },
    },
  };

  /** Issue 27, decision 045. Deletions last: what they remove is gone for the routes above. */
  const myDataSpecs: Partial<Record<ApiRoute, RouteSpec>> = {
    'GET /api/account/export': {
      method: 'GET',
      input: queryString({ userId: fc.constant('x').map(() => foreignIds[0]!) }).map((q) => ({
        path: `/api/account/export${q}`,
      })),
      // A ZIP, not JSON: its contents are the data-layer suite's and the isolation matrix's.
      allowed: unchanged,
      // Each archive holds everything the other routes made for this user (hundreds of
      // scenarios): a hundred of them are enough to try the headers and the query.
      runs: 100,
    },
    'GET /api/account/recordings': {
      method: 'GET',
      input: queryString({ id: text }).map((q) => ({ path: `/api/account/recordings${q}` })),
      ok: recordingSettingResponse,
      allowed: unchanged,
    },
    'POST /api/account/recordings': {
      method: 'POST',
      input: bodyText(objectBody({ keepRecordings: fieldValue(fc.boolean(), text) })).map(
        (body) => ({ path: '/api/account/recordings', body }),
      ),
      ok: recordingSettingResponse,
      allowed: unchanged,
    },
    'DELETE /api/conversations/:id': {
      method: 'DELETE',
      input: id.map((value) => ({ path: `/api/conversations/${value}` })),
      // Only an ended conversation of the user's goes, with its messages and its feedback.
      allowed: (status, diff) =>
        status === 204
          ? diff.conversation_sessions === -1 &&
            diff.messages <= 0 &&
            diff.feedback <= 0 &&
            Object.entries(diff).every(
              ([table, n]) =>
                n === 0 || ['conversation_sessions', 'messages', 'feedback'].includes(table),
            )
          : unchanged(status, diff),
    },
    // The generated passwords are never the user's: every attempt is refused, nothing goes.
    'DELETE /api/account': {
      method: 'DELETE',
      deleteWithBody: true,
      input: bodyText(objectBody({ password: fieldValue(password, text) })).map((body) => ({
        path: '/api/account',
        body,
      })),
      allowed: () => false,
    },
  };

  const specs: Record<ApiRoute, RouteSpec> = {
    ...(authoringSpecs as Record<ApiRoute, RouteSpec>),
    ...(organisationSpecs as Record<ApiRoute, RouteSpec>),
    'GET /api/health': {
      method: 'GET',
      input: queryString({}).map((q) => ({ path: `/api/health${q}` })),
      allowed: unchanged,
    },
    'POST /api/auth/sign-up': {
      method: 'POST',
      input: bodyText(
        objectBody({
          email: fieldValue(
            emailish,
            fc.constant('x').map(() => uniqueEmail('new')),
          ),
          password: fieldValue(password),
          fullName: fieldValue(text, fc.string({ minLength: 190, maxLength: 210 })),
        }),
      ).map((body) => ({ path: '/api/auth/sign-up', body })),
      examples: [
        {
          path: '/api/auth/sign-up',
          // PostgreSQL text cannot hold U+0000.
          body: JSON.stringify({
            email: uniqueEmail('nul'),
            password: PASSWORD,
            fullName: 'A\u0000B',
          }),
        },
      ],
      ok: userResponse,
      // The account, its session and the link that confirms its address.
      allowed: only({ users: 1, user_sessions: 1, email_verifications: 1 }),
    },
    'POST /api/auth/sign-in': {
      method: 'POST',
      input: bodyText(
        objectBody({
          email: fieldValue(
            emailish,
            fc.constant(null).map(() => email),
          ),
          password: fieldValue(password, fc.constant(PASSWORD)),
        }),
      ).map((body) => ({ path: '/api/auth/sign-in', body })),
      ok: userResponse,
      allowed: only({ user_sessions: 1 }),
    },
    'POST /api/auth/password-reset': {
      method: 'POST',
      input: bodyText(
        objectBody({
          email: fieldValue(
            emailish,
            fc.constant(null).map(() => email),
          ),
        }),
      ).map((body) => ({ path: '/api/auth/password-reset', body })),
      ok: passwordResetRequested,
      // The link's row is not counted here; nothing counted changes, whoever asks.
      allowed: unchanged,
    },
    'POST /api/auth/password-reset/confirm': {
      method: 'POST',
      input: bodyText(
        objectBody({
          token: fieldValue(text, fc.stringMatching(/^[a-z2-7]{32}$/)),
          password: fieldValue(password),
        }),
      ).map((body) => ({ path: '/api/auth/password-reset/confirm', body })),
      // No token it makes up is a real link: nothing changes, and no session ends.
      allowed: unchanged,
    },
    'POST /api/auth/sign-out': {
      method: 'POST',
      input: ignoredBody.map((body) => ({ path: '/api/auth/sign-out', body })),
      // Only ever with cookies that are not the user's (see below): nothing to delete.
      allowed: unchanged,
    },
    // Decision 050: a provider is configured but down (nothing listens on port 9), so start and
    // callback run their real checks and answer with a redirect to the sign-in page, or a 404
    // for an id that is not configured.
    'GET /api/auth/sso/providers': {
      method: 'GET',
      input: queryString({ id: text }).map((q) => ({ path: `/api/auth/sso/providers${q}` })),
      ok: ssoProvidersResponse,
      allowed: unchanged,
    },
    'GET /api/auth/sso/:provider/start': {
      method: 'GET',
      input: fc
        .tuple(
          fc.oneof(
            fc.constant('school'),
            pathId(() => ['school', 'School', 'school%20']),
          ),
          queryString({
            returnTo: fc.oneof(text, fc.constantFrom('/', '//evil.example', '/progress')),
          }),
        )
        .map(([provider, q]) => ({ path: `/api/auth/sso/${provider}/start${q}` })),
      allowed: (status, diff) => status === 302 && unchanged(status, diff),
    },
    'GET /api/auth/sso/:provider/callback': {
      method: 'GET',
      input: fc
        .tuple(
          fc.oneof(
            fc.constant('school'),
            pathId(() => ['school', 'other']),
          ),
          queryString({ state: text, code: text, error: text, iss: text }),
        )
        .map(([provider, q]) => ({ path: `/api/auth/sso/${provider}/callback${q}` })),
      allowed: (status, diff) => status === 302 && unchanged(status, diff),
    },
    // Linking (050's addendum), as the fuzzing user, linked nowhere: `campus` answers, so a
    // link flow begins (its row is not counted) and any unlink is a 404. `school` is down: its
    // link start is the 503 "try again later", so it is not among the ids tried here.
    'POST /api/auth/sso/:provider/link': {
      method: 'POST',
      input: fc
        .tuple(
          fc.oneof(
            fc.constant('campus'),
            pathId(() => ['campus', 'Campus', 'campus%20']),
          ),
          ignoredBody,
        )
        .map(([provider, body]) => ({ path: `/api/auth/sso/${provider}/link`, body })),
      ok: ssoLinkResponse,
      allowed: unchanged,
    },
    'DELETE /api/auth/sso/:provider/link': {
      method: 'DELETE',
      input: fc
        .oneof(
          fc.constantFrom('campus', 'school'),
          pathId(() => ['campus', 'school']),
        )
        .map((provider) => ({ path: `/api/auth/sso/${provider}/link` })),
      // Linked nowhere: nothing to unlink, ever.
      allowed: () => false,
    },
    'GET /api/auth/me': {
      method: 'GET',
      input: queryString({ id: text }).map((q) => ({ path: `/api/auth/me${q}` })),
      ok: userResponse,
      allowed: unchanged,
    },
    'GET /api/account': {
      method: 'GET',
      input: queryString({ id: text }).map((q) => ({ path: `/api/account${q}` })),
      ok: accountResponse,
      allowed: unchanged,
    },
    'POST /api/account/name': {
      method: 'POST',
      input: bodyText(
        objectBody({ fullName: fieldValue(text, fc.constantFrom('Dr Fuzz', 'Dr Fuzz Renamed')) }),
      ).map((body) => ({ path: '/api/account/name', body })),
      ok: accountResponse,
      allowed: unchanged,
    },
    'POST /api/account/email': {
      method: 'POST',
      input: bodyText(
        objectBody({
          email: fieldValue(
            emailish,
            fc.constant(null).map(() => email),
          ),
          currentPassword: fieldValue(password, fc.constant(PASSWORD)),
        }),
      ).map((body) => ({ path: '/api/account/email', body })),
      ok: linkSent,
      // The link replaces the account's one; past the hourly limit, a 429 stores nothing.
      allowed: unchanged,
    },
    'POST /api/account/language': {
      method: 'POST',
      input: bodyText(
        objectBody({ locale: fieldValue(text, fc.constantFrom('en', 'es', 'fr', 'de', 'xx')) }),
      ).map((body) => ({ path: '/api/account/language', body })),
      ok: accountResponse,
      allowed: unchanged,
    },
    'POST /api/account/verification': {
      method: 'POST',
      input: ignoredBody.map((body) => ({ path: '/api/account/verification', body })),
      ok: linkSent,
      allowed: unchanged,
    },
    'POST /api/account/password': {
      method: 'POST',
      input: bodyText(
        objectBody({
          // Never the right one: a changed password would sign later requests' clients out.
          currentPassword: fieldValue(password),
          newPassword: fieldValue(password),
        }),
      ).map((body) => ({ path: '/api/account/password', body })),
      allowed: unchanged,
    },
    'POST /api/account/sign-out-everywhere': {
      method: 'POST',
      input: ignoredBody.map((body) => ({ path: '/api/account/sign-out-everywhere', body })),
      // Only ever with cookies that are not the user's (see below): nothing to delete.
      allowed: unchanged,
    },
    'POST /api/auth/verify-email': {
      method: 'POST',
      input: bodyText(
        objectBody({ token: fieldValue(text, fc.stringMatching(/^[a-z2-7]{32}$/)) }),
      ).map((body) => ({ path: '/api/auth/verify-email', body })),
      // No token it makes up is a real link: no address is confirmed.
      allowed: unchanged,
    },
    'GET /api/scenarios': {
      method: 'GET',
      input: queryString({ limit: text, category: text }).map((q) => ({
        path: `/api/scenarios${q}`,
      })),
      ok: scenariosResponse,
      allowed: unchanged,
    },
    'GET /api/scenarios/:id': {
      method: 'GET',
      input: fc
        .tuple(id, queryString({}))
        .map(([value, q]) => ({ path: `/api/scenarios/${value}${q}` })),
      // An empty id is the list route: /api/scenarios/ is /api/scenarios.
      ok: (path) => (/^\/api\/scenarios\/(\?|$)/.test(path) ? scenariosResponse : scenarioResponse),
      allowed: unchanged,
    },
    'POST /api/conversations': {
      method: 'POST',
      input: bodyText(
        objectBody({
          scenarioId: fieldValue(
            fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!),
            fc.uuid(),
            text,
          ),
          // Offline, only English starts; any other language is refused and stores nothing.
          language: fieldValue(fc.constantFrom(...LANGUAGE_CODES), text),
          reportLanguage: fieldValue(fc.constantFrom(...LANGUAGE_CODES), text),
        }),
      ).map((body) => ({ path: '/api/conversations', body })),
      ok: z.object({ session: conversationSchema }),
      allowed: (status, diff) =>
        status === 201
          ? only({ conversation_sessions: 1, messages: 1 })(status, diff)
          : unchanged(status, diff),
    },
    'GET /api/conversations/:id/messages/:messageId/audio': {
      method: 'GET',
      input: fc
        .tuple(
          id,
          pathId(() => [...turnIds, ...ids()]),
          queryString({}),
        )
        .map(([value, message, q]) => ({
          path: `/api/conversations/${value}/messages/${message}/audio${q}`,
        })),
      // Typed turns keep no audio: every answer is a 404 here, never a failure.
      allowed: unchanged,
    },
    'POST /api/conversations/:id/branches': {
      method: 'POST',
      input: fc
        .tuple(
          id,
          bodyText(
            objectBody({
              messageId: fieldValue(
                fc.integer({ min: 0, max: 99 }).map((i) => turnIds[i % turnIds.length]!),
                fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!),
                text,
              ),
            }),
          ),
        )
        .map(([value, body]) => ({ path: `/api/conversations/${value}/branches`, body })),
      ok: z.object({ session: conversationSchema }),
      // A branch is one new conversation with copies of the turns before the one answered again.
      allowed: (status, diff) =>
        status === 201
          ? diff.conversation_sessions === 1 &&
            diff.messages >= 1 &&
            diff.users === 0 &&
            diff.user_sessions === 0 &&
            diff.feedback === 0
          : unchanged(status, diff),
    },
    'GET /api/conversations/:id': {
      method: 'GET',
      input: fc
        .tuple(id, queryString({}))
        .map(([value, q]) => ({ path: `/api/conversations/${value}${q}` })),
      ok: conversationDetailResponse,
      allowed: unchanged,
    },
    'POST /api/conversations/:id/end': {
      method: 'POST',
      input: fc
        .tuple(id, ignoredBody)
        .map(([value, body]) => ({ path: `/api/conversations/${value}/end`, body })),
      ok: z.object({ feedback: feedbackSchema }),
      // Grading happens once; every later end answers the stored feedback.
      allowed: (status, diff) => only({ feedback: 1 })(status, diff) || unchanged(status, diff),
    },
    'POST /api/conversations/:id/realtime': {
      method: 'POST',
      input: fc
        .tuple(id, sdpBody)
        .map(([value, body]) => ({ path: `/api/conversations/${value}/realtime`, body })),
      contentTypes: fc.oneof(
        { weight: 4, arbitrary: fc.constant('application/sdp') },
        { weight: 1, arbitrary: contentType },
        {
          weight: 1,
          arbitrary: fc.constantFrom('application/sdp; charset=utf-8', 'APPLICATION/SDP', 'sdp'),
        },
      ),
      // This server has no Realtime model: nothing is ever set up, whatever the offer.
      allowed: unchanged,
    },
    'DELETE /api/conversations/:id/realtime': {
      method: 'DELETE',
      input: id.map((value) => ({ path: `/api/conversations/${value}/realtime` })),
      allowed: unchanged,
    },
    'POST /api/conversations/:id/hint': {
      method: 'POST',
      input: fc
        .tuple(id, ignoredBody)
        .map(([value, body]) => ({ path: `/api/conversations/${value}/hint`, body })),
      ok: z.object({ hint: z.string().min(1) }),
      allowed: unchanged,
    },
    'GET /api/progress': {
      method: 'GET',
      input: queryString({ userId: fc.constant('x').map(() => foreignIds[0]!) }).map((q) => ({
        path: `/api/progress${q}`,
      })),
      ok: progressResponse,
      allowed: unchanged,
    },
    'GET /api/history': {
      method: 'GET',
      input: queryString({
        limit: fc.oneof(
          fc.integer({ min: -5, max: 200 }).map(String),
          fc.constantFrom('1e2', '0x10', ' 5', '5 ', '1.0', '2.5', '-0', 'Infinity', ''),
          text,
        ),
        before: fc.oneof(
          fc.integer({ min: 0, max: 99 }).map((i) => ids()[i % ids().length]!),
          fc.uuid(),
          text,
        ),
      }).map((q) => ({ path: `/api/history${q}` })),
      ok: historyResponse,
      allowed: unchanged,
    },
    ...(myDataSpecs as Record<ApiRoute, RouteSpec>),
  };

  it('has a property for every route', () => {
    expect(Object.keys(specs).sort()).toEqual(listApiRoutes(server.services));
  });

  it('routes exactly the operations the shared contracts describe', () => {
    expect(listContractRoutes()).toEqual(listApiRoutes(server.services));
  });

  it.each(Object.keys(specs) as ApiRoute[])(
    '%s: never a 5xx, always a clear 4xx, nothing stored on refusal',
    async (route) => {
      const spec = specs[route]!;
      counts = await countRows();
      await fc.assert(
        fc.asyncProperty(withContentType(spec), headerChoice, async (input, choice) => {
          const headers: Record<string, string> = {};
          const withBody = spec.method === 'POST' || spec.deleteWithBody === true;
          if (withBody) headers['content-type'] = input.contentType ?? choice.contentType;
          if (withBody && choice.contentEncoding)
            headers['content-encoding'] = choice.contentEncoding;
          // Signing out with the user's own cookie would end every later request's session.
          const cookieChoice =
            (route === 'POST /api/auth/sign-out' ||
              route === 'POST /api/account/sign-out-everywhere') &&
            choice.cookie === 'valid'
              ? 'chairtalk_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
              : choice.cookie;
          if (cookieChoice === 'valid') headers.cookie = user.cookie!;
          else if (cookieChoice !== 'none') headers.cookie = cookieChoice;
          if (choice.origin === 'own') headers.origin = server.url;
          else if (choice.origin !== 'none') headers.origin = choice.origin;

          const { contentType: _type, ...request } = input;
          const response = await send(server.url, { method: spec.method, ...request, headers });
          const after = await countRows();
          const diff = Object.fromEntries(
            Object.entries(after).map(([k, v]) => [k, v - counts[k as keyof Counts]]),
          ) as Diff;
          counts = after;
          const what = `${spec.method} ${input.path.slice(0, 200)} → ${response.status} ${response.text.slice(0, 300)}`;

          expect(response.status, what).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.headers['content-type'], what).toMatch(/^application\/json/);
            const body = JSON.parse(response.text) as unknown;
            const error = z
              .object({
                error: z.object({ code: z.string().min(1), message: z.string().trim().min(1) }),
              })
              .parse(body).error;
            // A sentence for a person, not a stack trace.
            expect(error.message, what).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|Error:/);
            expect(error.code, what).not.toBe('internal');
            expect(diff, `${what}: a refused request stored something`).toEqual(
              Object.fromEntries(COUNTED.map((table) => [table, 0])),
            );
          } else {
            const schema = typeof spec.ok === 'function' ? spec.ok(input.path) : spec.ok;
            if (schema && response.status !== 204) schema.parse(JSON.parse(response.text));
            expect(
              spec.allowed(response.status, diff),
              `${what}: stored ${JSON.stringify(diff)}`,
            ).toBe(true);
          }
        }),
        {
          numRuns: Math.min(spec.runs ?? PROPERTY_RUNS, PROPERTY_RUNS),
          examples: spec.examples?.map((input) => [input, PLAIN_HEADERS]),
        },
      );
    },
    60_000,
  );
});
