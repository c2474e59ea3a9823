import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Page, Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import { startOpenAiStub, type OpenAiStub } from '../fixtures/openaiStub';
import {
  apiGet,
  eventually,
  signUpByApi,
  skipBrowserSuite,
  stubbedOpenAiEnv,
  textsOf,
  useBrowserApp,
  waitForPath,
} from './browser';

const REPLY_FAILED = "I apologize, but I'm having trouble responding right now.";
const SCORE_LABELS = [
  'Overall Performance',
  'Empathy & Rapport',
  'Clarity & Communication',
  'Persuasion & Value Proposition',
  'Objection Handling',
];

interface SocketFrame {
  type: string;
  replyId?: string;
  [key: string]: unknown;
}

/** The chat screen, found by roles and names. */
function chat(page: Page) {
  const messages = page.getByRole('region', { name: 'Conversation messages' });
  const items = messages.getByRole('listitem');
  return {
    messages,
    items,
    patientItems: items.filter({ hasText: 'Patient said:' }),
    userItems: items.filter({ hasText: 'You said:' }),
    composer: page.getByRole('textbox', { name: 'Your message to the patient' }),
    endButton: page.getByRole('button', { name: 'End conversation & get feedback' }),
    hintButton: page.getByRole('button', { name: 'Get hint', exact: true }),
  };
}

/** What the list shows, message by message (the bubble text, without times and buttons). */
function shownMessages(page: Page): Promise<string[]> {
  return textsOf(chat(page).items.getByRole('paragraph'));
}

function isConversationCreation(response: Response): boolean {
  return (
    response.request().method() === 'POST' &&
    new URL(response.url()).pathname === '/api/conversations'
  );
}

