import { describe, expect, it } from 'vitest';
import { RESOURCE_CAPTION_MAX, resourceCaptionSchema } from '#shared/scenarioSeed';

/** The resource caption's rule: trimmed, one line, at most 120 characters. */
describe('resourceCaptionSchema', () => {
  it.each([
    ['A crown covers the whole tooth.', 'A crown covers the whole tooth.'],
    ['  padded  ', 'padded'],
    ['é'.repeat(RESOURCE_CAPTION_MAX), 'é'.repeat(RESOURCE_CAPTION_MAX)],
    // Counted in characters, not UTF-16 units: 120 emoji fit.
    ['🦷'.repeat(RESOURCE_CAPTION_MAX), '🦷'.repeat(RESOURCE_CAPTION_MAX)],
    [`${'x'.repeat(RESOURCE_CAPTION_MAX)}\n`, 'x'.repeat(RESOURCE_CAPTION_MAX)],
  ])('accepts %j as %j', (input, stored) => {
    expect(resourceCaptionSchema.parse(input)).toBe(stored);
  });

  it.each([
    ['', 'Write a caption or leave the field empty'],
    ['   ', 'Write a caption or leave the field empty'],
    ['x'.repeat(RESOURCE_CAPTION_MAX + 1), 'At most 120 characters'],
    ['two\nlines', 'One line, no control characters'],
    ['a\ttab', 'One line, no control characters'],
    ['bell\u0007', 'One line, no control characters'],
    ['del\u007F', 'One line, no control characters'],
  ])('refuses %j: %s', (input, message) => {
    const result = resourceCaptionSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
