import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  setBrowserSpeechLanguage,
  speakWithBrowser,
  voiceForTag,
} from '#client/lib/audio/browserSpeech';

const voice = (lang: string, name = lang) => ({ lang, name }) as SpeechSynthesisVoice;
const VOICES = [voice('en-US'), voice('en-GB'), voice('es-MX'), voice('fr_FR'), voice('de-DE')];

describe('the browser voice for the conversation language (decision 048)', () => {
  it.each([
    ['en-US', 'en-US'],
    ['es-ES', 'es-MX'],
    ['fr-FR', 'fr_FR'],
    ['de-DE', 'de-DE'],
    ['pt-PT', null],
    ['it-IT', null],
  ])('for %s picks %s', (tag, lang) => {
    expect(voiceForTag(VOICES, tag)?.lang ?? null).toBe(lang);
  });

  it('prefers the exact tag to another of its language', () => {
    expect(voiceForTag([voice('es-MX'), voice('es-ES')], 'es-ES')?.lang).toBe('es-ES');
  });
});

describe('speakWithBrowser in the conversation language', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setBrowserSpeechLanguage('en-US');
  });

  function fakeSpeech(voices: SpeechSynthesisVoice[]) {
    const spoken: { text: string; lang: string; voice: SpeechSynthesisVoice | null }[] = [];
    class Utterance {
      lang = '';
      voice: SpeechSynthesisVoice | null = null;
      rate = 1;
      pitch = 1;
      volume = 1;
      onstart: (() => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly text: string) {}
    }
    const speechSynthesis = {
      getVoices: () => voices,
      speak(u: Utterance) {
        spoken.push({ text: u.text, lang: u.lang, voice: u.voice });
        u.onend?.();
      },
      cancel() {},
    };
    vi.stubGlobal('window', { speechSynthesis });
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    return spoken;
  }

  it('sets the utterance lang to the conversation tag and picks a voice for it', async () => {
    const spoken = fakeSpeech(VOICES);
    setBrowserSpeechLanguage('es-ES');
    await speakWithBrowser('Me preocupa el precio.');
    expect(spoken).toEqual([{ text: 'Me preocupa el precio.', lang: 'es-ES', voice: VOICES[2] }]);
  });

  it('keeps the lang when the browser has no voice for it', async () => {
    const spoken = fakeSpeech(VOICES);
    setBrowserSpeechLanguage('it-IT');
    await speakWithBrowser('Buongiorno.');
    expect(spoken).toEqual([{ text: 'Buongiorno.', lang: 'it-IT', voice: null }]);
  });

  it('speaks American English by default, as spec §9 asks', async () => {
    const spoken = fakeSpeech(VOICES);
    await speakWithBrowser('Hello.');
    expect(spoken[0]).toMatchObject({ lang: 'en-US', voice: VOICES[0] });
  });
});
