import { useEffect, useMemo, useRef } from 'react';
import type { Conversation, Message } from '#shared/conversation';
import type { Scenario } from '#shared/scenario';
import { voicesReady, type SpokenLine } from './useSpeech';

/** Spec §9: the first patient line is spoken about half a second after the voices are ready. */
const INITIAL_SPEECH_DELAY_MS = 500;

/**
 * The server stores the opening line with the session; until its history arrives (or if it ever
 * has none) the scenario's own opening line stands in, so the patient always speaks first. The
 * stand-in is not a stored message: only the browser can read it aloud.
 */
export function useOpeningLine(
  scenario: Pick<Scenario, 'initialMessage'>,
  session: Pick<Conversation, 'id' | 'createdAt'> | null,
  storedCount: number,
): Message | null {
  return useMemo<Message | null>(() => {
    if (!session || storedCount > 0 || scenario.initialMessage.trim() === '') return null;
    return {
      id: `opening-${session.id}`,
      role: 'assistant',
      content: scenario.initialMessage,
      createdAt: session.createdAt,
      source: 'typed',
      partial: false,
    };
  }, [session, storedCount, scenario.initialMessage]);
}

/**
 * Reads the stored opening line aloud once, when the conversation has nothing else in it yet.
 * `messages` is null until the stored history is in.
 */
export function useSpeakOpeningLine(
  messages: Message[] | null,
  speech: {
    speak: (line: SpokenLine) => void;
    supported: boolean;
    untouched: () => boolean;
  },
) {
  const { speak, supported, untouched } = speech;
  const spokenRef = useRef(false);
  const first = messages?.[0];
  const onlyOpening = messages !== null && messages.length === 1 && first?.role === 'assistant';
  useEffect(() => {
    if (!supported || spokenRef.current || !onlyOpening || !first) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void voicesReady().then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        spokenRef.current = true;
        // The clinician got there first (read it, or stopped it): do not start it again.
        if (untouched()) speak({ id: first.id, text: first.content, stored: true });
      }, INITIAL_SPEECH_DELAY_MS);
    });
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [supported, onlyOpening, first, speak, untouched]);
}
