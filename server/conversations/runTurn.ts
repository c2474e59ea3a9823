import type { LanguageCode } from '#shared/languages';
import { randomUUID } from 'node:crypto';
import type { Message } from '#shared/conversation';
import { stripControlChars } from '#shared/inputChecks';
import type { ServerMessage } from '#shared/protocol';
import { CONVERSATION_TEXT } from '#shared/text';
import { ERRORS } from '#shared/errors';
import type { ScenarioRecord } from '../scenarios/schema';
import { insertAssistantMessage, storeTurnAndListHistory } from '../db/messages';
import type { Services } from '../services';
import { AppError } from '../http/errors';
import { appErrorFrame } from './conversationContext';
import { createDeltaPacer } from './deltaPacer';
import type { EarlyReply } from './earlyReply';
import {
  sameTurns,
  startReplyInAdvance,
  type KnownHistory,
  type ReplyInAdvance,
} from './replyInAdvance';
import { heardPart } from '#shared/heardPart';

export interface TurnInput {
  /** Who pays for the reply (the AI budget, decision 027). */
  userId: string;
  conversationId: string;
  scenario: ScenarioRecord;
  /** The conversation's language (decision 048): the patient replies in it. */
  language: LanguageCode;
  clientId: string;
  text: string;
  source: Message['source'];
  stream: boolean;
  /** A reply started on the words heard before the final transcript (see earlyReply.ts). */
  early?: Promise<EarlyReply | null>;
  /**
   * The socket's history as its last turn left it: with it, the reply is asked for while the
   * turn is stored, and kept if the store reads the same history (replyInAdvance.ts).
   */
  known?: KnownHistory;
}

export interface TurnHooks {
  send(message: ServerMessage): void;
  /** Called once the clinician's message is stored (or found stored, for a resent turn). */
  onTurnStored?(message: Message): void;
  /** Called once the reply has an id, before its first delta. */
  onReplyStart?(replyId: string): void;
  /** Called with each delta as it arrives (the voice pipeline chunks these into sentences). */
  onDelta?(text: string): void;
  /** How much of the reply the user actually heard, when a cancel says so. */
  heardChars?(): number | undefined;
}

/** How a turn ended, with the patient's reply as stored (a cut-short reply is partial). */
export type TurnResult =
  | { outcome: 'replied'; reply: Message }
  | { outcome: 'cancelled' | 'failed'; reply: Message | null }
  | { outcome: 'duplicate' | 'limited' | 'ended' };

/**
 * One turn, as a story: store the clinician's words → stream the patient's reply → store it.
 * The clinician's message is stored before any AI call and stays stored whatever fails; a reply
 * cut short (cancel, dropped stream, closed page) is stored as far as it got, marked partial.
 */
