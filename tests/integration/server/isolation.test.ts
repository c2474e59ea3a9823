import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { routeDatabaseKinds, printSkipNotice, type TestDb } from '../../helpers/testDb';
import type { TestServer } from '../../helpers/testServer';
import { useTestServer } from '../../helpers/useTestServer';
import { HttpClient, signedInClient, uniqueEmail } from '../../helpers/httpClient';
import { PROBE_ENV, RawSocket } from '../../helpers/rawSocket';
import { listApiRoutes } from '../../helpers/apiRoutes';
import type { OpenAiStub } from '../../fixtures/openaiStub';
import { clientMessageSchema, type ServerMessage } from '#shared/protocol';
import { pcm16Wav } from '#server/voice/audioFormat';
import { encodeStreamFrame } from '#shared/voice';
import { getScenarioById } from '#server/db/scenarios';
import { customSeed } from '../../helpers/customScenario';
import { listMessagesByConversation } from '#server/db/messages';
import type { Db } from '#server/db/db';
import { getConversationForTrainer } from '#server/db/reviews';
import { loadConversationRecord } from '#server/conversations/conversationDetail';
import { SESSION_COOKIE, validateSignInToken } from '#server/auth/signIns';
import { readCookie } from '#server/http/cookies';
import { insertDeepLink } from '#server/db/ltiDeepLinks';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/**
 * Two users, A and B. B knows every id of A's (conversations, messages, feedback, the client ids
 * of A's turns) and tries each on every /api route and every socket message type. Each row of
 * the matrix states what B must get (404 / not found, or B's own data) and is judged the same
 * way: never a server failure, never anything of A's in what B receives, nothing done to A.
 * Issue 17 adds roles: A trains a cohort, M is its trainee (with work from before joining, while
 * a member, and after leaving), T trains another organisation; rows `as` M, A or T are judged
 * by what that role may see (secretsFor). The last tests run rows against deliberately
 * unguarded copies of routes and expect them to fail, so the matrix is known to bite.
 */

printSkipNotice();

const DEFAULT_REPLY = 'I see. Can you tell me a bit more about that?';

interface Person {
  client: HttpClient;
  user: { id: string; email: string; fullName: string };
}

/** A trainer's organisation as built: one cohort, one invite and one assignment. */
interface Course {
  id: string;
  cohortId: string;
  inviteId: string;
  inviteCode: string;
  assignmentId: string;
  names: string[];
  /** The organisation's LMS registration (decision 051) and the issuer it names. */
  platformId: string;
  issuer: string;
  /** A's deep-linking request from its LMS course, unanswered (decision 051). */
  deepLinkId?: string;
}

interface World {
  server: TestServer;
  stub: OpenAiStub;
  db: Db;
  a: Person & {
    /** A's ended conversation (graded) and open conversation (A's socket stays on it). */
    ended: string;
    open: string;
    openScenarioId: string;
    feedbackId: string;
    /** Words only A's ended conversation's debrief holds (a thought, a note's label). */
    debriefTexts: string[];
    userTexts: string[];
    clientIds: string[];
    userMessageIds: string[];
    assistantMessageIds: { ended: string; open: string };
    allMessageIds: string[];
    /** Messages of A's ended conversation with kept audio (A's turn, the patient's reply). */
    audioMessageIds: string[];
    socket: RawSocket;
    /** A's own scenario (practised once, so it is versioned on edit), and its secret words. */
    customScenarioId: string;
    customTexts: string[];
    /**
     * A as a trainer (issue 17): A's organisation, its cohort, an invite and an assignment, and
     * their names.
     */
    org: Course;
  };
  b: Person & { own: string; completed: string; socket: RawSocket };
  /**
   * M, a trainee of A's cohort (issue 17): a conversation started before joining, one started
   * (and graded) while a member, and one started after leaving; M then joined again.
   */
  m: Person & {
    before: string;
    during: string;
    after: string;
    /** Message ids and M's own words, per conversation. */
    messageIds: Record<'before' | 'during' | 'after', string[]>;
    texts: Record<'before' | 'during' | 'after', string[]>;
  };
  /** T, the trainer of another organisation, with its cohort, an invite and an assignment. */
  t: Person & { org: Course };
  /**
   * Issue 29 (decision 052): C, a co-instructor of T's cohort (an LMS course's other
   * instructor): C teaches that one cohort's work and owns nothing of T's organisation.
   */
  c: Person;
  /**
   * Issue 22: N, a trainee of A's cohort who also joined the organisation of P, an account N
   * controls; N's conversation `both` was started (and graded) while in both, so A and P may
   * each read it. A scored it 4 and commented; P scored it 10 and commented.
   */
  n: Person & { both: string; messageIds: string[] };
  p: Person & { orgName: string };
  /** What A and P wrote on N's conversation: neither may read the other's. */
  reviewsOfN: { a: string[]; p: string[] };
  /** Row counts of A's and T's courses as built, which no row may change. */
  courses: string;
}

/**
 * Who makes an attempt: B (a plain user, the default), M, A as M's trainer, T, or P (the
 * trainer of a second organisation N is in).
 */
type Role = 'A' | 'M' | 'T' | 'B' | 'P' | 'C';

/** What B got back from one attempt. */
interface Observation {
  /** `HTTP 404`, `upgrade 404`, or for frames on B's own socket `error:<code>`, `reply_done`, `transcript`, `silent`. */
  outcome: string;
  /** Everything that reached B (bodies, headers, frames) and what B's actions sent the provider. */
  seen: string;
  body?: any;
  frames?: ServerMessage[];
  /** Frames A's socket received meanwhile (for rows that must not touch A's socket). */
  crossed?: number;
  /** Frames that broke the shared protocol. */
  malformed?: number;
}

interface Target {
  url: string;
}

interface Row {
  name: string;
  /** Who attempts it; B unless said. What they may see is judged by who they are. */
  as?: Role;
  /** The route (as the routers name it) or socket message type the row exercises. */
  covers: string;
  expect: string;
  attempt(w: World, target: Target): Promise<Observation>;
  /** A's values the row itself sends: B already knows them, so an echo is no leak. */
  uses?(w: World): string[];
  /** Further checks, on B's answer and on A's data afterwards. */
  verify?(w: World, observation: Observation): Promise<string[]>;
}

const SERVER_FAILURES = /^(HTTP 5\d\d|upgrade 5\d\d|error:unavailable|error:ai_failed)$/;

/** Labelled values of A's that must never reach B. */
function secretsOf(w: World): Map<string, string> {
  const secrets = new Map<string, string>([
    ['user id', w.a.user.id],
    ['email', w.a.user.email],
    ['name', w.a.user.fullName],
    ['ended conversation id', w.a.ended],
    ['open conversation id', w.a.open],
    ['feedback id', w.a.feedbackId],
  ]);
  w.a.allMessageIds.forEach((id, i) => secrets.set(`message id #${i}`, id));
  w.a.userTexts.forEach((text, i) => secrets.set(`message text #${i}`, text));
  w.a.debriefTexts.forEach((text, i) => secrets.set(`debrief text #${i}`, text));
  secrets.set('custom scenario id', w.a.customScenarioId);
  secrets.set('organisation id', w.a.org.id);
  secrets.set('cohort id', w.a.org.cohortId);
  secrets.set('invite id', w.a.org.inviteId);
  secrets.set('invite code', w.a.org.inviteCode);
  secrets.set('assignment id', w.a.org.assignmentId);
  w.a.org.names.forEach((name, i) => secrets.set(`organisation name #${i}`, name));
  secrets.set('LTI platform id', w.a.org.platformId);
  secrets.set('LTI issuer', w.a.org.issuer);
  secrets.set('LTI deep link id', w.a.org.deepLinkId!);
  w.a.customTexts.forEach((text, i) => secrets.set(`custom scenario text #${i}`, text));
  return secrets;
}

/** M's values, labelled by the conversation they belong to ('' for M's account). */
function secretsOfM(w: World): Array<[label: string, value: string, of: string]> {
  const secrets: Array<[string, string, string]> = [
    ['user id', w.m.user.id, ''],
    ['email', w.m.user.email, ''],
    ['name', w.m.user.fullName, ''],
  ];
  for (const of of ['before', 'during', 'after'] as const) {
    secrets.push([`${of} conversation id`, w.m[of], of]);
    w.m.messageIds[of].forEach((id, i) => secrets.push([`${of} message id #${i}`, id, of]));
    w.m.texts[of].forEach((text, i) => secrets.push([`${of} message text #${i}`, text, of]));
  }
  return secrets;
}

/**
 * What this role must never see, labelled by whose it is. A trainee sees their own work and the
 * name of the organisation, cohort and trainer they joined; a trainer sees the work their
 * trainee started while a member, and who the trainee is; nobody sees across organisations.
 */
function secretsFor(w: World, role: Role): Map<string, string> {
  const secrets = new Map<string, string>();
  const add = (owner: string, label: string, value: string) =>
    secrets.set(`${owner}'s ${label}`, value);
  // What M learnt by joining A's cohort (organisations list, assignments, trainer's name).
  const joined = new Set([
    w.a.user.fullName,
    w.a.org.id,
    w.a.org.cohortId,
    w.a.org.inviteCode,
    w.a.org.assignmentId,
    ...w.a.org.names,
  ]);
  if (role !== 'A') {
    for (const [label, value] of secretsOf(w)) {
      if (!(role === 'M' && joined.has(value))) add('A', label, value);
    }
  }
  if (role !== 'M') {
    for (const [label, value, of] of secretsOfM(w)) {
      if (!(role === 'A' && (of === '' || of === 'during'))) add('M', label, value);
    }
  }
  if (role !== 'T') {
    add('T', 'user id', w.t.user.id);
    add('T', 'email', w.t.user.email);
    add('T', 'name', w.t.user.fullName);
    // C co-instructs T's cohort: its organisation, its name and its assignments are C's to see;
    // the invites, the registration and everything of T's own stay out of C's reach.
    if (role !== 'C') {
      add('T', 'organisation id', w.t.org.id);
      add('T', 'cohort id', w.t.org.cohortId);
      add('T', 'assignment id', w.t.org.assignmentId);
      w.t.org.names.forEach((name, i) => add('T', `organisation name #${i}`, name));
    }
    add('T', 'invite id', w.t.org.inviteId);
    add('T', 'invite code', w.t.org.inviteCode);
    add('T', 'LTI platform id', w.t.org.platformId);
    add('T', 'LTI issuer', w.t.org.issuer);
  }
  // T sees who co-instructs T's cohort; nobody else learns of C.
  if (role !== 'C' && role !== 'T') {
    add('C', 'user id', w.c.user.id);
    add('C', 'email', w.c.user.email);
    add('C', 'name', w.c.user.fullName);
  }
  // Issue 22: two organisations that may both read N's conversation never read each other's
  // review of it.
  if (role === 'P') w.reviewsOfN.a.forEach((text, i) => add('A', `review of N #${i}`, text));
  if (role !== 'P') {
    add('P', 'name', w.p.user.fullName);
    add('P', 'organisation name', w.p.orgName);
    w.reviewsOfN.p.forEach((text, i) => add('P', `review of N #${i}`, text));
  }
  if (role !== 'B') {
    add('B', 'user id', w.b.user.id);
    add('B', 'email', w.b.user.email);
    add('B', 'open conversation id', w.b.own);
    add('B', 'completed conversation id', w.b.completed);
  }
  return secrets;
}

/** The matrix's one judgement; returns every problem found (an empty list passes). */
async function judge(row: Row, w: World, observation: Observation): Promise<string[]> {
  const problems: string[] = [];
  const { outcome } = observation;
  if (SERVER_FAILURES.test(outcome)) problems.push(`server failure (${outcome})`);
  if (outcome !== row.expect) problems.push(`expected ${row.expect}, got ${outcome}`);
  if (outcome === 'HTTP 404' && !/^not_found(:|$)/.test(observation.body?.error?.code ?? '')) {
    problems.push(`404 without a not_found error body: ${JSON.stringify(observation.body)}`);
  }
  const used = new Set(row.uses?.(w) ?? []);
  for (const [label, value] of secretsFor(w, row.as ?? 'B')) {
    if (!used.has(value) && observation.seen.includes(value)) problems.push(`leaked ${label}`);
  }
  if (observation.crossed) problems.push(`A's socket received ${observation.crossed} frame(s)`);
  if (observation.malformed) problems.push(`${observation.malformed} frame(s) broke the protocol`);
  if (row.verify) problems.push(...(await row.verify(w, observation)));
  return problems.map((p) => `${row.name}: ${p}`);
}

// ---------------------------------------------------------------------------------------------
// How B makes attempts.

async function httpAs(
  w: World,
  target: Target,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  cookie: string | null = w.b.client.cookie,
  requestHeaders: Record<string, string> = {},
): Promise<Observation> {
  // A fresh client per attempt, so a cookie set by one attempt never carries into the next.
  const client = new HttpClient(target.url);
  client.cookie = cookie;
  const response = await client.request(
    method,
    path,
    method === 'POST' ? (body ?? {}) : body,
    requestHeaders,
  );
  const headers = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  return {
    outcome: `HTTP ${response.status}`,
    seen: `${headers}\n\n${response.text}`,
    body: response.body,
  };
}

/** B asks for a socket on a conversation that is not B's, and uses it if (wrongly) let in. */
async function upgradeAs(
  w: World,
  target: Target,
  id: string,
  frames: Array<unknown>,
  cookie: string | null = w.b.client.cookie,
): Promise<Observation> {
  const upgrade = await RawSocket.connect(target.url, id, { cookie });
  if (!upgrade.socket) return { outcome: `upgrade ${upgrade.status}`, seen: upgrade.body };
  const socket = upgrade.socket;
  for (const frame of frames) {
    if (Buffer.isBuffer(frame)) socket.sendBinary(frame);
    else socket.send(frame);
  }
  await socket.settle().catch(() => undefined);
  await socket.close();
  return { outcome: 'upgrade 101', seen: socket.texts.join('\n') };
}

/**
 * B sends frames on B's own socket. Waits until the socket is idle (and `until`, for work that
 * runs outside a turn), then has A's socket answer a probe, so anything wrongly routed to A has
 * arrived by then.
 */
async function onOwnSocket(
  w: World,
  send: (socket: RawSocket) => void,
  options: { until?: (frame: ServerMessage) => boolean; watchA?: boolean } = {},
): Promise<Observation> {
  const { socket } = w.b;
  const from = socket.frames.length;
  const aFrom = w.a.socket.frames.length;
  const stubFrom = w.stub.requests.length;
  send(socket);
  if (options.until) await socket.waitFor(options.until, from);
  await socket.settle();
  await w.a.socket.probe();
  const received = socket.frames.slice(from).filter((f) => !RawSocket.isProbeAnswer(f));
  const frames = received.filter((f): f is ServerMessage => f !== null);
  const error = frames.find((f) => f.type === 'error');
  const outcome = error
    ? `error:${error.type === 'error' ? error.code : ''}`
    : frames.some((f) => f.type === 'reply_done')
      ? 'reply_done'
      : frames.some((f) => f.type === 'transcript')
        ? 'transcript'
        : frames.length === 0
          ? 'silent'
          : frames.map((f) => f.type).join(',');
  const provider = w.stub.requests.slice(stubFrom).map((r) => JSON.stringify(r.body ?? r.form));
  const texts = socket.texts.slice(from);
  return {
    outcome,
    seen: [...texts, ...provider].join('\n'),
    frames,
    malformed: received.length - frames.length,
    crossed:
      options.watchA === false
        ? 0
        : w.a.socket.frames.slice(aFrom).filter((f) => !RawSocket.isProbeAnswer(f)).length,
  };
}

// ---------------------------------------------------------------------------------------------
// The matrix.

const notFound = 'HTTP 404';
/** The isolation server's one school sign-in: configured, never reached (port 9 is closed). */
const CAMPUS_ISSUER = 'http://127.0.0.1:9';

/** A refused branch leaves no new conversation behind, for A or for B. */
async function noBranchMade(w: World): Promise<string[]> {
  const rows = await w.db.query<{ id: string }>(
    'SELECT id FROM conversation_sessions WHERE branch_of IS NOT NULL AND user_id IN ($1, $2)',
    [w.a.user.id, w.b.user.id],
  );
  return rows.length === 0 ? [] : [`branches were made: ${rows.map((r) => r.id).join(', ')}`];
}
/** A browser's offer, as the Realtime engine posts it. */
const SDP_OFFER =
  'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n';
/** The ids of A's that B tries where a conversation id belongs. */
const foreignIds: Array<[label: string, pick: (w: World) => string]> = [
  ["A's open conversation", (w) => w.a.open],
  ["A's ended conversation", (w) => w.a.ended],
  ["A's message id", (w) => w.a.userMessageIds[0]!],
  ["A's feedback id", (w) => w.a.feedbackId],
];

