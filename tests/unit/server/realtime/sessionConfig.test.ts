import { describe, expect, it } from 'vitest';
import { callIdFromLocation, sidebandUrl } from '#server/ai/openai/realtimeProvider';
import { endMessage } from '#server/realtime/realtimeCall';
import {
  MAX_REPLY_TOKENS,
  realtimeSession,
  realtimeVoiceForScenario,
} from '#server/realtime/sessionConfig';
import { looksLikeSdpOffer } from '#server/routes/realtime';
import { REALTIME_TEXT } from '#shared/text';
import { childScenario, crownScenario } from '../../../fixtures/offlineScenario';

const CONFIG = {
  model: 'gpt-realtime',
  voice: null,
  transcriptionModel: 'gpt-4o-mini-transcribe',
  maxCallMs: 15 * 60_000,
};

describe('the Realtime session the server adds to an offer', () => {
  it('carries the patient, the hidden concerns and the conversation so far, fenced as data', () => {
    const session = realtimeSession({
      config: CONFIG,
      scenario: crownScenario,
      history: [
        { role: 'assistant', content: crownScenario.initialMessage },
        { role: 'user', content: 'What worries you most?' },
      ],
      nonce: 'n0nce',
    });
    const hidden = crownScenario.extras.hiddenConcerns[0]!;
    expect(session.instructions).toContain(hidden.reveal);
    expect(session.instructions).toContain('<<<TRANSCRIPT n0nce>>>');
    expect(session.instructions).toContain('"text":"What worries you most?"');
    expect(session.model).toBe('gpt-realtime');
    expect(session.max_output_tokens).toBe(MAX_REPLY_TOKENS);
    expect(session.audio?.input?.transcription?.model).toBe('gpt-4o-mini-transcribe');
    expect(session.audio?.input?.turn_detection).toMatchObject({
      type: 'server_vad',
      interrupt_response: true,
      create_response: true,
    });
  });

  it('starts from the opening line when nothing was said yet', () => {
    const session = realtimeSession({
      config: CONFIG,
      scenario: crownScenario,
      history: [],
      nonce: 'x',
    });
    expect(session.instructions).toContain(JSON.stringify(crownScenario.initialMessage));
  });

  it.each([
    [crownScenario, 'marin'],
    [childScenario, 'cedar'],
  ])('voice follows the patient profile (%#)', (scenario, voice) => {
    expect(realtimeVoiceForScenario(scenario)).toBe(voice);
    const session = realtimeSession({ config: CONFIG, scenario, history: [], nonce: 'x' });
    expect(session.audio?.output?.voice).toBe(voice);
  });

  it('REALTIME_VOICE wins over the profile', () => {
    const session = realtimeSession({
      config: { ...CONFIG, voice: 'verse' },
      scenario: crownScenario,
      history: [],
      nonce: 'x',
    });
    expect(session.audio?.output?.voice).toBe('verse');
  });
});

const OFFER =
  'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

describe('what passes for an SDP offer', () => {
  it.each([
    [OFFER, true],
    [OFFER.replace(/\r\n/g, '\n'), true],
    ['{"sdp":"v=0"}', false],
    ['v=0\r\nm=video 9 RTP/AVP 96\r\n', false],
    [`${OFFER}a=x:\u0000\r\n`, false],
    ['', false],
    [`hello ${OFFER}`, false],
  ])('%j → %s', (text, ok) => {
    expect(looksLikeSdpOffer(text)).toBe(ok);
  });
});

describe("the provider's call addresses", () => {
  it.each([
    ['/v1/realtime/calls/rtc_abc123', 'rtc_abc123'],
    ['https://api.openai.com/v1/realtime/calls/rtc_9?x=1', 'rtc_9'],
    ['rtc_bare', 'rtc_bare'],
    ['/v1/realtime/calls/bad id', null],
    ['', null],
    [null, null],
  ])('Location %j → call id %j', (location, id) => {
    expect(callIdFromLocation(location)).toBe(id);
  });

  it.each([
    ['https://api.openai.com/v1', 'wss://api.openai.com/v1/realtime?call_id=rtc_1'],
    ['http://127.0.0.1:9999/v1/', 'ws://127.0.0.1:9999/v1/realtime?call_id=rtc_1'],
  ])('%s → %s', (base, url) => {
    expect(sidebandUrl(base, 'rtc_1')).toBe(url);
  });
});

describe('why a call ended, in words', () => {
  it.each([
    ['hung_up', REALTIME_TEXT.hungUp],
    ['dropped', REALTIME_TEXT.dropped],
    ['quota', REALTIME_TEXT.quotaReached],
    ['conversation_ended', REALTIME_TEXT.conversationEnded],
    ['replaced', REALTIME_TEXT.replaced],
    ['call_too_long', REALTIME_TEXT.callTooLong(15)],
  ] as const)('%s', (reason, text) => {
    expect(endMessage(reason, 15 * 60_000)).toBe(text);
  });
});
