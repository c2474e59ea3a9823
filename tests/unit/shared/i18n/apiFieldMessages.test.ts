import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportQuery } from '#shared/api/authoring';
import { createBranchInput, createConversationInput } from '#shared/api/conversations';
import { historyQuery } from '#shared/api/history';
import { inviteCodeSchema, organisationsApi } from '#shared/api/organisations';
import { setLocaleResolver } from '#shared/i18n/translate';
import { installZodMessages } from '#shared/i18n/zodMessages';
import { clientMessageSchema } from '#shared/protocol';
import { describeIssues, scenarioFileSchema } from '#shared/scenarioSeed';
import { parseInput } from '#server/http/validate';
import { AppError } from '#server/http/errors';

/**
 * The API contracts' field rules and zod's own words are read in the reader's language when a
 * value fails (issue 28, decision 049); English stays word for word what API callers and the
 * existing tests read.
 */
const firstMessage = (schema: z.ZodType, value: unknown): string =>
  schema.safeParse(value).error?.issues[0]?.message ?? '';

function refusal(schema: z.ZodType, value: unknown): string {
  try {
    parseInput(schema, value);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('parsed without a problem');
}

const overrideBody = organisationsApi.override.body;

describe('API field messages in the interface language', () => {
  beforeAll(() => installZodMessages());
  afterEach(() => setLocaleResolver(() => 'en'));

  it.each<[string, z.ZodType, unknown, string, string]>([
    [
      'history limit',
      historyQuery,
      { limit: '0' },
      'limit must be at least 1',
      'limit debe ser como mínimo 1',
    ],
    [
      'history limit',
      historyQuery,
      { limit: 'abc' },
      'limit must be a number',
      'limit debe ser un número',
    ],
    [
      'history cursor',
      historyQuery,
      { before: 'x' },
      'before must be a session id',
      'before debe ser un id de sesión',
    ],
    [
      'invite code',
      inviteCodeSchema,
      'a b',
      'code: letters and digits only',
      'code: solo letras y dígitos',
    ],
    [
      'review score',
      overrideBody,
      { score: 11, comment: 'ok' },
      'score: 1 to 10',
      'score: de 1 a 10',
    ],
    [
      'review comment',
      overrideBody,
      { score: 5, comment: ' ' },
      'comment: required',
      'comment: obligatorio',
    ],
    ['export ids', exportQuery, {}, 'ids is required', 'ids es obligatorio'],
    ['export ids', exportQuery, { ids: ',' }, 'ids: at least one id', 'ids: al menos un id'],
    [
      'conversation',
      createConversationInput,
      {},
      'scenarioId is required',
      'scenarioId es obligatorio',
    ],
    [
      'branch',
      createBranchInput,
      { messageId: 4 },
      'messageId must be a string',
      'messageId debe ser un texto',
    ],
  ])('%s: English word for word, Spanish when chosen', (_, schema, value, english, spanish) => {
    expect(firstMessage(schema, value)).toBe(english);
    setLocaleResolver(() => 'es');
    expect(firstMessage(schema, value)).toBe(spanish);
  });

  it('the socket’s clientId rule', () => {
    const frame = { type: 'turn', clientId: '', text: 'Hello' };
    expect(firstMessage(clientMessageSchema, frame)).toContain('clientId is required');
    setLocaleResolver(() => 'es');
    expect(firstMessage(clientMessageSchema, frame)).toContain('clientId es obligatorio');
  });

  it('the server’s own words for a body that does not parse', () => {
    const body = z.strictObject({ name: z.string() });
    expect(refusal(body, { name: 'x', extra: 1 })).toBe('Unexpected field: extra');
    expect(refusal(body, [])).toBe('Expected a JSON object');
    setLocaleResolver(() => 'es');
    expect(refusal(body, { name: 'x', extra: 1 })).toBe('Campo inesperado: extra');
    expect(refusal(body, [])).toBe('Se esperaba un objeto JSON');
  });

  it('zod’s own messages follow the locale on each parse, not the first one read', () => {
    const tooMany = { scenarios: [] };
    expect(firstMessage(z.string(), 1)).toBe('Invalid input: expected string, received number');
    expect(firstMessage(scenarioFileSchema, tooMany)).toMatch(/^Too small: /);
    setLocaleResolver(() => 'es');
    expect(firstMessage(z.string(), 1)).toBe(
      'Entrada inválida: se esperaba texto, recibido número',
    );
    expect(firstMessage(scenarioFileSchema, tooMany)).toMatch(/^Demasiado pequeño: /);
    setLocaleResolver(() => 'en');
    expect(firstMessage(z.string(), 1)).toBe('Invalid input: expected string, received number');
  });

  it('a scenario file’s missing field says so in the reader’s language', () => {
    const input = { scenarios: [{}] };
    const error = scenarioFileSchema.safeParse(input).error!;
    expect(describeIssues(error, input)).toContain('scenarios[0].slug: required');
    setLocaleResolver(() => 'es');
    expect(describeIssues(error, input)).toContain('scenarios[0].slug: obligatorio');
  });
});
