import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  accessSync,
  constants,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { CLIENT_DIST } from '#server/app';
import { createTestDb, type TestDb } from '../helpers/testDb';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { uniqueEmail } from '../helpers/httpClient';
import { TMP_DIR } from '../helpers/paths';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Finding Chromium
// ---------------------------------------------------------------------------------------------

const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** CHROME_PATH wins; otherwise the first Chromium-like program on PATH (Debian: /usr/bin/chromium). */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH?.trim();
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const name of CHROMIUM_NAMES) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

const CHROME_PATH = findChromium();
const IN_CI = process.env.CI === 'true';

/**
 * Outside CI a machine without Chromium skips the browser suites with one clear line; in CI the
 * suites run anyway and fail in beforeAll, so a missing browser can never pass as green.
 */
export const skipBrowserSuite = CHROME_PATH === null && !IN_CI;
if (skipBrowserSuite) {
  console.log(
    'SKIPPED: browser suite (no Chromium found; apt-get install chromium or set CHROME_PATH)',
  );
}

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs` go after the standard flags (e.g. a fake microphone for the voice suite). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (CHROME_PATH === null) {
    const why = process.env.CHROME_PATH
      ? `CHROME_PATH=${process.env.CHROME_PATH} is not an executable file`
      : 'no Chromium found on PATH';
    throw new Error(
      `Browser suite cannot run: ${why}. CI=true makes it mandatory: apt-get install chromium or set CHROME_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

// ---------------------------------------------------------------------------------------------
// Building the client
// ---------------------------------------------------------------------------------------------

/** What the built client is made from; a newer file in here means dist/client is stale. */
const BUILD_INPUTS = ['client', 'shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Assets of earlier builds, once no page of a run still in progress could be asking for them. */
function pruneOldAssets(current: Set<string>): void {
  const assets = join(CLIENT_DIST, 'assets');
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(assets)) {
    const path = join(assets, name);
    try {
      if (!current.has(name) && statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
    } catch {
      // Another run pruned it first.
    }
  }
}

export function clientBuildIsStale(): boolean {
  const index = join(CLIENT_DIST, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(join(ROOT, input)) > built);
}

/**
 * Builds the client when dist/client is missing or older than its sources. Lock-free: Vite
 * writes into a private staging folder; the hashed assets are copied in beside the old ones
 * (names never clash) and index.html is swapped in last by an atomic rename, so a server
 * already serving dist/client (another run) never sees a half-written build.
 */
export async function ensureClientBuilt(): Promise<void> {
  if (!clientBuildIsStale()) return;
  mkdirSync(TMP_DIR, { recursive: true });
  const staging = mkdtempSync(join(TMP_DIR, 'client-build-'));
  try {
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    await promisify(execFile)(
      process.execPath,
      [vite, 'build', '--outDir', staging, '--emptyOutDir', '--logLevel', 'warn'],
      // The bundle users get (and CI's `npm run build` makes): Vitest sets NODE_ENV=test, with
      // which Vite would build React's development code, several times slower.
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } },
    );
    mkdirSync(CLIENT_DIST, { recursive: true });
    const stagedIndex = join(staging, 'index.html');
    cpSync(staging, CLIENT_DIST, { recursive: true, filter: (src) => src !== stagedIndex });
    const incoming = join(CLIENT_DIST, `.index-${process.pid}-${randomUUID()}.html`);
    copyFileSync(stagedIndex, incoming);
    renameSync(incoming, join(CLIENT_DIST, 'index.html'));
    pruneOldAssets(new Set(readdirSync(join(staging, 'assets'))));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Watching pages
// ---------------------------------------------------------------------------------------------

export interface PageProblems {
  /** Uncaught exceptions in the page: always a failure. */
  pageErrors: string[];
  /** Anything the server's Content-Security-Policy blocked: always a failure. */
  cspViolations: string[];
  /** Context for a failure report (a 401 on /api/auth/me is normal on the login screen). */
  consoleErrors: string[];
  failedRequests: string[];
}

const problemsByPage = new WeakMap<Page, PageProblems>();

const CSP_REPORTER = '__e2eReportCspViolation';

/** Records CSP violations from the page itself (the event fires for every blocked resource). */
async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding(CSP_REPORTER, ({ page }, text: string) => {
    const problems = page ? problemsByPage.get(page) : undefined;
    problems?.cspViolations.push(text);
  });
  await context.addInitScript((reporter: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[reporter];
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} ` +
          `(${event.sourceFile || 'page'}:${event.lineNumber})`,
      );
    });
  }, CSP_REPORTER);
}

function watchPage(page: Page): PageProblems {
  const problems: PageProblems = {
    pageErrors: [],
    cspViolations: [],
    consoleErrors: [],
    failedRequests: [],
  };
  problemsByPage.set(page, problems);
  page.on('pageerror', (error) => problems.pageErrors.push(error.stack ?? error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    const text = `${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
    problems.consoleErrors.push(text);
    if (/Content[ -]Security[ -]Policy/i.test(text)) problems.cspViolations.push(text);
  });
  page.on('requestfailed', (request) => {
    problems.failedRequests.push(
      `${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`,
    );
  });
  page.on('response', (response) => {
    if (response.status() >= 500) {
      problems.failedRequests.push(
        `${response.request().method()} ${response.url()}: HTTP ${response.status()}`,
      );
    }
  });
  return problems;
}