function httpRows(): Row[] {
  const rows: Row[] = [
    {
      name: 'GET /api/health',
      covers: 'GET /api/health',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/health'),
    },
    {
      name: "POST /api/auth/sign-up with A's email",
      covers: 'POST /api/auth/sign-up',
      expect: 'HTTP 409',
      uses: (w) => [w.a.user.email],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          '/api/auth/sign-up',
          { email: w.a.user.email, password: 'another horse battery', fullName: 'Impostor' },
          null,
        ),
    },
    {
      name: "POST /api/auth/sign-in with A's email and B's password",
      covers: 'POST /api/auth/sign-in',
      expect: 'HTTP 401',
      uses: (w) => [w.a.user.email],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          '/api/auth/sign-in',
          { email: w.a.user.email, password: 'correct horse battery B' },
          null,
        ),
    },
    {
      name: 'POST /api/auth/sign-out from a second session of B',
      covers: 'POST /api/auth/sign-out',
      expect: 'HTTP 204',
      async attempt(w, t) {
        const second = new HttpClient(t.url);
        await second.post('/api/auth/sign-in', {
          email: w.b.user.email,
          password: 'correct horse battery',
        });
        return httpAs(w, t, 'POST', '/api/auth/sign-out', {}, second.cookie);
      },
      async verify(w) {
        const [a, b] = await Promise.all([
          w.a.client.get('/api/auth/me'),
          w.b.client.get('/api/auth/me'),
        ]);
        return [
          ...(a.status === 200 ? [] : [`A was signed out too (${a.status})`]),
          ...(b.status === 200 ? [] : [`B's first session was signed out too (${b.status})`]),
        ];
      },
    },
    {
      name: "POST /api/auth/password-reset for A's email, asked by B",
      covers: 'POST /api/auth/password-reset',
      expect: 'HTTP 202',
      uses: (w) => [w.a.user.email],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', '/api/auth/password-reset', { email: w.a.user.email }),
      // The answer names no account: it is the answer for an address nobody uses.
      async verify(w, o) {
        const nobody = await w.b.client.post('/api/auth/password-reset', {
          email: `nobody-${w.b.user.id}@example.com`,
        });
        const a = await w.a.client.get('/api/auth/me');
        return [
          ...(JSON.stringify(o.body) === JSON.stringify(nobody.body)
            ? []
            : ['the answer differs from the one for an unknown address']),
          ...(a.status === 200 ? [] : [`A was signed out (${a.status})`]),
        ];
      },
    },
    {
      name: "POST /api/auth/password-reset/confirm with a token B made up for A's account",
      covers: 'POST /api/auth/password-reset/confirm',
      expect: 'HTTP 400',
      attempt: (w, t) =>
        httpAs(w, t, 'POST', '/api/auth/password-reset/confirm', {
          token: 'a'.repeat(32),
          password: 'a brand new passphrase',
        }),
      async verify(w) {
        const a = await w.a.client.get('/api/auth/me');
        return a.status === 200 ? [] : [`A was signed out (${a.status})`];
      },
    },
    {
      name: 'GET /api/auth/me',
      covers: 'GET /api/auth/me',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/auth/me'),
      verify: async (w, o) => (o.body?.user?.id === w.b.user.id ? [] : ['me is not B']),
    },
    {
      name: 'GET /api/account',
      covers: 'GET /api/account',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/account'),
      verify: async (w, o) => (o.body?.account?.id === w.b.user.id ? [] : ['account is not B']),
    },
    {
      name: 'POST /api/account/name: B renames only B',
      covers: 'POST /api/account/name',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/account/name', { fullName: 'Dr B Renamed' }),
      async verify(w, o) {
        const a = await w.a.client.get('/api/auth/me');
        return [
          ...(o.body?.account?.id === w.b.user.id ? [] : ['renamed someone other than B']),
          ...(a.body?.user?.fullName === w.a.user.fullName ? [] : ["A's name changed"]),
        ];
      },
    },
    {
      name: 'POST /api/account/language: B sets only B',
      covers: 'POST /api/account/language',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/account/language', { locale: 'es' }),
      async verify(w, o) {
        const a = await w.a.client.get('/api/account');
        return [
          ...(o.body?.account?.id === w.b.user.id
            ? []
            : ['set the language of someone other than B']),
          ...(a.body?.account?.locale !== 'es' ? [] : ["A's language changed"]),
        ];
      },
    },
    {
      name: "POST /api/account/email: B asks for A's address",
      covers: 'POST /api/account/email',
      expect: 'HTTP 409',
      uses: (w) => [w.a.user.email],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', '/api/account/email', {
          email: w.a.user.email,
          currentPassword: 'correct horse battery',
        }),
      async verify(w) {
        const [a, b] = await Promise.all([
          w.a.client.get('/api/account'),
          w.b.client.get('/api/account'),
        ]);
        return [
          ...(a.body?.account?.email === w.a.user.email ? [] : ["A's address changed"]),
          ...(b.body?.account?.pendingEmail === null ? [] : ["A's address waits on B's account"]),
        ];
      },
    },
    {
      name: "POST /api/account/verification sends B's link to B",
      covers: 'POST /api/account/verification',
      expect: 'HTTP 202',
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/account/verification'),
      verify: async (w, o) => (o.body?.email === w.b.user.email ? [] : ['the link went elsewhere']),
    },
    {
      name: "POST /api/account/password without B's current password",
      covers: 'POST /api/account/password',
      expect: 'HTTP 400',
      attempt: (w, t) =>
        httpAs(w, t, 'POST', '/api/account/password', {
          currentPassword: 'not the password',
          newPassword: 'a brand new passphrase',
        }),
      async verify(w) {
        const a = await w.a.client.get('/api/auth/me');
        return a.status === 200 ? [] : [`A was signed out (${a.status})`];
      },
    },
    {
      name: 'POST /api/account/sign-out-everywhere from a third account ends only its sessions',
      covers: 'POST /api/account/sign-out-everywhere',
      expect: 'HTTP 204',
      async attempt(w, t) {
        const third = await signedInClient(t.url, 'Dr Third');
        return httpAs(w, t, 'POST', '/api/account/sign-out-everywhere', {}, third.cookie);
      },
      async verify(w) {
        const [a, b] = await Promise.all([
          w.a.client.get('/api/auth/me'),
          w.b.client.get('/api/auth/me'),
        ]);
        return [
          ...(a.status === 200 ? [] : [`A was signed out (${a.status})`]),
          ...(b.status === 200 ? [] : [`B was signed out (${b.status})`]),
        ];
      },
    },
    {
      name: "POST /api/auth/verify-email with a token B made up for A's address",
      covers: 'POST /api/auth/verify-email',
      expect: 'HTTP 400',
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/auth/verify-email', { token: 'a'.repeat(32) }),
    },
    // Single sign-on (decision 050). This server has one provider, `campus`, that never answers
    // (nothing is discovered here), so `school` is an id it does not have. A callback carried to
    // another browser is refused in tests/integration/server/auth/sso.test.ts, and a link
    // callback in another person's session in ssoLink.test.ts, against a real provider.
    {
      name: 'GET /api/auth/sso/providers',
      covers: 'GET /api/auth/sso/providers',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/auth/sso/providers'),
      verify: async (_w, o) =>
        JSON.stringify(o.body) === '{"providers":[{"id":"campus","label":"Campus"}]}'
          ? []
          : ['lists a provider it does not have'],
    },
    // Linking (050's addendum) acts on the session's own account: there is no account id to
    // guess. B's session unlinks only B's, and a provider B is not linked to is a 404.
    {
      name: "DELETE /api/auth/sso/:provider/link with B's session, A linked there",
      covers: 'DELETE /api/auth/sso/:provider/link',
      expect: notFound,
      async attempt(w, t) {
        await w.db.query(
          `INSERT INTO external_identities (kind, issuer, subject, user_id)
           VALUES ('oidc', $1, $2, $3) ON CONFLICT DO NOTHING`,
          [CAMPUS_ISSUER, `a-${w.a.user.id}`, w.a.user.id],
        );
        return httpAs(w, t, 'DELETE', '/api/auth/sso/campus/link');
      },
      async verify(w, o) {
        const [kept] = await w.db.query(
          `SELECT 1 FROM external_identities WHERE kind = 'oidc' AND user_id = $1`,
          [w.a.user.id],
        );
        return [
          ...(kept ? [] : ["A's school sign-in was unlinked"]),
          ...(o.body?.error?.code === 'not_found:sso_identity'
            ? []
            : [`answered ${JSON.stringify(o.body)}`]),
        ];
      },
    },
    {
      name: 'DELETE /api/auth/sso/:provider/link of a provider this server does not have',
      covers: 'DELETE /api/auth/sso/:provider/link',
      expect: notFound,
      attempt: (w, t) => httpAs(w, t, 'DELETE', '/api/auth/sso/school/link'),
    },
    {
      name: 'DELETE /api/auth/sso/:provider/link signed out',
      covers: 'DELETE /api/auth/sso/:provider/link',
      expect: 'HTTP 401',
      attempt: (w, t) => httpAs(w, t, 'DELETE', '/api/auth/sso/campus/link', undefined, null),
    },
    {
      name: 'POST /api/auth/sso/:provider/link of a provider this server does not have',
      covers: 'POST /api/auth/sso/:provider/link',
      expect: notFound,
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/auth/sso/school/link'),
      async verify(w) {
        const flows = await w.db.query(`SELECT 1 FROM sso_logins WHERE intent = 'link'`);
        return flows.length === 0 ? [] : ['a link flow was stored'];
      },
    },
    {
      name: 'POST /api/auth/sso/:provider/link signed out',
      covers: 'POST /api/auth/sso/:provider/link',
      expect: 'HTTP 401',
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/auth/sso/campus/link', {}, null),
    },
    {
      name: 'GET /api/auth/sso/:provider/start of a provider this server does not have',
      covers: 'GET /api/auth/sso/:provider/start',
      expect: notFound,
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/auth/sso/school/start?returnTo=%2F'),
    },
    {
      name: 'GET /api/auth/sso/:provider/callback with a state B made up',
      covers: 'GET /api/auth/sso/:provider/callback',
      expect: notFound,
      attempt: (w, t) =>
        httpAs(w, t, 'GET', `/api/auth/sso/school/callback?state=${'a'.repeat(43)}&code=x`),
      async verify(w) {
        const a = await w.a.client.get('/api/auth/me');
        return a.status === 200 ? [] : [`A was signed out (${a.status})`];
      },
    },
    {
      name: 'GET /api/scenarios',
      covers: 'GET /api/scenarios',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/scenarios'),
    },
    {
      name: 'POST /api/conversations for the scenario A has open',
      covers: 'POST /api/conversations',
      expect: 'HTTP 200',
      attempt: (w, t) =>
        httpAs(w, t, 'POST', '/api/conversations', { scenarioId: w.a.openScenarioId }),
      async verify(w, o) {
        const session = o.body?.session;
        return session?.id === w.b.own ? [] : [`resumed ${session?.id}, not B's own ${w.b.own}`];
      },
    },
    {
      name: "POST /api/conversations with A's conversation id as the scenario",
      covers: 'POST /api/conversations',
      expect: notFound,
      uses: (w) => [w.a.open],
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/conversations', { scenarioId: w.a.open }),
    },
    {
      name: 'GET /api/progress',
      covers: 'GET /api/progress',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/progress'),
      verify: async (_w, o) =>
        o.body?.completedConversations === 1
          ? []
          : [`B sees ${o.body?.completedConversations} sessions`],
    },
    {
      name: 'GET /api/history',
      covers: 'GET /api/history',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/history?limit=100'),
      verify: async (w, o) => {
        const ids = (o.body?.entries ?? []).map(
          (e: { conversationId: string }) => e.conversationId,
        );
        return JSON.stringify(ids) === JSON.stringify([w.b.completed])
          ? []
          : [`B's history is ${JSON.stringify(ids)}`];
      },
    },
    {
      // An unguarded cursor would page B's history from the time of A's session (a timing leak).
      name: "GET /api/history with A's ended conversation as the cursor",
      covers: 'GET /api/history',
      expect: 'HTTP 200',
      uses: (w) => [w.a.ended],
      attempt: (w, t) => httpAs(w, t, 'GET', `/api/history?before=${w.a.ended}`),
      verify: async (_w, o) =>
        o.body?.entries?.length === 0 && o.body?.nextCursor === null
          ? []
          : [`a foreign cursor gave ${JSON.stringify(o.body)}`],
    },
  ];
  for (const [label, pick] of [
    ["A's open conversation", (w: World) => w.a.open],
    ["A's message id", (w: World) => w.a.userMessageIds[0]!],
  ] as const) {
    rows.push({
      name: `GET /api/scenarios/:id with ${label}`,
      covers: 'GET /api/scenarios/:id',
      expect: notFound,
      uses: (w) => [pick(w)],
      attempt: (w, t) => httpAs(w, t, 'GET', `/api/scenarios/${pick(w)}`),
    });
  }
  for (const [label, pick] of foreignIds) {
    rows.push(
      {
        name: `GET /api/conversations/:id with ${label}`,
        covers: 'GET /api/conversations/:id',
        expect: notFound,
        uses: (w) => [pick(w)],
        attempt: (w, t) => httpAs(w, t, 'GET', `/api/conversations/${pick(w)}`),
      },
      {
        name: `POST /api/conversations/:id/end with ${label}`,
        covers: 'POST /api/conversations/:id/end',
        expect: notFound,
        uses: (w) => [pick(w)],
        attempt: (w, t) => httpAs(w, t, 'POST', `/api/conversations/${pick(w)}/end`),
        async verify(w) {
          const detail = await w.a.client.get(`/api/conversations/${w.a.open}`);
          return detail.body.session.endedAt === null && detail.body.feedback === null
            ? []
            : ["A's open conversation was ended"];
        },
      },
      {
        name: `POST /api/conversations/:id/realtime (an SDP offer) with ${label}`,
        covers: 'POST /api/conversations/:id/realtime',
        expect: notFound,
        uses: (w) => [pick(w)],
        attempt: (w, t) =>
          httpAs(w, t, 'POST', `/api/conversations/${pick(w)}/realtime`, SDP_OFFER, undefined, {
            'content-type': 'application/sdp',
          }),
        verify: (w) =>
          Promise.resolve(
            w.server.services.realtime.running(w.a.open)
              ? ["a call was started on A's conversation"]
              : [],
          ),
      },
      {
        name: `DELETE /api/conversations/:id/realtime with ${label}`,
        covers: 'DELETE /api/conversations/:id/realtime',
        expect: notFound,
        uses: (w) => [pick(w)],
        attempt: (w, t) => httpAs(w, t, 'DELETE', `/api/conversations/${pick(w)}/realtime`),
      },
      {
        name: `POST /api/conversations/:id/hint with ${label}`,
        covers: 'POST /api/conversations/:id/hint',
        expect: notFound,
        uses: (w) => [pick(w)],
        attempt: (w, t) => httpAs(w, t, 'POST', `/api/conversations/${pick(w)}/hint`),
      },
      {
        name: `POST /api/conversations/:id/branches with ${label} and A's turn`,
        covers: 'POST /api/conversations/:id/branches',
        expect: notFound,
        uses: (w) => [pick(w), w.a.userMessageIds[0]!],
        attempt: (w, t) =>
          httpAs(w, t, 'POST', `/api/conversations/${pick(w)}/branches`, {
            messageId: w.a.userMessageIds[0]!,
          }),
        verify: noBranchMade,
      },
    );
  }
  // B's own conversations, with a turn of A's: the message must be B's too.
  for (const [label, pick] of [
    ["A's turn (ended conversation)", (w: World) => w.a.userMessageIds[0]!],
    ["A's turn (open conversation)", (w: World) => w.a.userMessageIds[2]!],
    ["A's patient message", (w: World) => w.a.assistantMessageIds.open],
  ] as const) {
    for (const [own, ownId] of [
      ["B's open conversation", (w: World) => w.b.own],
      ["B's ended conversation", (w: World) => w.b.completed],
    ] as const) {
      rows.push({
        name: `POST /api/conversations/:id/branches on ${own} with ${label}`,
        covers: 'POST /api/conversations/:id/branches',
        expect: notFound,
        uses: (w) => [pick(w)],
        attempt: (w, t) =>
          httpAs(w, t, 'POST', `/api/conversations/${ownId(w)}/branches`, {
            messageId: pick(w),
          }),
        verify: noBranchMade,
      });
    }
  }
  rows.push(...audioRows(), ...authoringRows(), ...organisationRows(), ...roleRows());
  rows.push(...myDataRows(), ...ltiRows());
  return rows;
}