describe.skipIf(skipBrowserSuite)('a conversation in the browser (offline patient)', () => {
  const app = useBrowserApp();

  /**
   * Signs a new user up and opens a scenario screen; returns the session the page created and
   * every socket frame the page receives from then on.
   */
  async function openScenario(index = 0) {
    const page = await app.newPage();
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const scenario = scenarios[index]!;
    const frames: SocketFrame[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') frames.push(JSON.parse(payload) as SocketFrame);
      });
    });
    const created = page.waitForResponse(isConversationCreation);
    await page.goto(`/scenario/${scenario.id}`);
    const response = await created;
    expect(response.status()).toBe(201);
    const conversationId: string = (await response.json()).session.id;
    await chat(page).messages.waitFor();
    return { page, scenario, conversationId, frames };
  }

  /** Types into the composer and presses Enter; resolves once the patient's reply is shown. */
  async function say(page: Page, text: string) {
    const ui = chat(page);
    const patientBefore = await ui.patientItems.count();
    const userBefore = await ui.userItems.count();
    await ui.composer.fill(text);
    await ui.composer.press('Enter');
    await eventually(() => ui.userItems.count()).toBe(userBefore + 1);
    await eventually(() => ui.patientItems.count()).toBe(patientBefore + 1);
    // Finished: neither the typing indicator nor a growing (streaming) bubble is left.
    await eventually(() => page.getByText('Patient is replying…').count()).toBe(0);
  }

  async function storedMessages(page: Page, conversationId: string) {
    const detail = await apiGet(page, `/api/conversations/${conversationId}`);
    return detail.messages as { role: string; content: string }[];
  }

  it('starts with the patient, sends on Enter, keeps Shift+Enter newlines, streams or not, and survives a reload', async () => {
    const { page, scenario, conversationId, frames } = await openScenario();
    const ui = chat(page);

    // The opening line is the patient's first message, with the avatar beside it.
    await eventually(() => shownMessages(page)).toEqual([scenario.initialMessage]);
    const opening = ui.items.first();
    expect(await opening.textContent()).toContain('Patient said:');
    // The avatar is a decorative (aria-hidden) drawing, so it has no role to find it by.
    expect(await opening.locator('svg.avatar-art').count()).toBe(1);
    await page.getByRole('button', { name: 'Avatar ON' }).click();
    await eventually(() => opening.locator('svg.avatar-art').count()).toBe(0);
    await page.getByRole('button', { name: 'Avatar OFF' }).click();
    await eventually(() => opening.locator('svg.avatar-art').count()).toBe(1);

    // One message is not a conversation yet.
    expect(await ui.endButton.isDisabled()).toBe(true);

    // Enter sends (streaming is on by default): the clinician's bubble sits on the right.
    const streamingPill = page.getByRole('button', { name: 'Streaming ON' });
    expect(await streamingPill.getAttribute('aria-pressed')).toBe('true');
    const first = 'Hello, thanks for coming in today.';
    await say(page, first);
    const mine = ui.userItems.first();
    expect(await textsOf(mine.getByRole('paragraph'))).toEqual([first]);
    const region = (await ui.messages.boundingBox())!;
    const myBubble = (await mine.getByRole('paragraph').boundingBox())!;
    const theirBubble = (await ui.patientItems.first().getByRole('paragraph').boundingBox())!;
    expect(myBubble.x + myBubble.width / 2).toBeGreaterThan(region.x + region.width / 2);
    expect(theirBubble.x + theirBubble.width / 2).toBeLessThan(region.x + region.width / 2);
    expect(myBubble.x).toBeGreaterThan(theirBubble.x);

    let stored = await storedMessages(page, conversationId);
    expect(stored.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(stored[1]!.content).toBe(first);
    expect(await shownMessages(page)).toEqual(stored.map((m) => m.content));
    // Socket frames are reported beside the DOM, so wait for them rather than assume the order.
    await eventually(() => frames.some((f) => f.type === 'reply_done')).toBe(true);
    const streamedReply = frames.find((f) => f.type === 'reply_start')!.replyId;
    expect(
      frames.filter((f) => f.type === 'reply_delta' && f.replyId === streamedReply).length,
    ).toBeGreaterThan(1);
    expect(await ui.endButton.isEnabled()).toBe(true);

    // Shift+Enter is a new line in the draft, not a send.
    await ui.composer.fill('How long has the tooth been bothering you?');
    await ui.composer.press('Shift+Enter');
    await ui.composer.pressSequentially('And does it hurt at night?');
    expect(await ui.composer.inputValue()).toBe(
      'How long has the tooth been bothering you?\nAnd does it hurt at night?',
    );
    expect(await ui.userItems.count()).toBe(1);

    // Streaming OFF: the reply arrives whole, with no deltas on the socket.
    await streamingPill.click();
    const offPill = page.getByRole('button', { name: 'Streaming OFF' });
    expect(await offPill.getAttribute('aria-pressed')).toBe('false');
    const startsBefore = frames.filter((f) => f.type === 'reply_start').length;
    await ui.composer.press('Enter');
    await eventually(() => ui.patientItems.count()).toBe(3);
    await eventually(() => ui.composer.inputValue()).toBe('');
    await eventually(() => frames.filter((f) => f.type === 'reply_done').length).toBe(
      startsBefore + 1,
    );
    const wholeReply = frames.filter((f) => f.type === 'reply_start')[startsBefore]!.replyId;
    expect(frames.some((f) => f.type === 'reply_done' && f.replyId === wholeReply)).toBe(true);
    expect(frames.some((f) => f.type === 'reply_delta' && f.replyId === wholeReply)).toBe(false);

    stored = await storedMessages(page, conversationId);
    expect(stored).toHaveLength(5);
    expect(stored[3]!.content).toBe(
      'How long has the tooth been bothering you?\nAnd does it hurt at night?',
    );
    const before = await shownMessages(page);
    expect(before).toEqual(stored.map((m) => m.content.replace(/\s+/g, ' ')));

    // A reload resumes the same session with the same messages.
    const resumed = page.waitForResponse(isConversationCreation);
    await page.reload();
    const again = await resumed;
    expect(again.status()).toBe(200);
    expect((await again.json()).session.id).toBe(conversationId);
    await eventually(() => shownMessages(page)).toEqual(before);
    expect(await storedMessages(page, conversationId)).toHaveLength(5);
  });

  it('gives a hint, then ends the conversation into a feedback report that quotes you', async () => {
    const { page, conversationId } = await openScenario(1);
    const ui = chat(page);
    const typed = [
      'Hello, I can see this has been worrying you, so please tell me what concerns you most.',
      'That sounds really stressful, and it makes sense that you feel that way.',
    ];
    await say(page, typed[0]!);

    await ui.hintButton.click();
    const hint = page.getByRole('complementary', { name: 'Hint', exact: true });
    await hint.waitFor();
    const hintText = (await hint.getByRole('status').textContent()) ?? '';
    expect(hintText.trim().length).toBeGreaterThan(10);
    await hint.getByRole('button', { name: 'Dismiss hint' }).click();
    await eventually(() => hint.count()).toBe(0);

    await say(page, typed[1]!);
    expect(await ui.endButton.isEnabled()).toBe(true);
    await ui.endButton.click();

    // 'Generating feedback from your conversation...' may flash by; the report is what stays.
    const report = page.getByRole('dialog', { name: 'Conversation Feedback' });
    await report.waitFor({ timeout: 20_000 });
    await report.getByRole('heading', { name: 'Performance Scores' }).waitFor();

    const { feedback } = await apiGet(page, `/api/conversations/${conversationId}`);
    expect(feedback).not.toBeNull();
    const shownScores: string[] = [];
    for (const label of SCORE_LABELS) {
      const row = report
        .getByRole('listitem')
        .filter({ has: page.getByText(label, { exact: true }) });
      expect(await row.count()).toBe(1);
      shownScores.push((await row.getByText(/^\d+(\.\d)?\/10$/).textContent()) ?? '');
    }
    const fmt = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}/10`;
    expect(shownScores).toEqual(
      [
        feedback.overallScore,
        feedback.empathyScore,
        feedback.clarityScore,
        feedback.persuasionScore,
        feedback.objectionHandlingScore,
      ].map(fmt),
    );

    for (const section of [
      'Strengths',
      'Areas for Improvement',
      'Suggested Alternative Responses',
    ]) {
      await report.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    const quotes = (await textsOf(report.getByRole('blockquote').getByRole('paragraph'))).map((q) =>
      q.replace(/^"|"$/g, ''),
    );
    expect(
      quotes.some((q) => typed.includes(q)),
      `quotes: ${JSON.stringify(quotes)}`,
    ).toBe(true);

    await report.getByRole('button', { name: 'Close', exact: true }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Choose a Scenario to Practice' }).waitFor();
    const ended = await apiGet(page, `/api/conversations/${conversationId}`);
    expect(ended.session.endedAt).not.toBeNull();
    expect(ended.session.successRating).toBe(feedback.overallScore);
  });

  it('shows markup in a message as text and never runs it', async () => {
    const { page, conversationId } = await openScenario(2);
    const ui = chat(page);
    const attack = '<img src=x onerror="window.__xss=1">';
    await say(page, attack);

    expect(await textsOf(ui.userItems.first().getByRole('paragraph'))).toEqual([attack]);
    expect(await ui.messages.getByRole('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(
      undefined,
    );
    const stored = await storedMessages(page, conversationId);
    expect(stored[1]!.content).toBe(attack);
  });
});

describe.skipIf(skipBrowserSuite)('a conversation in the browser (provider fault)', () => {
  let stub: OpenAiStub | null = null;
  const app = useBrowserApp({
    env: async () => {
      stub = await startOpenAiStub();
      return stubbedOpenAiEnv(stub.url);
    },
  });
  afterAll(async () => {
    await stub?.close();
  });

  it("shows the apology line when the provider fails, and keeps the clinician's message", async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const scenario = scenarios[0]!;
    const created = page.waitForResponse(isConversationCreation);
    await page.goto(`/scenario/${scenario.id}`);
    const conversationId: string = (await (await created).json()).session.id;
    const ui = chat(page);
    await eventually(() => shownMessages(page)).toEqual([scenario.initialMessage]);

    stub!.reset();
    stub!.queueFault({ kind: 'status', status: 500, message: 'upstream exploded' });
    const text = 'Can you tell me what has been bothering you about the tooth?';
    await ui.composer.fill(text);
    await ui.composer.press('Enter');

    await eventually(() => shownMessages(page)).toEqual([
      scenario.initialMessage,
      text,
      REPLY_FAILED,
    ]);
    expect(stub!.requests.some((r) => r.path === '/v1/chat/completions')).toBe(true);

    const stored = await storedMessages(page, conversationId);
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ['assistant', scenario.initialMessage],
      ['user', text],
    ]);

    // The next turn works again once the provider recovers.
    await ui.composer.fill('Is it sensitive to cold drinks?');
    await ui.composer.press('Enter');
    await eventually(() => ui.patientItems.count()).toBe(3);
    await eventually(() => shownMessages(page).then((m) => m.at(-1))).toBe(
      'I see. Can you tell me a bit more about that?',
    );
  });

  it('reconnects after a drop mid-reply and shows every stored message once; a turn whose acknowledgement was lost is stored once', async () => {
    // Every conversation socket the server accepts, so the test can cut them as a network would.
    const accepted: Duplex[] = [];
    const onUpgrade = (_request: IncomingMessage, socket: Duplex) => accepted.push(socket);
    app.server.server.on('upgrade', onUpgrade);
    try {
      const page = await app.newPage();
      await signUpByApi(page);
      // The page's socket goes through this relay, which can swallow one acknowledgement.
      let loseNextAck = false;
      let connections = 0;
      await page.routeWebSocket(/\/ws\/conversations\//, (route) => {
        connections += 1;
        const server = route.connectToServer();
        server.onMessage((frame) => {
          if (loseNextAck && typeof frame === 'string' && frame.includes('"turn_stored"')) {
            loseNextAck = false;
            route.close({ code: 1011, reason: 'network blip' });
            server.close();
            return;
          }
          route.send(frame);
        });
      });
      const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
      const scenario = scenarios[1]!;
      const created = page.waitForResponse(isConversationCreation);
      await page.goto(`/scenario/${scenario.id}`);
      const conversationId: string = (await (await created).json()).session.id;
      const ui = chat(page);
      await eventually(() => shownMessages(page)).toEqual([scenario.initialMessage]);
      const chatCalls = () =>
        stub!.requests.filter((r) => r.path === '/v1/chat/completions').length;
      const shownMatchStored = async () => {
        const stored = await storedMessages(page, conversationId);
        return { shown: await shownMessages(page), stored: stored.map((m) => m.content) };
      };

      // 1. The connection dies while the reply streams.
      stub!.reset();
      stub!.setReply([
        'Well, ',
        'it started ',
        'about a week ago ',
        'and it ',
        'keeps ',
        'aching.',
      ]);
      stub!.setTiming({ tokenDelayMs: 400 });
      const first = 'When did you first notice the pain?';
      await ui.composer.fill(first);
      await ui.composer.press('Enter');
      await page.locator('.bubble--streaming', { hasText: 'it started' }).waitFor();
      for (const socket of accepted.splice(0)) socket.destroy();

      // The client heals by itself and shows the stored history: the cut reply, marked.
      await eventually(() => ui.items.filter({ hasText: 'Reply cut short' }).count()).toBe(1);
      await eventually(shownMatchStored).toSatisfy(
        ({ shown, stored }: { shown: string[]; stored: string[] }) =>
          JSON.stringify(shown) === JSON.stringify(stored),
      );
      const afterDrop = await storedMessages(page, conversationId);
      expect(afterDrop.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
      expect(afterDrop[1]!.content).toBe(first);
      expect(afterDrop[2]!.content).toMatch(/^Well, it started/);
      expect(afterDrop[2]!.content).not.toContain('aching');
      expect(connections).toBe(2);
      expect(chatCalls()).toBe(1);

      // 2. The turn is stored but its acknowledgement is lost with the connection: the client
      // resends it under the same id, and the server stores it once and answers it once.
      stub!.setReply('Mostly at night, when I lie down.');
      stub!.setTiming({ tokenDelayMs: 0, firstTokenDelayMs: 300 });
      loseNextAck = true;
      const second = 'Does anything make it worse?';
      await ui.composer.fill(second);
      await ui.composer.press('Enter');
      await eventually(() => shownMessages(page).then((m) => m.at(-1))).toBe(
        'Mostly at night, when I lie down.',
      );
      expect(loseNextAck).toBe(false);
      expect(connections).toBe(3);
      const stored = await storedMessages(page, conversationId);
      expect(stored.filter((m) => m.content === second)).toHaveLength(1);
      expect(stored.filter((m) => m.content === 'Mostly at night, when I lie down.')).toHaveLength(
        1,
      );
      expect(stored.map((m) => m.role)).toEqual([
        'assistant',
        'user',
        'assistant',
        'user',
        'assistant',
      ]);
      await eventually(() => shownMessages(page)).toEqual(stored.map((m) => m.content));
      expect(await ui.composer.isEnabled()).toBe(true);
    } finally {
      app.server.server.off('upgrade', onUpgrade);
    }
  });

  async function storedMessages(page: Page, conversationId: string) {
    const detail = await apiGet(page, `/api/conversations/${conversationId}`);
    return detail.messages as { role: string; content: string }[];
  }
});