export function problemsOf(page: Page): PageProblems {
  const problems = problemsByPage.get(page);
  if (!problems) throw new Error('This page was not opened through the browser suite');
  return problems;
}

function describeProblems(problems: PageProblems, url: string): string | null {
  if (problems.pageErrors.length === 0 && problems.cspViolations.length === 0) return null;
  const section = (title: string, lines: string[]) =>
    lines.length === 0 ? '' : `\n  ${title}:\n${lines.map((l) => `    - ${l}`).join('\n')}`;
  return (
    `Page ${url} broke:` +
    section('uncaught page errors', problems.pageErrors) +
    section('CSP violations', [...new Set(problems.cspViolations)]) +
    section('console errors', problems.consoleErrors) +
    section('failed requests', problems.failedRequests)
  );
}

// ---------------------------------------------------------------------------------------------
// The suite fixture: one database, one server and one browser per test file
// ---------------------------------------------------------------------------------------------

export interface BrowserApp {
  readonly baseUrl: string;
  readonly server: TestServer;
  /**
   * A fresh browser profile (its own cookies and storage) with one watched page. `locale` is the
   * browser's language (navigator.languages and Accept-Language); US English unless given.
   */
  newPage(options?: {
    viewport?: { width: number; height: number };
    locale?: string;
  }): Promise<Page>;
}

export interface BrowserAppOptions {
  /** Server environment; called in beforeAll so it can start fixtures (the OpenAI stub) first. */
  env?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Extra Chromium flags; called in beforeAll so it can make the files they name first. */
  chromiumArgs?: () => string[] | Promise<string[]>;
}

/**
 * Registers the hooks of a browser suite: build the client if needed, start the real server
 * over a private PGlite copy, launch Chromium. After each test every page it opened is checked
 * for uncaught errors and CSP violations, and its browser profile is closed.
 */
export function useBrowserApp(options: BrowserAppOptions = {}): BrowserApp {
  let testDb: TestDb | null = null;
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium((await options.chromiumArgs?.()) ?? []);
    await ensureClientBuilt();
    const env = (await options.env?.()) ?? {};
    testDb = await createTestDb('pglite');
    server = await startTestServer(testDb.db, env, { clientDir: CLIENT_DIST });
  });

  afterEach(async () => {
    const reports: string[] = [];
    for (const context of contexts.splice(0)) {
      for (const page of context.pages()) {
        const problems = problemsByPage.get(page);
        const report = problems ? describeProblems(problems, page.url()) : null;
        if (report) reports.push(report);
      }
      await context.close();
    }
    if (reports.length > 0) throw new Error(reports.join('\n\n'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await testDb?.drop();
  });

  const running = () => {
    if (!server || !browser) throw new Error('The browser suite has not started');
    return { server, browser };
  };

  return {
    get baseUrl() {
      return running().server.url;
    },
    get server() {
      return running().server;
    },
    async newPage({ viewport = { width: 1280, height: 900 }, locale = 'en-US' } = {}) {
      const { server: app, browser: chrome } = running();
      const context = await chrome.newContext({ baseURL: app.url, viewport, locale });
      contexts.push(context);
      await reportCspViolations(context);
      const page = await context.newPage();
      watchPage(page);
      return page;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Small helpers for the tests
// ---------------------------------------------------------------------------------------------

/** Polls until the assertion holds (the UI is asynchronous; there are no sleeps). */
export function eventually<T>(read: () => T | Promise<T>, timeout = 10_000) {
  return expect.poll(read, { timeout, interval: 50 });
}

/** Waits for the page to be at `path` (pathname only, query ignored). */
export async function waitForPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
}

/** Signs a new user up through the API inside the page's browser profile (sets its cookie). */
export async function signUpByApi(page: Page, fullName = 'Dr Ada Molar'): Promise<TestUser> {
  const user = { email: uniqueEmail('e2e'), password: 'correct horse battery', fullName };
  const response = await page.request.post('/api/auth/sign-up', { data: user });
  if (response.status() !== 201) {
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  }
  return user;
}

/** GETs a JSON API path with the page's cookies, the way the client would. */
export async function apiGet(page: Page, path: string): Promise<any> {
  const response = await page.request.get(path);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** POSTs JSON with the page's cookies, the way the client would; a refusal throws. */
export async function apiPost(page: Page, path: string, data: unknown = {}): Promise<any> {
  const response = await page.request.post(path, { data });
  if (!response.ok())
    throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Serious and critical axe-core findings, one readable line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('; ')})`,
    );
}

/** Trimmed, whitespace-collapsed text of each element, in order. */
export async function textsOf(locator: Locator): Promise<string[]> {
  const texts = await locator.allInnerTexts();
  return texts.map((t) => t.replace(/\s+/g, ' ').trim());
}

/**
 * Chromium's flags for a microphone that plays `wavFile` (espeak-ng speech made by the test),
 * or a silent one without it, with the permission prompt answered yes.
 */
export function fakeMicrophoneArgs(wavFile?: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    ...(wavFile === undefined ? [] : [`--use-file-for-fake-audio-capture=${wavFile}`]),
  ];
}

/**
 * The app's settings for the OpenAI stub at `url`: no retries, so a fault the test injects
 * reaches the user instead of being retried away.
 */
export function stubbedOpenAiEnv(
  url: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: url,
    AI_MAX_RETRIES: '0',
    AI_TIMEOUT_SECONDS: '20',
    ...extra,
  };
}