/** A registration's fields (decision 051) under an issuer of B's or T's own making. */
function platformFields(issuer: string) {
  return {
    issuer,
    clientId: 'client',
    authUrl: `${issuer}/auth`,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/token`,
    deploymentIds: ['elsewhere'],
  };
}

/** A's LMS registration as it was made: same URLs, same single deployment, still there. */
async function platformUntouched(w: World): Promise<string[]> {
  const rows = await w.db.query<{ id: string; urls: string; deployments: string }>(
    `SELECT p.id, p.auth_url || p.jwks_url || p.token_url AS urls,
            (SELECT string_agg(deployment_id, ',') FROM lti_deployments d
              WHERE d.platform_id = p.id) AS deployments
       FROM lti_platforms p WHERE p.organisation_id = $1`,
    [w.a.org.id],
  );
  const expected = `${w.a.org.issuer}/auth${w.a.org.issuer}/jwks${w.a.org.issuer}/token`;
  return rows.length === 1 && rows[0]!.urls === expected && rows[0]!.deployments === 'dep-a'
    ? []
    : [`A's LMS registrations changed: ${JSON.stringify(rows)}`];
}

/**
 * Issue 29, decision 051: an organisation's LMS registrations are its trainer's alone. B, M
 * (A's trainee) and T (another organisation's trainer) try A's organisation and registration.
 */
function ltiRows(): Row[] {
  const base = '/api/organisations';
  const org = (w: World) => w.a.org;
  const update = (issuer: string) => {
    const { issuer: _issuer, clientId: _clientId, ...rest } = platformFields(issuer);
    return rest;
  };
  return [
    {
      name: "GET /api/organisations/:id/lti of A's organisation",
      covers: 'GET /api/organisations/:id/lti',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/${org(w).id}/lti`),
    },
    {
      name: "GET /api/organisations/:id/lti of A's organisation, as M",
      as: 'M',
      covers: 'GET /api/organisations/:id/lti',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) =>
        httpAs(w, t, 'GET', `${base}/${org(w).id}/lti`, undefined, w.m.client.cookie),
    },
    {
      name: "GET /api/organisations/:id/lti of T's own organisation shows only T's",
      as: 'T',
      covers: 'GET /api/organisations/:id/lti',
      expect: 'HTTP 200',
      attempt: (w, t) =>
        httpAs(w, t, 'GET', `${base}/${w.t.org.id}/lti`, undefined, w.t.client.cookie),
      async verify(_w, o) {
        const platforms = (o.body?.platforms ?? []) as Array<{ issuer: string }>;
        return platforms.length === 1 ? [] : [`T sees ${platforms.length} registrations`];
      },
    },
    {
      name: "POST /api/organisations/:id/lti/platforms on A's organisation, as T",
      as: 'T',
      covers: 'POST /api/organisations/:id/lti/platforms',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/${org(w).id}/lti/platforms`,
          platformFields(`https://t-${randomUUID().slice(0, 8)}.example`),
          w.t.client.cookie,
        ),
      verify: platformUntouched,
    },
    {
      name: "POST /api/organisations/:id/lti/platforms with A's issuer, as T in T's own",
      as: 'T',
      covers: 'POST /api/organisations/:id/lti/platforms',
      expect: 'HTTP 409',
      uses: (w) => [org(w).issuer],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/${w.t.org.id}/lti/platforms`,
          { ...platformFields(org(w).issuer), clientId: 'client-a' },
          w.t.client.cookie,
        ),
      verify: platformUntouched,
    },
    {
      name: "POST /api/organisations/lti/platforms/:id on A's registration, as T",
      as: 'T',
      covers: 'POST /api/organisations/lti/platforms/:id',
      expect: notFound,
      uses: (w) => [org(w).platformId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/lti/platforms/${org(w).platformId}`,
          update('https://evil.example'),
          w.t.client.cookie,
        ),
      verify: platformUntouched,
    },
    {
      name: "POST /api/organisations/lti/platforms/:id on A's registration, as M",
      as: 'M',
      covers: 'POST /api/organisations/lti/platforms/:id',
      expect: notFound,
      uses: (w) => [org(w).platformId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/lti/platforms/${org(w).platformId}`,
          { nonsense: true },
          w.m.client.cookie,
        ),
      verify: platformUntouched,
    },
    {
      name: "GET /api/organisations/cohorts/:id/lti/passbacks of A's cohort, as T",
      as: 'T',
      covers: 'GET /api/organisations/cohorts/:id/lti/passbacks',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'GET',
          `${base}/cohorts/${org(w).cohortId}/lti/passbacks`,
          undefined,
          w.t.client.cookie,
        ),
    },
    {
      name: "GET /api/organisations/cohorts/:id/lti/passbacks of A's cohort, as M",
      as: 'M',
      covers: 'GET /api/organisations/cohorts/:id/lti/passbacks',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'GET',
          `${base}/cohorts/${org(w).cohortId}/lti/passbacks`,
          undefined,
          w.m.client.cookie,
        ),
    },
    {
      name: "POST /api/organisations/cohorts/:id/lti/passbacks/resend on A's cohort, as T",
      as: 'T',
      covers: 'POST /api/organisations/cohorts/:id/lti/passbacks/resend',
      expect: notFound,
      uses: (w) => [org(w).cohortId, org(w).assignmentId, w.m.user.id],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/cohorts/${org(w).cohortId}/lti/passbacks/resend`,
          { assignmentId: org(w).assignmentId, userId: w.m.user.id },
          w.t.client.cookie,
        ),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/cohorts/:id/lti/passbacks/resend on A's cohort",
      covers: 'POST /api/organisations/cohorts/:id/lti/passbacks/resend',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', `${base}/cohorts/${org(w).cohortId}/lti/passbacks/resend`, {
          nonsense: true,
        }),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/cohorts/:id/lti/roster/sync on A's cohort, as T",
      as: 'T',
      covers: 'POST /api/organisations/cohorts/:id/lti/roster/sync',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/cohorts/${org(w).cohortId}/lti/roster/sync`,
          undefined,
          w.t.client.cookie,
        ),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/cohorts/:id/lti/roster/sync on A's cohort",
      covers: 'POST /api/organisations/cohorts/:id/lti/roster/sync',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/cohorts/${org(w).cohortId}/lti/roster/sync`),
      verify: courseUntouched,
    },
    {
      name: "DELETE /api/organisations/lti/platforms/:id of A's registration",
      covers: 'DELETE /api/organisations/lti/platforms/:id',
      expect: notFound,
      uses: (w) => [org(w).platformId],
      attempt: (w, t) => httpAs(w, t, 'DELETE', `${base}/lti/platforms/${org(w).platformId}`),
      verify: platformUntouched,
    },
    {
      name: "DELETE /api/organisations/lti/platforms/:id of A's registration, as T",
      as: 'T',
      covers: 'DELETE /api/organisations/lti/platforms/:id',
      expect: notFound,
      uses: (w) => [org(w).platformId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'DELETE',
          `${base}/lti/platforms/${org(w).platformId}`,
          undefined,
          w.t.client.cookie,
        ),
      verify: platformUntouched,
    },
    ...deepLinkRows(),
  ];
}

/** A's deep-linking request as it must stay: unanswered, nothing assigned through it. */
async function deepLinkUntouched(w: World): Promise<string[]> {
  const rows = await w.db.query<{ answered: boolean }>(
    `SELECT answered_at IS NOT NULL OR response_jwt IS NOT NULL AS answered
       FROM lti_deep_links WHERE id = $1`,
    [w.a.org.deepLinkId],
  );
  const problems =
    rows.length === 1 && !rows[0]!.answered ? [] : [`A's deep link: ${JSON.stringify(rows)}`];
  return [...problems, ...(await courseUntouched(w))];
}

/**
 * Issue 29, decision 051: a deep-linking request is the requesting instructor's alone. B, M (a
 * trainee of the course's cohort) and T (another organisation's trainer) try A's.
 */
function deepLinkRows(): Row[] {
  const base = '/api/lti/deep-links';
  const id = (w: World) => w.a.org.deepLinkId!;
  const cookieOf = (w: World, role: 'M' | 'T') =>
    role === 'M' ? w.m.client.cookie : w.t.client.cookie;
  const rows: Row[] = [
    {
      name: "GET /api/lti/deep-links/:id of A's request",
      covers: 'GET /api/lti/deep-links/:id',
      expect: notFound,
      uses: (w) => [id(w)],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/${id(w)}`),
    },
    {
      name: "POST /api/lti/deep-links/:id on A's request",
      covers: 'POST /api/lti/deep-links/:id',
      expect: notFound,
      uses: (w) => [id(w)],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', `${base}/${id(w)}`, { scenarioId: w.a.customScenarioId }),
      verify: deepLinkUntouched,
    },
    {
      name: "POST /api/lti/deep-links/:id/cancel on A's request",
      covers: 'POST /api/lti/deep-links/:id/cancel',
      expect: notFound,
      uses: (w) => [id(w)],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/${id(w)}/cancel`),
      verify: deepLinkUntouched,
    },
  ];
  for (const role of ['M', 'T'] as const) {
    rows.push(
      {
        name: `GET /api/lti/deep-links/:id of A's request, as ${role}`,
        as: role,
        covers: 'GET /api/lti/deep-links/:id',
        expect: notFound,
        uses: (w) => [id(w)],
        attempt: (w, t) => httpAs(w, t, 'GET', `${base}/${id(w)}`, undefined, cookieOf(w, role)),
      },
      {
        name: `POST /api/lti/deep-links/:id on A's request, as ${role}`,
        as: role,
        covers: 'POST /api/lti/deep-links/:id',
        expect: notFound,
        uses: (w) => [id(w)],
        attempt: (w, t) =>
          httpAs(
            w,
            t,
            'POST',
            `${base}/${id(w)}`,
            { scenarioId: w.a.org.assignmentId },
            cookieOf(w, role),
          ),
        verify: deepLinkUntouched,
      },
      {
        name: `POST /api/lti/deep-links/:id/cancel on A's request, as ${role}`,
        as: role,
        covers: 'POST /api/lti/deep-links/:id/cancel',
        expect: notFound,
        uses: (w) => [id(w)],
        attempt: (w, t) =>
          httpAs(w, t, 'POST', `${base}/${id(w)}/cancel`, undefined, cookieOf(w, role)),
        verify: deepLinkUntouched,
      },
    );
  }
  return rows;
}

/** A's custom scenario as it must stay whatever B tries: same title, version, not deleted. */
async function customScenarioUntouched(w: World): Promise<string[]> {
  const [row] = await w.db.query<{ title: string; version: number; deleted: boolean }>(
    `SELECT title, version, deleted_at IS NOT NULL AS deleted FROM scenarios WHERE id = $1`,
    [w.a.customScenarioId],
  );
  const expected = { title: w.a.customTexts[0], version: 1, deleted: false };
  return JSON.stringify(row) === JSON.stringify(expected)
    ? []
    : [`A's scenario changed: ${JSON.stringify(row)}`];
}