export async function runTurn(
  services: Services,
  input: TurnInput,
  signal: AbortSignal,
  hooks: TurnHooks,
): Promise<TurnResult> {
  const { db, ai, logger, budget } = services;
  const { known } = input;
  const expected = known?.turns ?? null;
  // Whatever happens to this turn, the socket knows its history again only if it ends whole.
  if (known) known.turns = null;
  // Typed turns (and spoken ones not answered early) pay for their reply in the statement
  // that stores them, and, when the socket knows the history, the reply is asked for meanwhile
  // (decision 036): the provider's first token no longer waits for the database.
  const paysInStore = !input.early;
  let advance: ReplyInAdvance | null = null;
  if (paysInStore && expected) {
    const predicted = [...expected, { role: 'user' as const, content: input.text }];
    advance = startReplyInAdvance(
      predicted,
      (advanceSignal) =>
        ai.patient.streamReply(
          { scenario: input.scenario, language: input.language, history: predicted },
          { signal: advanceSignal, stream: input.stream },
        ),
      signal,
    );
  }
  // One turn of the event loop first, so the provider's request is on the wire before the
  // store runs: PGlite works on this very thread, and would hold the request back until done.
  if (advance) await new Promise<void>((resolve) => setImmediate(resolve));
  let stored;
  try {
    stored = await storeTurnAndListHistory(db, {
      conversationId: input.conversationId,
      content: input.text,
      source: input.source,
      clientId: input.clientId,
      turnsPerHour: services.config.limits.turnsPerHour,
      ...(paysInStore ? { pay: budget.charge(input.userId, 'reply') } : {}),
    });
  } catch (error) {
    advance?.drop();
    throw error;
  }
  if (stored.refused !== null) {
    advance?.drop();
    const limited = stored.refused === 'limited';
    // Ended means ended after this socket opened (here or on another instance): feedback is final.
    hooks.send({
      type: 'error',
      code: limited ? 'rate_limit:turns' : 'conflict:ended',
      message: limited
        ? CONVERSATION_TEXT.turnQuota(services.config.limits.turnsPerHour)
        : ERRORS['conflict:ended'],
      clientId: input.clientId,
    });
    return { outcome: stored.refused };
  }
  const { message, duplicate, history, paid } = stored;
  // Acknowledged only now, after the last await a duplicate makes, so its turn is over by the
  // time the client can react to the acknowledgement.
  hooks.send({ type: 'turn_stored', clientId: input.clientId, message });
  hooks.onTurnStored?.(message);
  // A resent turn that was already answered must not be answered twice.
  if (duplicate && history.at(-1)?.id !== message.id) {
    advance?.drop();
    return { outcome: 'duplicate' };
  }

  const turns = history.map(({ role, content }) => ({ role, content }));
  if (paid && !paid.spent) {
    advance?.drop();
    // The clinician's words stay stored; resending the turn once the hour allows answers it.
    hooks.send(appErrorFrame(budget.refusal(paid.retryAfterSeconds), input.clientId));
    return { outcome: 'failed', reply: null };
  }
  // Kept only when asked with exactly the history the model would be given now.
  const adopted = advance && paid?.spent && sameTurns(advance.turns, turns) ? advance : null;
  if (!adopted) advance?.drop();
  // A reply started early on these very words was paid for when it started.
  const early = input.early ? await input.early : null;
  const claimed = early?.claim(input.text, turns) ?? null;
  if (!claimed && !paid?.spent) {
    try {
      await budget.spend(input.userId, 'reply');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The clinician's words stay stored; resending the turn once the hour allows answers it.
      hooks.send(appErrorFrame(error, input.clientId));
      return { outcome: 'failed', reply: null };
    }
  }

  const replyId = randomUUID();
  hooks.send({ type: 'reply_start', replyId });
  hooks.onReplyStart?.(replyId);
  let text = '';
  const pacer = createDeltaPacer((delta) =>
    hooks.send({ type: 'reply_delta', replyId, text: delta }),
  );
  try {
    const deltas =
      claimed ??
      adopted?.adopt() ??
      ai.patient.streamReply(
        { scenario: input.scenario, language: input.language, history: turns },
        { signal, stream: input.stream },
      );
    for await (const delta of deltas) {
      if (signal.aborted) break;
      text += delta;
      if (input.stream) pacer.push(delta);
      hooks.onDelta?.(delta);
    }
  } catch (error) {
    if (!signal.aborted) {
      logger.warn('turn.reply_failed', { conversationId: input.conversationId, error });
      pacer.flush();
      const reply = text.trim() !== '' ? await storeReply(true) : null;
      hooks.send({
        type: 'error',
        code: 'unavailable:reply',
        message: CONVERSATION_TEXT.replyFailed,
        clientId: input.clientId,
      });
      return { outcome: 'failed', reply };
    }
  }

  if (signal.aborted) {
    pacer.stop();
    const heard = hooks.heardChars?.();
    if (heard !== undefined) text = heardPart(text, heard);
    return { outcome: 'cancelled', reply: text.trim() !== '' ? await storeReply(true) : null };
  }
  if (text.trim() === '') {
    hooks.send({
      type: 'error',
      code: 'unavailable:reply',
      message: CONVERSATION_TEXT.replyFailed,
      clientId: input.clientId,
    });
    return { outcome: 'failed', reply: null };
  }
  pacer.flush();
  const reply = await storeReply(false);
  if (known) known.turns = [...turns, { role: 'assistant', content: reply.content }];
  return { outcome: 'replied', reply };

  async function storeReply(partial: boolean): Promise<Message> {
    const stored = await insertAssistantMessage(db, {
      conversationId: input.conversationId,
      content: stripControlChars(text).trim(),
      partial,
      // One reply per clinician turn, whichever instance stores it (decision 038).
      replyTo: message.id,
    });
    hooks.send({ type: 'reply_done', replyId, message: stored });
    return stored;
  }
}