/** Issue 17: an author's own scenarios, through the authoring routes and the practice ones. */
function authoringRows(): Row[] {
  const base = '/api/authoring/scenarios';
  const custom = (w: World) => w.a.customScenarioId;
  return [
    {
      name: "GET /api/authoring/scenarios lists only B's own",
      covers: 'GET /api/authoring/scenarios',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', base),
    },
    {
      name: "GET /api/authoring/scenarios/:id with A's scenario",
      covers: 'GET /api/authoring/scenarios/:id',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/${custom(w)}`),
    },
    {
      name: "GET /api/authoring/scenarios/export with A's scenario",
      covers: 'GET /api/authoring/scenarios/export',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/export?ids=${custom(w)}`),
    },
    {
      name: "POST /api/authoring/scenarios creates B's own",
      covers: 'POST /api/authoring/scenarios',
      expect: 'HTTP 201',
      attempt: (w, t) => httpAs(w, t, 'POST', base, { scenario: customSeed() }),
      verify: customScenarioUntouched,
    },
    {
      name: "POST /api/authoring/scenarios/:id on A's scenario",
      covers: 'POST /api/authoring/scenarios/:id',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/${custom(w)}`, { scenario: customSeed() }),
      verify: customScenarioUntouched,
    },
    {
      name: "POST /api/authoring/scenarios/:id/duplicate on A's scenario",
      covers: 'POST /api/authoring/scenarios/:id/duplicate',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/${custom(w)}/duplicate`),
    },
    {
      name: "POST /api/authoring/scenarios/:id/translate on A's scenario",
      covers: 'POST /api/authoring/scenarios/:id/translate',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/${custom(w)}/translate`, { language: 'es' }),
      verify: customScenarioUntouched,
    },
    {
      name: "DELETE /api/authoring/scenarios/:id on A's scenario",
      covers: 'DELETE /api/authoring/scenarios/:id',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'DELETE', `${base}/${custom(w)}`),
      verify: customScenarioUntouched,
    },
    {
      name: "POST /api/authoring/scenarios/import imports into B's own",
      covers: 'POST /api/authoring/scenarios/import',
      expect: 'HTTP 201',
      attempt: (w, t) =>
        httpAs(w, t, 'POST', `${base}/import`, { scenarios: [customSeed(), customSeed()] }),
      verify: customScenarioUntouched,
    },
    {
      name: "GET /api/scenarios/:id with A's custom scenario",
      covers: 'GET /api/scenarios/:id',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'GET', `/api/scenarios/${custom(w)}`),
    },
    {
      name: "POST /api/conversations with A's custom scenario",
      covers: 'POST /api/conversations',
      expect: notFound,
      uses: (w) => [custom(w)],
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/conversations', { scenarioId: custom(w) }),
      async verify(w) {
        const rows = await w.db.query<{ id: string }>(
          `SELECT id FROM conversation_sessions WHERE scenario_id = $1 AND user_id = $2`,
          [w.a.customScenarioId, w.b.user.id],
        );
        return rows.length === 0 ? [] : ["B was given a conversation on A's scenario"];
      },
    },
    {
      name: 'GET /api/scenarios after A wrote one',
      covers: 'GET /api/scenarios',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/scenarios'),
    },
  ];
}

/** Row counts of A's and T's courses: cohorts, revoked invites, memberships, assignments. */
async function courseState(db: Db, orgs: Course[]): Promise<string> {
  const states = [];
  for (const org of orgs) {
    const [row] = await db.query(
      `SELECT (SELECT name FROM organisations WHERE id = $1) AS name,
              (SELECT name FROM cohorts WHERE id = $3) AS "cohortName",
              (SELECT count(*)::int FROM cohorts WHERE organisation_id = $1) AS cohorts,
              (SELECT count(*)::int FROM cohort_invites WHERE id = $2 AND revoked_at IS NOT NULL)
                AS revoked,
              (SELECT count(*)::int FROM cohort_invites WHERE cohort_id = $3) AS invites,
              (SELECT count(*)::int FROM cohort_memberships WHERE cohort_id = $3) AS members,
              (SELECT count(*)::int FROM cohort_memberships WHERE cohort_id = $3
                 AND left_at IS NULL) AS current,
              (SELECT count(*)::int FROM cohort_assignments WHERE cohort_id = $3) AS assigned`,
      [org.id, org.inviteId, org.cohortId],
    );
    states.push(row);
  }
  return JSON.stringify(states);
}

/**
 * A's and T's courses are untouched: no cohort, invite change, member or assignment made, no
 * name changed, nothing deleted.
 */
async function courseUntouched(w: World): Promise<string[]> {
  const now = await courseState(w.db, [w.a.org, w.t.org]);
  return now === w.courses ? [] : [`a course changed: ${w.courses} → ${now}`];
}

/** Issue 17: A trains an organisation; B (a trainer of none of it) tries each of A's ids. */
function organisationRows(): Row[] {
  const base = '/api/organisations';
  const org = (w: World) => w.a.org;
  return [
    {
      name: "GET /api/organisations lists only B's own",
      covers: 'GET /api/organisations',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', base),
    },
    {
      name: "POST /api/organisations creates B's own",
      covers: 'POST /api/organisations',
      expect: 'HTTP 201',
      attempt: (w, t) => httpAs(w, t, 'POST', base, { name: 'B School' }),
      verify: courseUntouched,
    },
    {
      name: "GET /api/organisations/assignments lists only B's own",
      covers: 'GET /api/organisations/assignments',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/assignments`),
      verify: async (_w, o) =>
        o.body?.assignments?.length === 0 ? [] : ['B was given assignments'],
    },
    {
      name: 'POST /api/organisations/join with an unknown code',
      covers: 'POST /api/organisations/join',
      expect: notFound,
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/join`, { code: 'ZZZZZZZZZZ' }),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/:id/cohorts in A's organisation",
      covers: 'POST /api/organisations/:id/cohorts',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/${org(w).id}/cohorts`, { name: 'Mine' }),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/:id/leave of A's organisation",
      covers: 'POST /api/organisations/:id/leave',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/${org(w).id}/leave`),
    },
    {
      name: "POST /api/organisations/cohorts/:id/invites on A's cohort",
      covers: 'POST /api/organisations/cohorts/:id/invites',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/cohorts/${org(w).cohortId}/invites`, {}),
    },
    {
      name: "POST /api/organisations/invites/:id/revoke on A's invite",
      covers: 'POST /api/organisations/invites/:id/revoke',
      expect: notFound,
      uses: (w) => [org(w).inviteId],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/invites/${org(w).inviteId}/revoke`),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/invites/:id/email with A's invite",
      covers: 'POST /api/organisations/invites/:id/email',
      expect: notFound,
      uses: (w) => [org(w).inviteId],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', `${base}/invites/${org(w).inviteId}/email`, {
          emails: ['someone@example.com'],
        }),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/invites/:id/email with A's invite, as T",
      as: 'T',
      covers: 'POST /api/organisations/invites/:id/email',
      expect: notFound,
      uses: (w) => [org(w).inviteId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/invites/${org(w).inviteId}/email`,
          { emails: ['someone@example.com'] },
          cookieOf(w, 'T'),
        ),
      verify: courseUntouched,
    },
    {
      name: "GET /api/organisations/cohorts/:id/reminders of A's cohort",
      covers: 'GET /api/organisations/cohorts/:id/reminders',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/cohorts/${org(w).cohortId}/reminders`),
    },
    {
      name: "POST /api/organisations/cohorts/:id/reminders of A's cohort, as M",
      as: 'M',
      covers: 'POST /api/organisations/cohorts/:id/reminders',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/cohorts/${org(w).cohortId}/reminders`,
          { hoursBefore: null },
          cookieOf(w, 'M'),
        ),
      async verify(w) {
        const [row] = await w.db.query<{ h: number | null }>(
          'SELECT reminder_hours_before AS h FROM cohorts WHERE id = $1',
          [org(w).cohortId],
        );
        return row?.h === 24 ? [] : [`A's cohort reminds at ${row?.h}`];
      },
    },
    {
      name: "POST /api/organisations/cohorts/:id/assignments on A's cohort",
      covers: 'POST /api/organisations/cohorts/:id/assignments',
      expect: notFound,
      uses: (w) => [org(w).cohortId, w.a.openScenarioId],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', `${base}/cohorts/${org(w).cohortId}/assignments`, {
          scenarioId: w.a.openScenarioId,
        }),
      verify: courseUntouched,
    },
    {
      name: "DELETE /api/organisations/assignments/:id of A's cohort",
      covers: 'DELETE /api/organisations/assignments/:id',
      expect: notFound,
      uses: (w) => [org(w).assignmentId],
      attempt: (w, t) => httpAs(w, t, 'DELETE', `${base}/assignments/${org(w).assignmentId}`),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/conversations/:id/override on A's conversation",
      covers: 'POST /api/organisations/conversations/:id/override',
      expect: notFound,
      uses: (w) => [w.a.ended],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', `${base}/conversations/${w.a.ended}/override`, {
          score: 1,
          comment: 'Not yours to score',
          skills: [{ skill: 'empathy', score: 1, comment: 'Nor this' }],
        }),
      async verify(w) {
        const rows = await w.db.query(
          `SELECT 1 FROM score_overrides WHERE session_id = $1
           UNION ALL SELECT 1 FROM skill_overrides WHERE session_id = $1`,
          [w.a.ended],
        );
        return rows.length === 0 ? [] : ["A's conversation was scored by B"];
      },
    },
    {
      name: "GET /api/organisations/cohorts/:id/export of A's cohort",
      covers: 'GET /api/organisations/cohorts/:id/export',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/cohorts/${org(w).cohortId}/export`),
    },
    {
      name: "GET /api/organisations/cohorts/:id/table of A's cohort",
      covers: 'GET /api/organisations/cohorts/:id/table',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/cohorts/${org(w).cohortId}/table`),
    },
    // Decision 044: managing what a trainer runs, a member's work, the class summary.
    {
      name: "POST /api/organisations/:id/name of A's organisation",
      covers: 'POST /api/organisations/:id/name',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) => httpAs(w, t, 'POST', `${base}/${org(w).id}/name`, { name: 'B owns it' }),
      verify: courseUntouched,
    },
    // Decision 050: only the trainer sets the organisation's password sign-in.
    ...(['B', 'M'] as const).map((as): Row => ({
      name: `POST /api/organisations/:id/password-sign-in of A's organisation, as ${as}`,
      as,
      covers: 'POST /api/organisations/:id/password-sign-in',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${base}/${org(w).id}/password-sign-in`,
          { allowed: false },
          cookieOf(w, as),
        ),
      async verify(w) {
        const [row] = await w.db.query<{ on: boolean }>(
          'SELECT password_sign_in AS on FROM organisations WHERE id = $1',
          [org(w).id],
        );
        return row?.on === true ? [] : ["A's organisation turned passwords off"];
      },
    })),
    {
      name: "DELETE /api/organisations/:id of A's organisation",
      covers: 'DELETE /api/organisations/:id',
      expect: notFound,
      uses: (w) => [org(w).id],
      attempt: (w, t) => httpAs(w, t, 'DELETE', `${base}/${org(w).id}`),
      verify: courseUntouched,
    },
    {
      name: "POST /api/organisations/cohorts/:id/name of A's cohort",
      covers: 'POST /api/organisations/cohorts/:id/name',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) =>
        httpAs(w, t, 'POST', `${base}/cohorts/${org(w).cohortId}/name`, { name: 'B owns it' }),
      verify: courseUntouched,
    },
    {
      name: "DELETE /api/organisations/cohorts/:id of A's cohort",
      covers: 'DELETE /api/organisations/cohorts/:id',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) => httpAs(w, t, 'DELETE', `${base}/cohorts/${org(w).cohortId}`),
      verify: courseUntouched,
    },
    {
      name: "DELETE /api/organisations/cohorts/:id/members/:userId of A's cohort, M",
      covers: 'DELETE /api/organisations/cohorts/:id/members/:userId',
      expect: notFound,
      uses: (w) => [org(w).cohortId, w.m.user.id],
      attempt: (w, t) =>
        httpAs(w, t, 'DELETE', `${base}/cohorts/${org(w).cohortId}/members/${w.m.user.id}`),
      verify: courseUntouched,
    },
    {
      name: "GET /api/organisations/cohorts/:id/members/:userId of A's cohort, M",
      covers: 'GET /api/organisations/cohorts/:id/members/:userId',
      expect: notFound,
      uses: (w) => [org(w).cohortId, w.m.user.id],
      attempt: (w, t) =>
        httpAs(w, t, 'GET', `${base}/cohorts/${org(w).cohortId}/members/${w.m.user.id}`),
    },
    {
      name: "GET /api/organisations/cohorts/:id/summary of A's cohort",
      covers: 'GET /api/organisations/cohorts/:id/summary',
      expect: notFound,
      uses: (w) => [org(w).cohortId],
      attempt: (w, t) => httpAs(w, t, 'GET', `${base}/cohorts/${org(w).cohortId}/summary`),
    },
  ];
}

const cookieOf = (w: World, role: Role) =>
  ({ A: w.a, M: w.m, T: w.t, B: w.b, P: w.p, C: w.c })[role].client.cookie;

const WHO: Record<Role, string> = {
  A: "A (M's trainer)",
  M: "M (a trainee of A's cohort)",
  T: 'T (the trainer of another organisation)',
  B: 'B (a plain user)',
  P: "P (the trainer of N's second organisation, an account N controls)",
  C: "C (a co-instructor of T's cohort only)",
};

/** A's review of M's graded conversation is as A left it: A's score, and no comment by anyone else. */
async function reviewUntouched(w: World): Promise<string[]> {
  const rows = await w.db.query<{ trainer: string; score: number; session: string }>(
    `SELECT trainer_id AS trainer, overall_score AS score, session_id AS session
       FROM score_overrides WHERE session_id IN ($1, $2, $3)`,
    [w.m.before, w.m.during, w.m.after],
  );
  const comments = await w.db.query<{ trainer: string }>(
    `SELECT c.trainer_id AS trainer FROM turn_comments c JOIN messages m ON m.id = c.message_id
      WHERE m.session_id IN ($1, $2, $3)`,
    [w.m.before, w.m.during, w.m.after],
  );
  const problems: string[] = [];
  if (
    JSON.stringify(rows) !==
    JSON.stringify([{ trainer: w.a.user.id, score: 4, session: w.m.during }])
  )
    problems.push(`M's scores changed: ${JSON.stringify(rows)}`);
  if (comments.some((c) => c.trainer !== w.a.user.id))
    problems.push("someone other than A commented on M's work");
  return problems;
}

/** Neither course changed, nor A's review of M's work. */
const nothingChanged = async (w: World) => [
  ...(await courseUntouched(w)),
  ...(await reviewUntouched(w)),
];

/**
 * Issue 17: every organisation route for every role. A trainee sees only their own work; a
 * trainer sees only the cohorts they run; nobody sees across organisations; leaving ends a
 * trainer's access to the work started from then on (decision 023). B's rows are above.
 */
function roleRows(): Row[] {
  const base = '/api/organisations';
  const rows: Row[] = [];
  const row = (
    as: Role,
    route: string,
    what: string,
    expect: string,
    send: (w: World) => { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown },
    more: Partial<Pick<Row, 'uses' | 'verify'>> = {},
  ) => {
    rows.push({
      name: `${route} as ${WHO[as]}: ${what}`,
      covers: route,
      as,
      expect,
      attempt: (w, t) => {
        const { method, path, body } = send(w);
        return httpAs(w, t, method, path, body, cookieOf(w, as));
      },
      verify: nothingChanged,
      ...more,
    });
  };
  const aOrg = (w: World) => w.a.org;
  const tOrg = (w: World) => w.t.org;

  // Lists: each sees their own side only.
  row(
    'M',
    'GET /api/organisations',
    "lists A's cohort as M's",
    'HTTP 200',
    () => ({
      method: 'GET',
      path: base,
    }),
    {
      verify: async (w, o) =>
        JSON.stringify(o.body?.memberships?.map((m: { cohortId: string }) => m.cohortId)) ===
          JSON.stringify([w.a.org.cohortId]) && o.body?.training?.length === 0
          ? []
          : [`M was listed ${JSON.stringify(o.body)}`],
    },
  );
  for (const as of ['A', 'T'] as const) {
    row(
      as,
      'GET /api/organisations',
      'lists only their own',
      'HTTP 200',
      () => ({
        method: 'GET',
        path: base,
      }),
      {
        verify: async (w, o) =>
          o.body?.training?.[0]?.id === (as === 'A' ? w.a.org.id : w.t.org.id) &&
          o.body?.memberships?.length === 0
            ? []
            : [`${as} was listed ${JSON.stringify(o.body)}`],
      },
    );
  }
  for (const as of ['A', 'M', 'T'] as const) {
    row(as, 'POST /api/organisations', 'creates their own', 'HTTP 201', () => ({
      method: 'POST',
      path: base,
      body: { name: `Another of ${as}` },
    }));
  }
  row(
    'M',
    'GET /api/organisations/assignments',
    "lists A's assignment",
    'HTTP 200',
    () => ({
      method: 'GET',
      path: `${base}/assignments`,
    }),
    {
      verify: async (w, o) =>
        o.body?.assignments?.length === 1 && o.body.assignments[0].cohortId === w.a.org.cohortId
          ? []
          : [`M's assignments are ${JSON.stringify(o.body)}`],
    },
  );
  for (const as of ['A', 'T'] as const) {
    row(
      as,
      'GET /api/organisations/assignments',
      'has none',
      'HTTP 200',
      () => ({
        method: 'GET',
        path: `${base}/assignments`,
      }),
      {
        verify: async (_w, o) =>
          o.body?.assignments?.length === 0 ? [] : [`${as} was given assignments`],
      },
    );
  }

  // Joining: a code already used changes nothing; one's own is refused; others are unknown.
  row(
    'M',
    'POST /api/organisations/join',
    "with A's code again (already a member)",
    'HTTP 200',
    (w) => ({
      method: 'POST',
      path: `${base}/join`,
      body: { code: w.a.org.inviteCode },
    }),
  );
  row('A', 'POST /api/organisations/join', "with A's own code", 'HTTP 409', (w) => ({
    method: 'POST',
    path: `${base}/join`,
    body: { code: w.a.org.inviteCode },
  }));
  for (const as of ['M', 'T'] as const) {
    row(as, 'POST /api/organisations/join', 'with an unknown code', notFound, () => ({
      method: 'POST',
      path: `${base}/join`,
      body: { code: 'ZZZZZZZZZZ' },
    }));
  }

  // A trainer's writes, tried by the trainee and across organisations.
  const others: Array<[Role, string, (w: World) => Course]> = [
    ['M', "A's", aOrg],
    ['T', "A's", aOrg],
    ['A', "T's", tOrg],
    ['C', "A's", aOrg],
  ];
  for (const [as, whose, org] of others) {
    row(
      as,
      'POST /api/organisations/:id/cohorts',
      `in ${whose} organisation`,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/${org(w).id}/cohorts`,
        body: { name: 'Mine now' },
      }),
      { uses: (w) => [org(w).id] },
    );
    row(
      as,
      'POST /api/organisations/cohorts/:id/invites',
      `on ${whose} cohort`,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/cohorts/${org(w).cohortId}/invites`,
        body: {},
      }),
      { uses: (w) => [org(w).cohortId] },
    );
    row(
      as,
      'POST /api/organisations/invites/:id/revoke',
      `on ${whose} invite`,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/invites/${org(w).inviteId}/revoke`,
      }),
      { uses: (w) => [org(w).inviteId] },
    );
    row(
      as,
      'POST /api/organisations/cohorts/:id/assignments',
      `on ${whose} cohort`,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/cohorts/${org(w).cohortId}/assignments`,
        body: { scenarioId: w.a.openScenarioId },
      }),
      { uses: (w) => [org(w).cohortId] },
    );
    row(
      as,
      'DELETE /api/organisations/assignments/:id',
      `of ${whose} cohort`,
      notFound,
      (w) => ({
        method: 'DELETE',
        path: `${base}/assignments/${org(w).assignmentId}`,
      }),
      { uses: (w) => [org(w).assignmentId] },
    );
    row(
      as,
      'GET /api/organisations/cohorts/:id/table',
      `of ${whose} cohort`,
      notFound,
      (w) => ({
        method: 'GET',
        path: `${base}/cohorts/${org(w).cohortId}/table`,
      }),
      { uses: (w) => [org(w).cohortId] },
    );
    row(
      as,
      'GET /api/organisations/cohorts/:id/export',
      `of ${whose} cohort`,
      notFound,
      (w) => ({
        method: 'GET',
        path: `${base}/cohorts/${org(w).cohortId}/export`,
      }),
      { uses: (w) => [org(w).cohortId] },
    );
    // Decision 044: only the organisation's trainer renames, deletes, removes or reads members.
    row(
      as,
      'POST /api/organisations/:id/name',
      `of ${whose} organisation`,
      notFound,
      (w) => ({ method: 'POST', path: `${base}/${org(w).id}/name`, body: { name: 'Taken' } }),
      { uses: (w) => [org(w).id] },
    );
    row(
      as,
      'DELETE /api/organisations/:id',
      `of ${whose} organisation`,
      notFound,
      (w) => ({ method: 'DELETE', path: `${base}/${org(w).id}` }),
      { uses: (w) => [org(w).id] },
    );
    row(
      as,
      'POST /api/organisations/cohorts/:id/name',
      `of ${whose} cohort`,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/cohorts/${org(w).cohortId}/name`,
        body: { name: 'Taken' },
      }),
      { uses: (w) => [org(w).cohortId] },
    );
    row(
      as,
      'DELETE /api/organisations/cohorts/:id',
      `of ${whose} cohort`,
      notFound,
      (w) => ({ method: 'DELETE', path: `${base}/cohorts/${org(w).cohortId}` }),
      { uses: (w) => [org(w).cohortId] },
    );
    row(
      as,
      'DELETE /api/organisations/cohorts/:id/members/:userId',
      `of ${whose} cohort, M`,
      notFound,
      (w) => ({
        method: 'DELETE',
        path: `${base}/cohorts/${org(w).cohortId}/members/${w.m.user.id}`,
      }),
      { uses: (w) => [org(w).cohortId, w.m.user.id] },
    );
    row(
      as,
      'GET /api/organisations/cohorts/:id/members/:userId',
      `of ${whose} cohort, M`,
      notFound,
      (w) => ({
        method: 'GET',
        path: `${base}/cohorts/${org(w).cohortId}/members/${w.m.user.id}`,
      }),
      { uses: (w) => [org(w).cohortId, w.m.user.id] },
    );
    row(
      as,
      'GET /api/organisations/cohorts/:id/summary',
      `of ${whose} cohort`,
      notFound,
      (w) => ({ method: 'GET', path: `${base}/cohorts/${org(w).cohortId}/summary` }),
      { uses: (w) => [org(w).cohortId] },
    );
  }
  // A's own cohort with someone who was never in it, or an id that is nobody's: not found.
  for (const [what, id] of [
    ["B's id", (w: World) => w.b.user.id],
    ["T's id", (w: World) => w.t.user.id],
    ['a malformed id', () => 'not-an-id'],
  ] as const) {
    row(
      'A',
      'GET /api/organisations/cohorts/:id/members/:userId',
      `of A's cohort, with ${what}`,
      notFound,
      (w) => ({ method: 'GET', path: `${base}/cohorts/${w.a.org.cohortId}/members/${id(w)}` }),
      { uses: (w) => [id(w)] },
    );
    row(
      'A',
      'DELETE /api/organisations/cohorts/:id/members/:userId',
      `of A's cohort, with ${what}`,
      notFound,
      (w) => ({ method: 'DELETE', path: `${base}/cohorts/${w.a.org.cohortId}/members/${id(w)}` }),
      { uses: (w) => [id(w)] },
    );
  }
  // A opens M: only the conversation M started while a member (the secrets check would see the
  // ones from before joining or after leaving), and the class summary counts only it.
  row(
    'A',
    'GET /api/organisations/cohorts/:id/members/:userId',
    "of A's cohort, M's conversations while a member",
    'HTTP 200',
    (w) => ({ method: 'GET', path: `${base}/cohorts/${w.a.org.cohortId}/members/${w.m.user.id}` }),
    {
      verify: async (w, o) => [
        ...(JSON.stringify(o.body?.conversations?.map((c: { id: string }) => c.id)) ===
        JSON.stringify([w.m.during])
          ? []
          : [`A read M's conversations as ${JSON.stringify(o.body?.conversations)}`]),
        ...(await nothingChanged(w)),
      ],
    },
  );
  row(
    'A',
    'GET /api/organisations/cohorts/:id/summary',
    "of A's cohort, over work done while members",
    'HTTP 200',
    (w) => ({ method: 'GET', path: `${base}/cohorts/${w.a.org.cohortId}/summary` }),
    {
      verify: async (w, o) => [
        // M's conversation while a member and N's: nothing from before joining or after leaving.
        ...(o.body?.conversations === 2 && o.body?.trainees === 2
          ? []
          : [`A's summary counted ${o.body?.conversations} conversations`]),
        ...(await nothingChanged(w)),
      ],
    },
  );
  // Removing an assignment: a malformed or unknown id names nothing, even for a trainer.
  for (const [what, id] of [
    ['with a malformed id', 'not-an-id'],
    ['with an unknown id', randomUUID()],
  ] as const) {
    row('A', 'DELETE /api/organisations/assignments/:id', what, notFound, () => ({
      method: 'DELETE',
      path: `${base}/assignments/${id}`,
    }));
  }
  // Leaving: only a member leaves, and only their own organisation.
  for (const [as, whose, org] of [
    ['A', "A's own", aOrg],
    ['T', "A's", aOrg],
    ['M', "T's", tOrg],
    ['A', "T's", tOrg],
  ] as const) {
    row(
      as,
      'POST /api/organisations/:id/leave',
      `of ${whose} organisation`,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/${org(w).id}/leave`,
      }),
      { uses: (w) => [org(w).id] },
    );
  }
  // The trainer's own cohort table and CSV: M's row, with nothing from before joining or after
  // leaving (the secrets check would see it).
  for (const route of ['table', 'export'] as const) {
    row(
      'A',
      `GET /api/organisations/cohorts/:id/${route}`,
      "of A's cohort shows M",
      'HTTP 200',
      (w) => ({
        method: 'GET',
        path: `${base}/cohorts/${w.a.org.cohortId}/${route}`,
      }),
      {
        verify: async (w, o) => [
          ...(o.seen.includes(w.m.user.fullName) ? [] : ["M is not in A's cohort"]),
          ...(await nothingChanged(w)),
        ],
      },
    );
  }

  // M's conversations, read, scored and commented by each role.
  const conversations: Array<[string, (w: World) => string, (w: World) => string]> = [
    ['before joining', (w) => w.m.before, (w) => w.m.messageIds.before[0]!],
    ['while a member', (w) => w.m.during, (w) => w.m.messageIds.during[1]!],
    ['after leaving', (w) => w.m.after, (w) => w.m.messageIds.after[0]!],
  ];
  for (const as of ['A', 'T', 'M', 'B'] as const) {
    for (const [when, id, message] of conversations) {
      const seen = as === 'A' && when === 'while a member';
      const what = `M's conversation started ${when}`;
      row(
        as,
        'GET /api/organisations/conversations/:id',
        what,
        seen ? 'HTTP 200' : notFound,
        (w) => ({
          method: 'GET',
          path: `${base}/conversations/${id(w)}`,
        }),
        {
          uses: (w) => [id(w)],
          verify: async (w, o) => [
            ...(!seen ||
            (o.body?.trainee?.id === w.m.user.id &&
              JSON.stringify(o.body.audio) === '{}' &&
              JSON.stringify(o.body.review?.overrides?.map((r: { score: number }) => r.score)) ===
                '[4]' &&
              o.seen.includes(w.m.texts.during[0]!))
              ? []
              : [`A's review read ${JSON.stringify(o.body).slice(0, 300)}`]),
            ...(await nothingChanged(w)),
          ],
        },
      );
      row(
        as,
        'POST /api/organisations/conversations/:id/override',
        what,
        seen ? 'HTTP 200' : notFound,
        (w) => ({
          method: 'POST',
          path: `${base}/conversations/${id(w)}/override`,
          body: { score: 4, comment: 'Ask before explaining.' },
        }),
        { uses: (w) => [id(w)] },
      );
      const comment = `${as} on ${when} ${randomUUID()}`;
      row(
        as,
        'POST /api/organisations/conversations/:id/comments',
        `${what}, on its turn`,
        seen ? 'HTTP 201' : notFound,
        (w) => ({
          method: 'POST',
          path: `${base}/conversations/${id(w)}/comments`,
          body: { messageId: message(w), comment },
        }),
        {
          uses: (w) => [id(w), message(w)],
          async verify(w) {
            const stored = await w.db.query(`SELECT 1 FROM turn_comments WHERE comment = $1`, [
              comment,
            ]);
            return [
              ...(stored.length === (seen ? 1 : 0) ? [] : [`${stored.length} comment(s) stored`]),
              ...(await nothingChanged(w)),
            ];
          },
        },
      );
    }
  }
  // A's own conversation, B's, and ids that are not conversations: never a trainer's to review.
  const notReviewable: Array<[string, (w: World) => string]> = [
    ["A's own conversation", (w) => w.a.ended],
    ["B's conversation", (w) => w.b.completed],
    ["M's message id", (w) => w.m.messageIds.during[1]!],
    ['a malformed id', () => 'not-a-uuid'],
  ];
  for (const [what, id] of notReviewable) {
    row(
      'A',
      'GET /api/organisations/conversations/:id',
      what,
      notFound,
      (w) => ({
        method: 'GET',
        path: `${base}/conversations/${id(w)}`,
      }),
      { uses: (w) => [id(w)] },
    );
    row(
      'A',
      'POST /api/organisations/conversations/:id/override',
      what,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/conversations/${id(w)}/override`,
        body: { score: 1, comment: 'Not mine to score' },
      }),
      { uses: (w) => [id(w)] },
    );
  }
  // A turn that is not of the conversation commented on.
  for (const [what, message] of [
    ["M's turn before joining", (w: World) => w.m.messageIds.before[0]!],
    ["M's turn after leaving", (w: World) => w.m.messageIds.after[0]!],
    ["A's own turn", (w: World) => w.a.userMessageIds[0]!],
  ] as const) {
    row(
      'A',
      'POST /api/organisations/conversations/:id/comments',
      `M's conversation while a member, with ${what}`,
      notFound,
      (w) => ({
        method: 'POST',
        path: `${base}/conversations/${w.m.during}/comments`,
        body: { messageId: message(w), comment: 'Wrong turn' },
      }),
      { uses: (w) => [w.m.during, message(w)] },
    );
  }
  // The trainee's own detail carries the review; nobody else reads it through the owner's route.
  row(
    'M',
    'GET /api/conversations/:id',
    "M's own conversation, with A's review",
    'HTTP 200',
    (w) => ({
      method: 'GET',
      path: `/api/conversations/${w.m.during}`,
    }),
    {
      verify: async (w, o) => [
        ...(o.body?.review?.overrides?.[0]?.trainerName === w.a.user.fullName &&
        o.body.review.overrides[0].score === 4 &&
        o.body.review.comments.some(
          (c: { comment: string }) => c.comment === 'A good open question.',
        )
          ? []
          : [`M's review is ${JSON.stringify(o.body?.review)}`]),
        ...(await nothingChanged(w)),
      ],
    },
  );
  for (const as of ['A', 'T'] as const) {
    row(
      as,
      'GET /api/conversations/:id',
      "M's conversation while a member",
      notFound,
      (w) => ({
        method: 'GET',
        path: `/api/conversations/${w.m.during}`,
      }),
      { uses: (w) => [w.m.during] },
    );
  }
  row(
    'M',
    'GET /api/conversations/:id',
    "A's ended conversation",
    notFound,
    (w) => ({
      method: 'GET',
      path: `/api/conversations/${w.a.ended}`,
    }),
    { uses: (w) => [w.a.ended] },
  );
  coInstructorRows(row);
  rows.push(...reviewsAcrossOrganisationsRows());
  return rows;
}

/** C still co-instructs T's cohort, and nobody else co-instructs anything of A's or T's. */
async function coInstructorsUntouched(w: World): Promise<string[]> {
  const rows = await w.db.query<{ cohort: string; user: string }>(
    `SELECT cohort_id AS cohort, user_id AS "user" FROM cohort_instructors
      WHERE cohort_id IN ($1, $2)`,
    [w.a.org.cohortId, w.t.org.cohortId],
  );
  return JSON.stringify(rows) === JSON.stringify([{ cohort: w.t.org.cohortId, user: w.c.user.id }])
    ? []
    : [`the co-instructors changed: ${JSON.stringify(rows)}`];
}

type RoleRow = (
  as: Role,
  route: string,
  what: string,
  expect: string,
  send: (w: World) => { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown },
  more?: Partial<Pick<Row, 'uses' | 'verify'>>,
) => void;

/**
 * Issue 29 (decision 052): C co-instructs T's cohort. That cohort's work is C's (its table,
 * summary, export and passbacks); T's organisation as a whole (its name, its cohorts, invites,
 * password setting, registrations, co-instructors) is T's alone, and nothing of A's reaches C
 * (the `others` rows above). Only T removes a co-instructor.
 */
function coInstructorRows(row: RoleRow): void {
  const base = '/api/organisations';
  const unchanged = async (w: World) => [
    ...(await courseUntouched(w)),
    ...(await reviewUntouched(w)),
    ...(await coInstructorsUntouched(w)),
  ];
  row(
    'C',
    'GET /api/organisations',
    "lists T's cohort as co-taught, and nothing to run",
    'HTTP 200',
    () => ({ method: 'GET', path: base }),
    {
      verify: async (w, o) =>
        JSON.stringify(o.body?.coTeaching?.map((c: { id: string }) => c.id)) ===
          JSON.stringify([w.t.org.cohortId]) &&
        o.body?.training?.length === 0 &&
        o.body?.memberships?.length === 0
          ? await unchanged(w)
          : [`C was listed ${JSON.stringify(o.body)}`],
    },
  );
  for (const [route, path] of [
    ['GET /api/organisations/cohorts/:id/table', 'table'],
    ['GET /api/organisations/cohorts/:id/summary', 'summary'],
    ['GET /api/organisations/cohorts/:id/export', 'export'],
    ['GET /api/organisations/cohorts/:id/lti/passbacks', 'lti/passbacks'],
  ] as const) {
    row('C', route, "of T's cohort, which C co-instructs", 'HTTP 200', (w) => ({
      method: 'GET',
      path: `${base}/cohorts/${w.t.org.cohortId}/${path}`,
    }));
  }
  const ownerOnly: Array<
    [
      route: string,
      send: (w: World) => { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown },
    ]
  > = [
    [
      'POST /api/organisations/:id/name',
      (w) => ({ method: 'POST', path: `${base}/${w.t.org.id}/name`, body: { name: 'C owns it' } }),
    ],
    ['DELETE /api/organisations/:id', (w) => ({ method: 'DELETE', path: `${base}/${w.t.org.id}` })],
    [
      'POST /api/organisations/:id/cohorts',
      (w) => ({
        method: 'POST',
        path: `${base}/${w.t.org.id}/cohorts`,
        body: { name: 'C made it' },
      }),
    ],
    [
      'POST /api/organisations/:id/password-sign-in',
      (w) => ({
        method: 'POST',
        path: `${base}/${w.t.org.id}/password-sign-in`,
        body: { allowed: false },
      }),
    ],
    [
      'GET /api/organisations/:id/lti',
      (w) => ({ method: 'GET', path: `${base}/${w.t.org.id}/lti` }),
    ],
    [
      'GET /api/organisations/:id/lti/platforms',
      (w) => ({ method: 'GET', path: `${base}/${w.t.org.id}/lti/platforms` }),
    ],
    [
      'POST /api/organisations/cohorts/:id/name',
      (w) => ({
        method: 'POST',
        path: `${base}/cohorts/${w.t.org.cohortId}/name`,
        body: { name: 'C renamed it' },
      }),
    ],
    [
      'DELETE /api/organisations/cohorts/:id',
      (w) => ({ method: 'DELETE', path: `${base}/cohorts/${w.t.org.cohortId}` }),
    ],
    [
      'POST /api/organisations/cohorts/:id/invites',
      (w) => ({ method: 'POST', path: `${base}/cohorts/${w.t.org.cohortId}/invites`, body: {} }),
    ],
    [
      'POST /api/organisations/invites/:id/revoke',
      (w) => ({ method: 'POST', path: `${base}/invites/${w.t.org.inviteId}/revoke` }),
    ],
    [
      'DELETE /api/organisations/cohorts/:id/instructors/:userId',
      (w) => ({
        method: 'DELETE',
        path: `${base}/cohorts/${w.t.org.cohortId}/instructors/${w.c.user.id}`,
      }),
    ],
  ];
  for (const [route, send] of ownerOnly) {
    row('C', route, "of T's organisation, the owner's alone", notFound, send, {
      uses: (w) => [w.t.org.inviteId, w.c.user.id],
      verify: unchanged,
    });
  }
  // M's conversation (A's cohort) is not C's to read.
  row(
    'C',
    'GET /api/organisations/conversations/:id',
    "M's conversation in A's cohort",
    notFound,
    (w) => ({ method: 'GET', path: `${base}/conversations/${w.m.during}` }),
    { uses: (w) => [w.m.during] },
  );
  // Removing a co-instructor: only T, only a co-instructor of T's cohort.
  for (const [as, what, send] of [
    ['B', "C from T's cohort", (w: World) => `${w.t.org.cohortId}/instructors/${w.c.user.id}`],
    ['A', "C from T's cohort", (w: World) => `${w.t.org.cohortId}/instructors/${w.c.user.id}`],
    ['M', "C from T's cohort", (w: World) => `${w.t.org.cohortId}/instructors/${w.c.user.id}`],
    [
      'T',
      'B, who co-instructs nothing',
      (w: World) => `${w.t.org.cohortId}/instructors/${w.b.user.id}`,
    ],
    ['T', 'a malformed id', (w: World) => `${w.t.org.cohortId}/instructors/not-an-id`],
    ['T', "C from A's cohort", (w: World) => `${w.a.org.cohortId}/instructors/${w.c.user.id}`],
  ] as const) {
    row(
      as,
      'DELETE /api/organisations/cohorts/:id/instructors/:userId',
      what,
      notFound,
      (w) => ({ method: 'DELETE', path: `${base}/cohorts/${send(w)}` }),
      {
        uses: (w) => [w.t.org.cohortId, w.a.org.cohortId, w.c.user.id, w.b.user.id],
        verify: unchanged,
      },
    );
  }
}

/**
 * A's score of N's conversation is still A's 4 (empathy 3), and A's cohort table still shows it.
 */
async function reviewOfNByAUntouched(w: World): Promise<string[]> {
  const rows = await w.db.query<{ trainer: string; score: number; skills: string }>(
    `SELECT o.trainer_id AS trainer, o.overall_score AS score,
            (SELECT string_agg(k.skill || '=' || k.score, ',' ORDER BY k.skill)
               FROM skill_overrides k
              WHERE k.session_id = o.session_id AND k.organisation_id = o.organisation_id)
              AS skills
       FROM score_overrides o JOIN organisations g ON g.id = o.organisation_id
      WHERE o.session_id = $1 AND g.trainer_id = $2`,
    [w.n.both, w.a.user.id],
  );
  const table = await w.a.client.get(`/api/organisations/cohorts/${w.a.org.cohortId}/table`);
  const cell = table.body?.rows
    ?.find((r: { userId: string }) => r.userId === w.n.user.id)
    ?.cells.find((c: { conversationId: string | null }) => c.conversationId === w.n.both);
  return [
    ...(JSON.stringify(rows) ===
    JSON.stringify([{ trainer: w.a.user.id, score: 4, skills: 'empathy=3' }])
      ? []
      : [`A's score of N's conversation is now ${JSON.stringify(rows)}`]),
    ...(cell?.score === 4 && cell.overridden === true
      ? []
      : [`A's table shows N's conversation as ${JSON.stringify(cell)}`]),
  ];
}

/**
 * Issue 22: N is in A's cohort and in P's organisation (P: an account N controls), and started
 * a conversation while in both. P may read it, and score and comment it for P's organisation,
 * but never reads, replaces or removes A's score or comments; nor does A read P's (decision 026).
 */
function reviewsAcrossOrganisationsRows(): Row[] {
  const base = '/api/organisations';
  const path = (w: World) => `${base}/conversations/${w.n.both}`;
  const onlyScores = (o: Observation, scores: number[]) =>
    JSON.stringify(o.body?.review?.overrides?.map((r: { score: number }) => r.score)) ===
    JSON.stringify(scores)
      ? []
      : [`the review's scores are ${JSON.stringify(o.body?.review?.overrides)}`];
  return [
    {
      name: `GET /api/organisations/conversations/:id as ${WHO.P}: N's conversation, with P's review only`,
      covers: 'GET /api/organisations/conversations/:id',
      as: 'P',
      expect: 'HTTP 200',
      uses: (w) => [w.n.both],
      attempt: (w, t) => httpAs(w, t, 'GET', path(w), undefined, cookieOf(w, 'P')),
      verify: async (w, o) => [...onlyScores(o, [10]), ...(await reviewOfNByAUntouched(w))],
    },
    {
      name: `POST /api/organisations/conversations/:id/override as ${WHO.P}: N's conversation, 10 again`,
      covers: 'POST /api/organisations/conversations/:id/override',
      as: 'P',
      expect: 'HTTP 200',
      uses: (w) => [w.n.both],
      attempt: (w, t) =>
        httpAs(
          w,
          t,
          'POST',
          `${path(w)}/override`,
          {
            score: 10,
            comment: w.reviewsOfN.p[0],
            skills: [{ skill: 'empathy', score: 10, comment: w.reviewsOfN.p[0] }],
          },
          cookieOf(w, 'P'),
        ),
      verify: reviewOfNByAUntouched,
    },
    {
      name: `POST /api/organisations/conversations/:id/comments as ${WHO.P}: N's conversation, on A's commented turn`,
      covers: 'POST /api/organisations/conversations/:id/comments',
      as: 'P',
      expect: 'HTTP 201',
      uses: (w) => [w.n.both, w.n.messageIds[1]!],
      attempt(w, t) {
        const comment = `P again ${randomUUID()}`;
        w.reviewsOfN.p.push(comment);
        return httpAs(
          w,
          t,
          'POST',
          `${path(w)}/comments`,
          { messageId: w.n.messageIds[1], comment },
          cookieOf(w, 'P'),
        );
      },
      async verify(w) {
        const own = await w.n.client.get(`/api/conversations/${w.n.both}`);
        const a = own.body?.review?.comments?.filter(
          (c: { trainerName: string }) => c.trainerName === w.a.user.fullName,
        );
        return [
          ...(JSON.stringify(a?.map((c: { comment: string }) => c.comment)) ===
          JSON.stringify([w.reviewsOfN.a[1]])
            ? []
            : [`A's comments on N's conversation are now ${JSON.stringify(a)}`]),
          ...(await reviewOfNByAUntouched(w)),
        ];
      },
    },
    {
      name: `GET /api/organisations/conversations/:id as ${WHO.A}: N's conversation, with A's review only`,
      covers: 'GET /api/organisations/conversations/:id',
      as: 'A',
      expect: 'HTTP 200',
      uses: (w) => [w.n.both],
      attempt: (w, t) => httpAs(w, t, 'GET', path(w), undefined, cookieOf(w, 'A')),
      verify: async (w, o) => [...onlyScores(o, [4]), ...(await reviewOfNByAUntouched(w))],
    },
  ];
}

/** The conversations of A's and M's that must outlive every deletion attempt of another. */
async function conversationsStillThere(w: World, ids: (w: World) => string[]) {
  const wanted = ids(w);
  const rows = await w.db.query<{ id: string }>(
    `SELECT id FROM conversation_sessions WHERE id = ANY($1::uuid[])`,
    [wanted],
  );
  const found = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => !found.has(id)).map((id) => `conversation ${id} was deleted`);
}

/**
 * "Download my data" as one role: the archive is unzipped and everything in it becomes what
 * the role saw, so the judge's leak check reads the files, not the compressed bytes.
 */
async function exportAs(w: World, target: Target, cookie: string | null): Promise<Observation> {
  const response = await fetch(`${target.url}/api/account/export`, {
    headers: { cookie: cookie ?? '' },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  if (!response.ok) {
    const text = Buffer.from(bytes).toString('utf8');
    return {
      outcome: `HTTP ${response.status}`,
      seen: `${headers}\n\n${text}`,
      body: JSON.parse(text),
    };
  }
  const files = unzipSync(bytes);
  const seen = Object.entries(files)
    .map(([name, data]) => `${name}\n${Buffer.from(data).toString('latin1')}`)
    .join('\n');
  const account = files['account.json'] ? JSON.parse(strFromU8(files['account.json'])) : null;
  return {
    outcome: `HTTP ${response.status}`,
    seen: `${headers}\n\n${seen}`,
    body: { account, names: Object.keys(files) },
  };
}

/** Issue 27, decision 045: deleting a conversation, the archive, the recordings setting, deleting an account. */
function myDataRows(): Row[] {
  const untouched = (w: World) => [w.a.ended, w.a.open, w.m.during, w.m.before, w.m.after];
  const deleteRows = foreignIds.map(([label, pick]): Row => ({
    name: `DELETE /api/conversations/:id with ${label}`,
    covers: 'DELETE /api/conversations/:id',
    expect: notFound,
    uses: (w) => [pick(w)],
    attempt: (w, t) => httpAs(w, t, 'DELETE', `/api/conversations/${pick(w)}`),
    verify: (w) => conversationsStillThere(w, untouched),
  }));
  return [
    ...deleteRows,
    {
      name: `DELETE /api/conversations/:id as ${WHO.A}: M's conversation started while a member`,
      as: 'A',
      covers: 'DELETE /api/conversations/:id',
      expect: notFound,
      uses: (w) => [w.m.during],
      attempt: (w, t) =>
        httpAs(w, t, 'DELETE', `/api/conversations/${w.m.during}`, undefined, cookieOf(w, 'A')),
      verify: (w) => conversationsStillThere(w, untouched),
    },
    {
      name: `DELETE /api/conversations/:id as ${WHO.M}: A's ended conversation`,
      as: 'M',
      covers: 'DELETE /api/conversations/:id',
      expect: notFound,
      uses: (w) => [w.a.ended],
      attempt: (w, t) =>
        httpAs(w, t, 'DELETE', `/api/conversations/${w.a.ended}`, undefined, cookieOf(w, 'M')),
      verify: (w) => conversationsStillThere(w, untouched),
    },
    {
      name: "DELETE /api/conversations/:id with B's own open conversation",
      covers: 'DELETE /api/conversations/:id',
      expect: 'HTTP 409',
      uses: (w) => [w.b.own],
      attempt: (w, t) => httpAs(w, t, 'DELETE', `/api/conversations/${w.b.own}`),
      verify: (w) => conversationsStillThere(w, (x) => [x.b.own, ...untouched(x)]),
    },
    ...(['B', 'A', 'M', 'T'] as const).map((role): Row => ({
      name: `GET /api/account/export as ${WHO[role]}`,
      as: role,
      covers: 'GET /api/account/export',
      expect: 'HTTP 200',
      attempt: (w, t) => exportAs(w, t, cookieOf(w, role)),
      async verify(w, o) {
        const me = { A: w.a, M: w.m, T: w.t, B: w.b, P: w.p }[role].user.id;
        return [
          ...(o.body?.account?.account?.id === me ? [] : ['the archive is not of its owner']),
          ...(o.body?.names?.includes('README.txt') ? [] : ['the archive has no README.txt']),
        ];
      },
    })),
    {
      name: 'GET /api/account/export signed out',
      covers: 'GET /api/account/export',
      expect: 'HTTP 401',
      attempt: (w, t) => exportAs(w, t, null),
    },
    {
      name: 'GET /api/account/recordings',
      covers: 'GET /api/account/recordings',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'GET', '/api/account/recordings'),
      verify: async (_w, o) =>
        typeof o.body?.recordings?.keepRecordings === 'boolean' ? [] : ['no setting'],
    },
    {
      name: "POST /api/account/recordings turns off B's recordings only",
      covers: 'POST /api/account/recordings',
      expect: 'HTTP 200',
      attempt: (w, t) => httpAs(w, t, 'POST', '/api/account/recordings', { keepRecordings: false }),
      async verify(w) {
        const rows = await w.db.query<{ id: string; keep: boolean }>(
          `SELECT id, keep_recordings AS keep FROM users WHERE id = ANY($1::uuid[])`,
          [[w.a.user.id, w.b.user.id, w.m.user.id]],
        );
        // Back on, so later rows see B as before.
        await w.b.client.post('/api/account/recordings', { keepRecordings: true });
        return rows.flatMap((r) =>
          r.keep === (r.id !== w.b.user.id) ? [] : [`${r.id}'s setting is ${r.keep}`],
        );
      },
    },
    {
      name: 'DELETE /api/account with a wrong password',
      covers: 'DELETE /api/account',
      // bad_request:current_password, as the other account forms (since d89afe8).
      expect: 'HTTP 400',
      attempt: (w, t) =>
        httpAs(w, t, 'DELETE', '/api/account', { password: 'not the right one at all' }),
      async verify(w) {
        const b = await w.b.client.get('/api/auth/me');
        return b.status === 200 ? [] : [`B was signed out or deleted (${b.status})`];
      },
    },
    {
      name: 'DELETE /api/account signed out',
      covers: 'DELETE /api/account',
      expect: 'HTTP 401',
      attempt: (w, t) =>
        httpAs(w, t, 'DELETE', '/api/account', { password: 'correct horse battery' }, null),
    },
    {
      name: 'DELETE /api/account of a new account C: nobody else loses anything',
      covers: 'DELETE /api/account',
      expect: 'HTTP 204',
      async attempt(w, t) {
        const c = await signedInClient(t.url, 'Cora Leaving');
        return httpAs(
          w,
          t,
          'DELETE',
          '/api/account',
          { password: 'correct horse battery' },
          c.cookie,
        );
      },
      async verify(w) {
        const signedIn = await Promise.all(
          [w.a.client, w.b.client, w.m.client].map((c) => c.get('/api/auth/me')),
        );
        return [
          ...(await conversationsStillThere(w, (x) => [x.b.own, x.b.completed, ...untouched(x)])),
          ...signedIn.flatMap((r, i) =>
            r.status === 200 ? [] : [`${'ABM'[i]} was signed out (${r.status})`],
          ),
        ];
      },
    },
  ];
}

const AUDIO_ROUTE = 'GET /api/conversations/:id/messages/:messageId/audio';
const audioPath = (conversationId: string, messageId: string) =>
  `/api/conversations/${conversationId}/messages/${messageId}/audio`;

/** A's kept recordings, asked for by B under every conversation id B could put in front. */
function audioRows(): Row[] {
  const conversations: Array<[string, (w: World) => string]> = [
    ["A's ended conversation", (w) => w.a.ended],
    ["A's open conversation", (w) => w.a.open],
    ["B's own conversation", (w) => w.b.own],
    ["B's completed conversation", (w) => w.b.completed],
    ["A's message id", (w) => w.a.audioMessageIds[0]!],
  ];
  const messages: Array<[string, (w: World) => string]> = [
    ["A's spoken turn", (w) => w.a.audioMessageIds[0]!],
    ["A's patient reply", (w) => w.a.audioMessageIds[1]!],
  ];
  return conversations.flatMap(([conversationLabel, conversation]) =>
    messages.map(([messageLabel, message]): Row => ({
      name: `GET ${AUDIO_ROUTE.slice(4)} with ${conversationLabel} and ${messageLabel}`,
      covers: AUDIO_ROUTE,
      expect: notFound,
      uses: (w) => [conversation(w), message(w)],
      attempt: (w, t) => httpAs(w, t, 'GET', audioPath(conversation(w), message(w))),
      // The recording is there for its owner: B's 404 is the guard's, not an absence.
      async verify(w) {
        const response = await fetch(w.server.url + audioPath(w.a.ended, message(w)), {
          headers: { cookie: w.a.client.cookie ?? '' },
        });
        return response.status === 200 ? [] : [`A cannot play A's audio (${response.status})`];
      },
    })),
  );
}

/** One 100 ms frame of a streamed utterance (sequence number 0). */
const streamFrame = () =>
  Buffer.from(
    encodeStreamFrame(
      0,
      Int16Array.from({ length: 1600 }, (_, i) => Math.round(3000 * Math.sin(i / 8))),
    ),
  );

/** One frame (or header and bytes) of each type, as B would send it to A's conversation. */
const framesOf: Record<string, (w: World) => unknown[]> = {
  turn: () => [{ type: 'turn', clientId: randomUUID(), text: 'B was here', stream: true }],
  audio_start: () => {
    const clientId = randomUUID();
    return [
      { type: 'audio_start', clientId, format: 'pcm16', sampleRate: 16_000 },
      streamFrame(),
      { type: 'audio_commit', clientId, frames: 1 },
    ];
  },
  audio_commit: () => [{ type: 'audio_commit', clientId: randomUUID(), frames: 1 }],
  audio_cancel: () => [{ type: 'audio_cancel', clientId: randomUUID() }],
  audio_pause: () => [{ type: 'audio_pause', clientId: randomUUID(), frames: 1 }],
  cancel: () => [{ type: 'cancel', heardChars: 0 }],
  speak: (w) => [{ type: 'speak', messageId: w.a.assistantMessageIds.open }],
  stop_speaking: () => [{ type: 'stop_speaking' }],
  // No ids: it starts the call of the socket's own conversation, which the upgrade authorised.
  realtime_start: () => [{ type: 'realtime_start' }],
};

function socketRows(): Row[] {
  const rows: Row[] = [];
  for (const type of Object.keys(framesOf)) {
    for (const [label, pick] of foreignIds) {
      rows.push({
        name: `socket ${type}: B opens the socket of ${label}`,
        covers: type,
        expect: 'upgrade 404',
        uses: (w) => [pick(w), w.a.assistantMessageIds.open],
        attempt: (w, t) => upgradeAs(w, t, pick(w), framesOf[type]!(w)),
      });
    }
  }

  // Issue 17: a trainer reads a member's work, never speaks in it; nor does anyone else.
  for (const as of ['A', 'T'] as const) {
    for (const [when, pick] of [
      ['while a member', (w: World) => w.m.during],
      ['after leaving', (w: World) => w.m.after],
    ] as const) {
      rows.push({
        name: `socket turn: ${WHO[as]} opens the socket of M's conversation started ${when}`,
        covers: 'turn',
        as,
        expect: 'upgrade 404',
        uses: (w) => [pick(w)],
        attempt: (w, t) => upgradeAs(w, t, pick(w), framesOf.turn!(w), cookieOf(w, as)),
      });
    }
  }

  /** A typed turn of B's: afterwards B has no spoken reply a cancel could cut back. */
  const bSaysSomethingUnspoken = (w: World) => ownTurn(w, 'B says something', randomUUID(), false);
  const ownTurn = (w: World, text: string, clientId: string, stream: boolean) =>
    onOwnSocket(w, (s) => s.send({ type: 'turn', clientId, text, stream }));
  const turnStoredAsB = (text: string) => async (_w: World, o: Observation) => {
    const stored = o.frames?.find((f) => f.type === 'turn_stored');
    return stored?.type === 'turn_stored' && stored.message.content === text
      ? []
      : [`B's turn was not stored as B's words: ${JSON.stringify(stored)}`];
  };
  rows.push(
    {
      name: "socket turn on B's own conversation with the client id of A's turn (streaming)",
      covers: 'turn',
      expect: 'reply_done',
      attempt: (w) => ownTurn(w, 'B asks about the cost', w.a.clientIds[0]!, true),
      verify: turnStoredAsB('B asks about the cost'),
    },
    {
      name: "socket turn on B's own conversation with the client id of A's turn (not streaming)",
      covers: 'turn',
      expect: 'reply_done',
      attempt: (w) => ownTurn(w, 'B asks about the pain', w.a.clientIds[1]!, false),
      verify: turnStoredAsB('B asks about the pain'),
    },
    {
      name: "socket audio_start (a streamed turn) on B's own conversation with the client id of A's turn",
      covers: 'audio_start',
      expect: 'reply_done',
      attempt: (w) =>
        onOwnSocket(w, (s) => {
          const clientId = w.a.clientIds[2]!;
          s.send({ type: 'audio_start', clientId, format: 'pcm16', sampleRate: 16_000 });
          s.sendBinary(streamFrame());
          s.send({ type: 'audio_commit', clientId, frames: 1 });
        }),
    },
    {
      name: "socket audio_start (a dictation) on B's own conversation with the client id of A's turn",
      covers: 'audio_start',
      expect: 'transcript',
      attempt: (w) =>
        onOwnSocket(
          w,
          (s) => {
            const clientId = w.a.clientIds[3]!;
            s.send({
              type: 'audio_start',
              clientId,
              format: 'pcm16',
              sampleRate: 16_000,
              purpose: 'dictation',
            });
            s.sendBinary(streamFrame());
            s.send({ type: 'audio_commit', clientId, frames: 1 });
          },
          {
            until: (f) =>
              f.type === 'transcript' || (f.type === 'error' && !RawSocket.isProbeAnswer(f)),
          },
        ),
    },
  );
  rows.push(
    {
      // (Index 3 was only dictated above, so B has no turn stored under it yet.)
      name: "socket audio_start (a streamed turn) on B's own conversation with the client id of A's turn",
      covers: 'audio_start',
      expect: 'reply_done',
      attempt: (w) =>
        onOwnSocket(w, (s) => {
          const clientId = w.a.clientIds[3]!;
          s.send({ type: 'audio_start', clientId, format: 'pcm16', sampleRate: 16_000 });
          s.sendBinary(streamFrame());
          s.send({ type: 'audio_commit', clientId, frames: 1 });
        }),
    },
    {
      name: "socket audio_commit on B's own conversation with the client id of A's turn",
      covers: 'audio_commit',
      expect: 'error:bad_request:audio',
      attempt: (w) =>
        onOwnSocket(w, (s) =>
          s.send({ type: 'audio_commit', clientId: w.a.clientIds[0]!, frames: 1 }),
        ),
    },
    {
      name: "socket audio_pause on B's own conversation with the client id of A's turn",
      covers: 'audio_pause',
      expect: 'error:bad_request:audio',
      attempt: (w) =>
        onOwnSocket(w, (s) =>
          s.send({ type: 'audio_pause', clientId: w.a.clientIds[0]!, frames: 1 }),
        ),
    },
    {
      name: "socket audio_cancel on B's own conversation with the client id of A's turn",
      covers: 'audio_cancel',
      expect: 'error:bad_request:audio',
      attempt: (w) =>
        onOwnSocket(w, (s) => s.send({ type: 'audio_cancel', clientId: w.a.clientIds[1]! })),
    },
  );
  for (const [label, pick] of [
    ["A's patient message (open conversation)", (w: World) => w.a.assistantMessageIds.open],
    ["A's patient message (ended conversation)", (w: World) => w.a.assistantMessageIds.ended],
    ["A's own message", (w: World) => w.a.userMessageIds[0]!],
  ] as const) {
    rows.push({
      name: `socket speak on B's own conversation with ${label}`,
      covers: 'speak',
      expect: 'error:not_found:message',
      uses: (w) => [pick(w)],
      attempt: (w) =>
        onOwnSocket(w, (s) => s.send({ type: 'speak', messageId: pick(w) }), {
          until: (f) =>
            f.type === 'speech_done' || (f.type === 'error' && !RawSocket.isProbeAnswer(f)),
        }),
    });
  }
  rows.push(
    {
      name: "socket cancel on B's own conversation while A's reply streams",
      covers: 'cancel',
      expect: 'silent',
      async attempt(w) {
        w.stub.setReply(['Well, ', 'the cost ', 'does ', 'worry ', 'me ', 'a bit.']);
        w.stub.setTiming({ tokenDelayMs: 40 });
        const text = `A-private-cancel-${randomUUID()}`;
        w.a.userTexts.push(text);
        await bSaysSomethingUnspoken(w);
        const aFrom = w.a.socket.frames.length;
        w.a.socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
        await w.a.socket.waitFor((f) => f.type === 'reply_delta', aFrom);
        const observation = await onOwnSocket(w, (s) => s.send({ type: 'cancel', heardChars: 0 }), {
          watchA: false,
        });
        const done = w.a.socket.frames[
          await w.a.socket.waitFor((f) => f.type === 'reply_done', aFrom)
        ] as Extract<ServerMessage, { type: 'reply_done' }>;
        w.stub.setTiming({ tokenDelayMs: 0 });
        w.stub.setReply(DEFAULT_REPLY);
        return { ...observation, body: done.message };
      },
      verify: async (_w, o) =>
        o.body?.partial === false && o.body?.content === 'Well, the cost does worry me a bit.'
          ? []
          : [`B's cancel cut A's reply: ${JSON.stringify(o.body)}`],
    },
    {
      // A cancel after a complete spoken reply keeps only what was heard of it: B's must never
      // reach A's reply.
      name: "socket cancel on B's own conversation after A's reply was spoken",
      covers: 'cancel',
      expect: 'silent',
      async attempt(w) {
        const text = `A-private-spoken-${randomUUID()}`;
        w.a.userTexts.push(text);
        const aFrom = w.a.socket.frames.length;
        w.a.socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true, speak: true });
        await w.a.socket.waitFor((f) => f.type === 'speech_done', aFrom);
        await bSaysSomethingUnspoken(w);
        return onOwnSocket(w, (s) => s.send({ type: 'cancel', heardChars: 2 }));
      },
      async verify(w) {
        const last = (await listMessagesByConversation(w.db, { conversationId: w.a.open })).at(-1);
        return last?.partial === false && last.content === DEFAULT_REPLY
          ? []
          : [`A's spoken reply was revised: ${JSON.stringify(last)}`];
      },
    },
    {
      name: "socket stop_speaking on B's own conversation while A's message is read aloud",
      covers: 'stop_speaking',
      expect: 'silent',
      async attempt(w) {
        w.stub.setTiming({ tokenDelayMs: 40 });
        w.stub.setSpeech({ chunks: 6 });
        const id = w.a.assistantMessageIds.open;
        const aFrom = w.a.socket.frames.length;
        w.a.socket.send({ type: 'speak', messageId: id });
        await w.a.socket.waitFor((f) => f.type === 'speech', aFrom);
        const observation = await onOwnSocket(w, (s) => s.send({ type: 'stop_speaking' }), {
          watchA: false,
        });
        const finished = await w.a.socket
          .waitFor((f) => f.type === 'speech_done' && f.replyId === id, aFrom, 5_000)
          .then(
            () => 'finished',
            (error: unknown) => String(error),
          );
        w.stub.setTiming({ tokenDelayMs: 0 });
        return { ...observation, body: { finished } };
      },
      verify: async (_w, o) =>
        o.body?.finished === 'finished' ? [] : [`B's stop reached A: ${o.body?.finished}`],
    },
  );
  return rows;
}

const rows = [...httpRows(), ...socketRows()];

// ---------------------------------------------------------------------------------------------

async function buildWorld(t: TestDb, stub: OpenAiStub, server: TestServer): Promise<World> {
  const tag = randomUUID().slice(0, 8);
  const say = async (socket: RawSocket, text: string, clientId = randomUUID()) => {
    const from = socket.frames.length;
    socket.send({ type: 'turn', clientId, text, stream: true });
    await socket.waitFor((f) => f.type === 'reply_done', from);
    return clientId;
  };
  const open = async (client: HttpClient, scenarioId: string) => {
    const created = await client.post('/api/conversations', { scenarioId });
    const upgrade = await RawSocket.connect(server.url, created.body.session.id, {
      cookie: client.cookie,
    });
    if (!upgrade.socket) throw new Error(`socket refused: ${upgrade.status}`);
    await upgrade.socket.waitFor((f) => f.type === 'history');
    return {
      id: created.body.session.id as string,
      status: created.status,
      socket: upgrade.socket,
    };
  };
  const person = async (client: HttpClient): Promise<Person> => ({
    client,
    user: (await client.get('/api/auth/me')).body.user,
  });

  // B first, so B's completed session is older than A's: a cursor that ignored its owner would
  // then page B's history from A's session and show it.
  const bEmail = uniqueEmail('b');
  const bClient = new HttpClient(server.url);
  await bClient.post('/api/auth/sign-up', {
    email: bEmail,
    password: 'correct horse battery',
    fullName: 'Bob Other',
  });
  const b = await person(bClient);
  const scenarios = (await bClient.get('/api/scenarios')).body.scenarios as Array<{ id: string }>;
  const bDone = await open(bClient, scenarios[2]!.id);
  await say(bDone.socket, 'B: what worries you most today?');
  await say(bDone.socket, 'B: shall we talk through the options?');
  await bDone.socket.close();
  const bEnd = await bClient.post(`/api/conversations/${bDone.id}/end`);
  if (bEnd.status !== 200) throw new Error(`B could not end: ${bEnd.text}`);

  const aClient = await signedInClient(server.url, `Alice Private ${tag}`);
  const a = await person(aClient);
  const userTexts = [0, 1, 2, 3].map((i) => `A-private-${i}-${randomUUID()}`);
  const clientIds: string[] = [];
  const ended = await open(aClient, scenarios[0]!.id);
  clientIds.push(await say(ended.socket, userTexts[0]!), await say(ended.socket, userTexts[1]!));
  await ended.socket.close();
  const debriefTexts = [`A-thought-${randomUUID()}`, `A-note-${randomUUID()}`];
  stub.setDebrief({
    notes: [
      { turn: 2, kind: 'open_question', tone: 'good', label: debriefTexts[1], quote: userTexts[0] },
    ],
    states: [],
    thoughts: [{ turn: 1, text: debriefTexts[0] }],
  });
  const end = await aClient.post(`/api/conversations/${ended.id}/end`);
  stub.setDebrief(undefined);
  if (end.status !== 200) throw new Error(`A could not end: ${end.text}`);
  if (!JSON.stringify(end.body.debrief).includes(debriefTexts[1]!)) {
    throw new Error(`A's debrief was not stored: ${JSON.stringify(end.body.debrief)}`);
  }
  const aOpen = await open(aClient, scenarios[1]!.id);
  clientIds.push(await say(aOpen.socket, userTexts[2]!), await say(aOpen.socket, userTexts[3]!));

  const endedMessages = await listMessagesByConversation(t.db, { conversationId: ended.id });
  const openMessages = await listMessagesByConversation(t.db, { conversationId: aOpen.id });
  const all = [...endedMessages, ...openMessages];
  const [feedback] = await t.db.query<{ id: string }>(
    'SELECT id FROM feedback WHERE session_id = $1',
    [ended.id],
  );

  // A's ended conversation was spoken: its first turn and the patient's reply keep audio.
  const audioMessageIds = [
    endedMessages.find((m) => m.role === 'user')!.id,
    endedMessages.filter((m) => m.role === 'assistant').at(-1)!.id,
  ];
  for (const id of audioMessageIds) {
    const kept = await server.services.audio.keep(id, {
      mime: 'audio/wav',
      data: pcm16Wav(Buffer.alloc(3200, 1), 16_000),
      durationMs: 100,
    });
    if (!kept) throw new Error(`A's audio for ${id} was not kept`);
  }

  const seed = customSeed(`A-${tag}`);
  const made = await aClient.post('/api/authoring/scenarios', { scenario: seed });
  if (made.status !== 201) throw new Error(`A could not write a scenario: ${made.text}`);
  const customScenarioId = made.body.summary.id as string;
  const customTexts = [seed.title, seed.extras.hiddenConcerns[0]!.reveal];
  const practised = await aClient.post('/api/conversations', { scenarioId: customScenarioId });
  if (practised.status !== 201) throw new Error(`A could not practise: ${practised.text}`);

  const orgNames = [`Org A ${tag}`, `Cohort A ${tag}`];
  const made0 = await aClient.post('/api/organisations', { name: orgNames[0] });
  const cohort = await aClient.post(`/api/organisations/${made0.body.id}/cohorts`, {
    name: orgNames[1],
  });
  const invite = await aClient.post(`/api/organisations/cohorts/${cohort.body.id}/invites`, {});
  const assigned = await aClient.post(`/api/organisations/cohorts/${cohort.body.id}/assignments`, {
    scenarioId: scenarios[2]!.id,
  });
  if (invite.status !== 201 || assigned.status !== 201)
    throw new Error(`A could not build a course: ${invite.text} ${assigned.text}`);
  const aIssuer = `https://lms-a-${tag}.example`;
  const aPlatform = await aClient.post(`/api/organisations/${made0.body.id}/lti/platforms`, {
    ...platformFields(aIssuer),
    clientId: 'client-a',
    deploymentIds: ['dep-a'],
  });
  if (aPlatform.status !== 201) throw new Error(`A could not register: ${aPlatform.text}`);
  const org = {
    id: made0.body.id as string,
    cohortId: cohort.body.id as string,
    inviteId: invite.body.id as string,
    inviteCode: invite.body.code as string,
    assignmentId: assigned.body.id as string,
    names: orgNames,
    platformId: aPlatform.body.id as string,
    issuer: aIssuer,
    // A's instructor launch asked to place a link in the course: the picker's request waits.
    deepLinkId: await insertDeepLink(t.db, {
      platformId: aPlatform.body.id as string,
      deploymentId: 'dep-a',
      cohortId: cohort.body.id as string,
      userId: a.user.id,
      settings: {
        deep_link_return_url: `${aIssuer}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['window'],
      },
      expiresAt: new Date(Date.now() + 3_600_000),
    }),
  };

  // T trains another organisation.
  const tClient = await signedInClient(server.url, `Tara Third ${tag}`);
  const tNames = [`Org T ${tag}`, `Cohort T ${tag}`];
  const tMade = await tClient.post('/api/organisations', { name: tNames[0] });
  const tCohort = await tClient.post(`/api/organisations/${tMade.body.id}/cohorts`, {
    name: tNames[1],
  });
  const tInvite = await tClient.post(`/api/organisations/cohorts/${tCohort.body.id}/invites`, {});
  const tAssigned = await tClient.post(
    `/api/organisations/cohorts/${tCohort.body.id}/assignments`,
    { scenarioId: scenarios[0]!.id },
  );
  if (tInvite.status !== 201 || tAssigned.status !== 201)
    throw new Error(`T could not build a course: ${tInvite.text} ${tAssigned.text}`);
  const tIssuer = `https://lms-t-${tag}.example`;
  const tPlatform = await tClient.post(`/api/organisations/${tMade.body.id}/lti/platforms`, {
    ...platformFields(tIssuer),
    deploymentIds: ['dep-t'],
  });
  if (tPlatform.status !== 201) throw new Error(`T could not register: ${tPlatform.text}`);
  // C co-instructs T's cohort (decision 052), as an LMS instructor's launch would make them.
  const cClient = await signedInClient(server.url, `Cora Coteach ${tag}`);
  const cPerson = await person(cClient);
  await t.db.query(`INSERT INTO cohort_instructors (cohort_id, user_id) VALUES ($1, $2)`, [
    tCohort.body.id,
    cPerson.user.id,
  ]);
  const tOrg = {
    id: tMade.body.id as string,
    cohortId: tCohort.body.id as string,
    inviteId: tInvite.body.id as string,
    inviteCode: tInvite.body.code as string,
    assignmentId: tAssigned.body.id as string,
    names: tNames,
    platformId: tPlatform.body.id as string,
    issuer: tIssuer,
  };

  // M practises before joining A's cohort, while a member (graded), and after leaving; then
  // joins again, so M is a member now and the conversation after leaving falls between periods.
  const mClient = await signedInClient(server.url, `Milo Member ${tag}`);
  const mTexts = {
    before: [`M-before-${randomUUID()}`],
    during: [`M-during-0-${randomUUID()}`, `M-during-1-${randomUUID()}`],
    after: [`M-after-${randomUUID()}`],
  };
  const practiseAsM = async (index: number, lines: string[], end: boolean) => {
    const made = await open(mClient, scenarios[index]!.id);
    for (const line of lines) await say(made.socket, line);
    await made.socket.close();
    if (end) {
      const ended = await mClient.post(`/api/conversations/${made.id}/end`);
      if (ended.status !== 200) throw new Error(`M could not end: ${ended.text}`);
    }
    return made.id;
  };
  const joinA = async () => {
    const joined = await mClient.post('/api/organisations/join', { code: org.inviteCode });
    if (joined.status !== 200) throw new Error(`M could not join: ${joined.text}`);
  };
  const mBefore = await practiseAsM(3, mTexts.before, false);
  await joinA();
  const mDuring = await practiseAsM(2, mTexts.during, true);
  const left = await mClient.post(`/api/organisations/${org.id}/leave`);
  if (left.status !== 204) throw new Error(`M could not leave: ${left.text}`);
  const mAfter = await practiseAsM(4, mTexts.after, false);
  await joinA();
  const mMessageIds = async (conversationId: string) =>
    (await listMessagesByConversation(t.db, { conversationId })).map((m) => m.id);
  const mMessages = {
    before: await mMessageIds(mBefore),
    during: await mMessageIds(mDuring),
    after: await mMessageIds(mAfter),
  };
  // A has reviewed M's graded conversation: a score and a comment on M's first turn.
  const scored = await aClient.post(`/api/organisations/conversations/${mDuring}/override`, {
    score: 4,
    comment: 'Ask before explaining.',
  });
  const commented = await aClient.post(`/api/organisations/conversations/${mDuring}/comments`, {
    messageId: mMessages.during[1],
    comment: 'A good open question.',
  });
  if (scored.status !== 200 || commented.status !== 201)
    throw new Error(`A could not review M's work: ${scored.text} ${commented.text}`);

  // N joins A's cohort and P's organisation (P: an account N controls), then practises A's
  // assignment while in both; A and P each review it.
  const nClient = await signedInClient(server.url, `Nell Newcomer ${tag}`);
  const pClient = await signedInClient(server.url, `Pat Puppet ${tag}`);
  const pOrgName = `Org P ${tag}`;
  const pOrg = await pClient.post('/api/organisations', { name: pOrgName });
  const pCohort = await pClient.post(`/api/organisations/${pOrg.body.id}/cohorts`, {
    name: `Cohort P ${tag}`,
  });
  const pInvite = await pClient.post(`/api/organisations/cohorts/${pCohort.body.id}/invites`, {});
  for (const code of [org.inviteCode, pInvite.body.code]) {
    const joined = await nClient.post('/api/organisations/join', { code });
    if (joined.status !== 200) throw new Error(`N could not join: ${joined.text}`);
  }
  const nBoth = await open(nClient, scenarios[2]!.id);
  await say(nBoth.socket, `N-both-${randomUUID()}`);
  await nBoth.socket.close();
  const nEnded = await nClient.post(`/api/conversations/${nBoth.id}/end`);
  if (nEnded.status !== 200) throw new Error(`N could not end: ${nEnded.text}`);
  const nMessageIds = await mMessageIds(nBoth.id);
  const reviewsOfN = {
    a: [`A's score of N ${randomUUID()}`, `A on N's turn ${randomUUID()}`],
    p: [`P's score of N ${randomUUID()}`, `P on N's turn ${randomUUID()}`],
  };
  for (const [client, score, texts] of [
    [aClient, 4, reviewsOfN.a],
    [pClient, 10, reviewsOfN.p],
  ] as const) {
    const scoredN = await client.post(`/api/organisations/conversations/${nBoth.id}/override`, {
      score,
      comment: texts[0],
      // A scores a skill too (decision 043): P's saves must leave it alone.
      skills: [{ skill: 'empathy', score: score === 4 ? 3 : 10, comment: texts[0] }],
    });
    const commentedN = await client.post(`/api/organisations/conversations/${nBoth.id}/comments`, {
      messageId: nMessageIds[1],
      comment: texts[1],
    });
    if (scoredN.status !== 200 || commentedN.status !== 201)
      throw new Error(`N's conversation was not reviewed: ${scoredN.text} ${commentedN.text}`);
  }

  const bOwn = await open(bClient, scenarios[1]!.id);
  if (bOwn.status !== 201 || bOwn.id === aOpen.id) {
    throw new Error(`B was given ${bOwn.id} (${bOwn.status}) for A's scenario`);
  }

  return {
    server,
    stub,
    db: t.db,
    a: {
      ...a,
      ended: ended.id,
      open: aOpen.id,
      openScenarioId: scenarios[1]!.id,
      feedbackId: feedback!.id,
      debriefTexts,
      userTexts,
      clientIds,
      userMessageIds: all.filter((m) => m.role === 'user').map((m) => m.id),
      assistantMessageIds: {
        ended: endedMessages.filter((m) => m.role === 'assistant').at(-1)!.id,
        open: openMessages.filter((m) => m.role === 'assistant').at(-1)!.id,
      },
      allMessageIds: all.map((m) => m.id),
      audioMessageIds,
      socket: aOpen.socket,
      customScenarioId,
      customTexts,
      org,
    },
    b: { ...b, own: bOwn.id, completed: bDone.id, socket: bOwn.socket },
    m: {
      ...(await person(mClient)),
      before: mBefore,
      during: mDuring,
      after: mAfter,
      messageIds: mMessages,
      texts: mTexts,
    },
    t: { ...(await person(tClient)), org: tOrg },
    c: cPerson,
    n: { ...(await person(nClient)), both: nBoth.id, messageIds: nMessageIds },
    p: { ...(await person(pClient)), orgName: pOrgName },
    reviewsOfN,
    courses: await courseState(t.db, [org, tOrg]),
  };
}

/**
 * The deliberate mistake the matrix must catch: GET /api/conversations/:id loading the
 * conversation by id alone, never asking whose it is. Lives here, never in the app.
 */
async function startUnguardedCopy(db: Db, mistake: 'no-owner-check' | 'crash'): Promise<Server> {
  const app = express();
  app.get('/api/conversations/:id', async (req, res) => {
    const [session] = await db.query<{ id: string; scenarioId: string }>(
      `SELECT id, scenario_id AS "scenarioId" FROM conversation_sessions WHERE id = $1`,
      [req.params.id],
    );
    if (!session) {
      res.status(404).json({ error: { code: 'not_found:conversation', message: 'Not found' } });
      return;
    }
    if (mistake === 'crash') throw new Error(`session ${session.id} belongs to someone else`);
    const [scenario, messages] = await Promise.all([
      getScenarioById(db, { id: session.scenarioId }),
      listMessagesByConversation(db, { conversationId: session.id }),
    ]);
    res.json({ session, scenario, messages, feedback: null });
  });
  // No error handler: a thrown error gets Express's own 500 page.
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The cohort table's deliberate mistake: a cohort read by id alone, whoever runs it. Lives
 * here, never in the app.
 */
async function startUnguardedCohortCopy(db: Db): Promise<Server> {
  const app = express();
  app.get('/api/organisations/cohorts/:id/table', async (req, res) => {
    const [cohort] = await db.query(`SELECT id, organisation_id, name FROM cohorts WHERE id = $1`, [
      req.params.id,
    ]);
    if (!cohort) {
      res.status(404).json({ error: { code: 'not_found:cohort', message: 'Not found' } });
      return;
    }
    res.json({ cohort, assignments: [], rows: [] });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The authoring route's deliberate mistake: a scenario read as editable data by id alone,
 * whoever wrote it. Lives here, never in the app.
 */
async function startUnguardedAuthoringCopy(db: Db): Promise<Server> {
  const app = express();
  app.get('/api/authoring/scenarios/:id', async (req, res) => {
    const [row] = await db.query(
      `SELECT id, title, extras FROM scenarios WHERE id = $1 AND deleted_at IS NULL`,
      [req.params.id],
    );
    if (!row) {
      res.status(404).json({ error: { code: 'not_found:scenario', message: 'Not found' } });
      return;
    }
    res.json({ scenario: row });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The unlink route's deliberate mistake: the provider's identities removed by issuer alone, not
 * the session's account's. Lives here, never in the app.
 */
async function startUnguardedUnlinkCopy(db: Db): Promise<Server> {
  const app = express();
  app.delete('/api/auth/sso/:provider/link', async (_req, res) => {
    await db.query(`DELETE FROM external_identities WHERE kind = 'oidc' AND issuer = $1`, [
      CAMPUS_ISSUER,
    ]);
    res.status(204).end();
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The review route's deliberate mistake: a member's conversation read by id alone, without
 * SEEN_BY_TRAINER (whose cohort, and when it was started). Lives here, never in the app.
 */
async function startUnguardedReviewCopy(db: Db): Promise<Server> {
  const app = express();
  app.get('/api/organisations/conversations/:id', async (req, res) => {
    const [session] = await db.query<{ id: string; userId: string }>(
      `SELECT id, user_id AS "userId" FROM conversation_sessions WHERE id = $1`,
      [req.params.id],
    );
    if (!session) {
      res.status(404).json({ error: { code: 'not_found:conversation', message: 'Not found' } });
      return;
    }
    const messages = await listMessagesByConversation(db, { conversationId: session.id });
    res.json({ session, messages, audio: {}, trainee: { id: session.userId } });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The member route's deliberate mistake (decision 044): the cohort is checked to be the
 * trainer's, but the member's conversations are listed whenever they were started, not only
 * inside their periods in it. Lives here, never in the app.
 */
async function startWindowlessMemberCopy(db: Db): Promise<Server> {
  const app = express();
  app.get('/api/organisations/cohorts/:id/members/:userId', async (req, res) => {
    const conversations = await db.query<{ id: string }>(
      `SELECT s.id FROM conversation_sessions s
        WHERE s.user_id = $2 AND EXISTS (SELECT 1 FROM cohort_memberships m
                                          WHERE m.cohort_id = $1 AND m.user_id = $2)
        ORDER BY s.created_at DESC`,
      [req.params.id, req.params.userId],
    );
    res.json({ member: { id: req.params.userId }, conversations });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The review route as it was before issue 22: the trainer may read the conversation
 * (SEEN_BY_TRAINER holds), but its review is read by the conversation alone, so every
 * organisation's score and comments come with it. Lives here, never in the app.
 */
async function startEveryOrganisationReviewCopy(db: Db): Promise<Server> {
  const app = express();
  app.get('/api/organisations/conversations/:id', async (req, res) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE) ?? '';
    const session = await validateSignInToken(db, { token, days: 30 });
    const found = session
      ? await getConversationForTrainer(db, {
          trainerId: session.user.id,
          conversationId: req.params.id,
        })
      : null;
    if (!found) {
      res.status(404).json({ error: { code: 'not_found:conversation', message: 'Not found' } });
      return;
    }
    const record = await loadConversationRecord(db, found.session);
    res.json({ ...record, audio: {}, audioRetentionDays: 0, trainee: found.trainee });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The audio route's deliberate mistake: the recording found by message id alone, under any
 * conversation the user owns. Lives here, never in the app.
 */
async function startUnguardedAudioCopy(db: Db): Promise<Server> {
  const app = express();
  app.get('/api/conversations/:id/messages/:messageId/audio', async (req, res) => {
    const [row] = await db.query<{ mime: string; data: Uint8Array }>(
      'SELECT mime, data FROM message_audio WHERE message_id = $1',
      [req.params.messageId],
    );
    if (!row) {
      res.status(404).json({ error: { code: 'not_found:audio', message: 'Not found' } });
      return;
    }
    res.type(row.mime).end(Buffer.from(row.data));
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The deliberate mistakes of "your data": a conversation deleted by id alone (in a transaction
 * rolled back, so the world stays whole), and an archive of every conversation in the
 * database. Live here, never in the app.
 */
async function startUnguardedMyDataCopy(db: Db): Promise<Server> {
  const app = express();
  app.delete('/api/conversations/:id', async (req, res) => {
    const deleted = await db
      .transaction(async (tx) => {
        const gone = await tx.query(
          `DELETE FROM conversation_sessions WHERE id = $1 RETURNING id`,
          [req.params.id],
        );
        throw Object.assign(new Error('rolled back'), { gone: gone.length });
      })
      .catch((error: { gone?: number }) => error.gone ?? 0);
    if (!deleted) {
      res.status(404).json({ error: { code: 'not_found:conversation', message: 'Not found' } });
      return;
    }
    res.status(204).end();
  });
  app.get('/api/account/export', async (_req, res) => {
    const messages = await db.query(`SELECT session_id, content FROM messages`);
    const zip = zipSync({
      'README.txt': strToU8('everything'),
      'account.json': strToU8(JSON.stringify({ account: null })),
      'conversations.json': strToU8(JSON.stringify(messages)),
    });
    res.type('application/zip').end(Buffer.from(zip));
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe.each(routeDatabaseKinds())('isolation between users on %s', (kind) => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer(kind, {
    openAiStub: true,
    env: {
      OPENAI_API_KEY: 'sk-test-isolation',
      AI_MAX_RETRIES: '0',
      REALTIME_MODEL: 'gpt-realtime',
      ...PROBE_ENV,
      PUBLIC_URL: 'http://chairtalk.test',
      SSO_PROVIDERS: 'campus',
      SSO_CAMPUS_ISSUER: CAMPUS_ISSUER,
      SSO_CAMPUS_CLIENT_ID: 'isolation',
      SSO_CAMPUS_LABEL: 'Campus',
    },
  });
  let w: World;

  beforeAll(async () => {
    w = await buildWorld(t, stub, server);
  });
  afterAll(async () => {
    await w?.a.socket.close();
    await w?.b.socket.close();
  });

  it('has a row for every /api route and every socket message type', () => {
    const covered = new Set(rows.map((row) => row.covers));
    const routes = listApiRoutes(server.services);
    const types = clientMessageSchema.options.map((option) => option.shape.type.value);
    expect(routes.length).toBeGreaterThanOrEqual(13);
    expect([...routes, ...types].filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const observation = await row.attempt(w, { url: server.url });
    expect(await judge(row, w, observation)).toEqual([]);
  });

  it('bites: an audio row fails against a copy of the audio route that does not check the owner', async () => {
    const row = rows.find(
      (r) => r.name === `GET ${AUDIO_ROUTE.slice(4)} with B's own conversation and A's spoken turn`,
    )!;
    const copy = await startUnguardedAudioCopy(t.db);
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      const problems = await judge(row, w, await row.attempt(w, { url }));
      expect(problems).toContain(`${row.name}: expected HTTP 404, got HTTP 200`);
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it('bites: an authoring row fails against a copy that reads a scenario by id alone', async () => {
    const row = rows.find((r) => r.name === "GET /api/authoring/scenarios/:id with A's scenario")!;
    const copy = await startUnguardedAuthoringCopy(t.db);
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      const problems = await judge(row, w, await row.attempt(w, { url }));
      expect(problems).toContain(`${row.name}: expected HTTP 404, got HTTP 200`);
      expect(problems).toContain(`${row.name}: leaked A's custom scenario text #0`);
      expect(problems).toContain(`${row.name}: leaked A's custom scenario text #1`);
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it('bites: an organisation row fails against a copy that reads a cohort by id alone', async () => {
    const row = rows.find(
      (r) => r.name === "GET /api/organisations/cohorts/:id/table of A's cohort",
    )!;
    const copy = await startUnguardedCohortCopy(t.db);
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      const problems = await judge(row, w, await row.attempt(w, { url }));
      expect(problems).toContain(`${row.name}: expected HTTP 404, got HTTP 200`);
      expect(problems).toContain(`${row.name}: leaked A's organisation id`);
      expect(problems).toContain(`${row.name}: leaked A's organisation name #1`);
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it("bites: the unlink row fails against a copy that unlinks the provider's identities by issuer alone", async () => {
    const row = rows.find(
      (r) => r.name === "DELETE /api/auth/sso/:provider/link with B's session, A linked there",
    )!;
    const copy = await startUnguardedUnlinkCopy(t.db);
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      const problems = await judge(row, w, await row.attempt(w, { url }));
      expect(problems).toContain(`${row.name}: expected HTTP 404, got HTTP 204`);
      expect(problems).toContain(`${row.name}: A's school sign-in was unlinked`);
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it('bites: review rows fail against a copy of the review route without SEEN_BY_TRAINER', async () => {
    const copy = await startUnguardedReviewCopy(t.db);
    const route = 'GET /api/organisations/conversations/:id';
    const cases: Array<[string, string[]]> = [
      [
        `${route} as ${WHO.T}: M's conversation started while a member`,
        [
          "leaked M's user id",
          "leaked M's during message text #0",
          "leaked M's during message id #1",
        ],
      ],
      [
        `${route} as ${WHO.A}: M's conversation started after leaving`,
        ["leaked M's after message text #0", "leaked M's after message id #0"],
      ],
      [
        `${route} as ${WHO.A}: M's conversation started before joining`,
        ["leaked M's before message text #0"],
      ],
    ];
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      for (const [name, leaks] of cases) {
        const row = rows.find((r) => r.name === name)!;
        expect(row, name).toBeDefined();
        // Against the real route the row passes (it ran above); against the copy it must not.
        const problems = await judge(row, w, await row.attempt(w, { url }));
        expect(problems).toContain(`${row.name}: expected HTTP 404, got HTTP 200`);
        for (const leak of leaks) expect(problems).toContain(`${row.name}: ${leak}`);
      }
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it('bites: the member row fails against a copy that ignores the membership window', async () => {
    const copy = await startWindowlessMemberCopy(t.db);
    const name = `GET /api/organisations/cohorts/:id/members/:userId as ${WHO.A}: of A's cohort, M's conversations while a member`;
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      const row = rows.find((r) => r.name === name)!;
      expect(row, name).toBeDefined();
      const problems = await judge(row, w, await row.attempt(w, { url }));
      expect(problems).toContain(`${row.name}: leaked M's before conversation id`);
      expect(problems).toContain(`${row.name}: leaked M's after conversation id`);
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it("bites: a review row fails against a copy that reads every organisation's review", async () => {
    const copy = await startEveryOrganisationReviewCopy(t.db);
    const name = `GET /api/organisations/conversations/:id as ${WHO.P}: N's conversation, with P's review only`;
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      const row = rows.find((r) => r.name === name)!;
      expect(row, name).toBeDefined();
      const problems = await judge(row, w, await row.attempt(w, { url }));
      expect(problems).toContain(`${row.name}: leaked A's name`);
      expect(problems).toContain(`${row.name}: leaked A's review of N #0`);
      expect(problems).toContain(`${row.name}: leaked A's review of N #1`);
      expect(problems).toContainEqual(expect.stringMatching(/the review's scores are/));
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it('bites: delete and export rows fail against copies that forget whose data it is', async () => {
    const copy = await startUnguardedMyDataCopy(t.db);
    try {
      const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
      const remove = rows.find(
        (r) => r.name === "DELETE /api/conversations/:id with A's ended conversation",
      )!;
      expect(await judge(remove, w, await remove.attempt(w, { url }))).toContain(
        `${remove.name}: expected HTTP 404, got HTTP 204`,
      );
      const exported = rows.find((r) => r.name === `GET /api/account/export as ${WHO.B}`)!;
      const problems = await judge(exported, w, await exported.attempt(w, { url }));
      expect(problems).toContainEqual(expect.stringMatching(/leaked A's message text/));
      expect(problems).toContain(`${exported.name}: the archive is not of its owner`);
    } finally {
      await new Promise((resolve) => copy.close(resolve));
    }
  });

  it('bites: the same row fails against an unguarded copy of GET /api/conversations/:id', async () => {
    const row = rows.find(
      (r) => r.name === "GET /api/conversations/:id with A's open conversation",
    )!;
    for (const mistake of ['no-owner-check', 'crash'] as const) {
      const copy = await startUnguardedCopy(t.db, mistake);
      try {
        const url = `http://127.0.0.1:${(copy.address() as AddressInfo).port}`;
        const problems = await judge(row, w, await row.attempt(w, { url }));
        if (mistake === 'no-owner-check') {
          expect(problems).toContain(`${row.name}: expected HTTP 404, got HTTP 200`);
          expect(problems).toContainEqual(expect.stringMatching(/leaked A's message text #2$/));
          expect(problems).toContainEqual(expect.stringMatching(/leaked A's message id/));
        } else {
          expect(problems).toContain(`${row.name}: server failure (HTTP 500)`);
        }
      } finally {
        await new Promise((resolve) => copy.close(resolve));
      }
    }
  });
});
