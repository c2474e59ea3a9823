import { describe, expect, it } from 'vitest';
import {
  contentItemSchema,
  deepLinkingResponseSchema,
  LTI_CLAIM,
  LTI_MESSAGE_TYPE,
  LTI_ROLE,
  LTI_VERSION,
  launchMessageSchema,
  membershipContainerSchema,
  newLineItemSchema,
  scoreSchema,
} from '#server/lti/claims';

/** A valid LtiResourceLinkRequest payload; each row below breaks one thing. */
const launch = {
  iss: 'https://lms.example',
  aud: 'client-1',
  sub: 'user-1',
  exp: 2_000_000_000,
  iat: 1_900_000_000,
  nonce: 'n-1',
  [LTI_CLAIM.messageType]: LTI_MESSAGE_TYPE.resourceLink,
  [LTI_CLAIM.version]: LTI_VERSION,
  [LTI_CLAIM.deploymentId]: 'dep-1',
  [LTI_CLAIM.targetLinkUri]: 'https://tool.example/lti/launch',
  [LTI_CLAIM.resourceLink]: { id: 'rl-1' },
  [LTI_CLAIM.roles]: [LTI_ROLE.learner],
};

const settings = {
  deep_link_return_url: 'https://lms.example/return',
  accept_types: ['ltiResourceLink'],
  accept_presentation_document_targets: ['iframe'],
};

describe('launchMessageSchema', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['a complete resource-link launch', {}, true],
    ['an audience list', { aud: ['client-1', 'other'] }, true],
    ['unknown extra claims (dropped)', { 'https://example.com/claim': 1 }, true],
    ['no nonce', { nonce: undefined }, false],
    ['no sub (anonymous)', { sub: undefined }, false],
    ['a sub over 255 characters', { sub: 'x'.repeat(256) }, false],
    ['LTI 1.1 version', { [LTI_CLAIM.version]: '1.1' }, false],
    ['no deployment id', { [LTI_CLAIM.deploymentId]: undefined }, false],
    ['no resource link', { [LTI_CLAIM.resourceLink]: undefined }, false],
    ['a javascript: target link', { [LTI_CLAIM.targetLinkUri]: 'javascript:alert(1)' }, false],
    ['an unknown message type', { [LTI_CLAIM.messageType]: 'LtiSubmissionReviewRequest' }, false],
    ['roles not a list', { [LTI_CLAIM.roles]: LTI_ROLE.learner }, false],
    [
      'a javascript: return URL',
      { [LTI_CLAIM.launchPresentation]: { return_url: 'javascript:x' } },
      false,
    ],
    [
      'a deep-linking request with its settings',
      {
        [LTI_CLAIM.messageType]: LTI_MESSAGE_TYPE.deepLinkingRequest,
        [LTI_CLAIM.resourceLink]: undefined,
        [LTI_CLAIM.deepLinkingSettings]: settings,
      },
      true,
    ],
    [
      'a deep-linking request without settings',
      { [LTI_CLAIM.messageType]: LTI_MESSAGE_TYPE.deepLinkingRequest },
      false,
    ],
  ])('%s', (_label, changes, valid) => {
    const payload: Record<string, unknown> = { ...launch, ...changes };
    for (const [key, value] of Object.entries(changes))
      if (value === undefined) delete payload[key];
    expect(launchMessageSchema.safeParse(payload).success).toBe(valid);
  });

  it('keeps the claims the tool reads and drops the rest', () => {
    const parsed = launchMessageSchema.parse({ ...launch, 'https://example.com/x': 1 });
    expect(parsed).not.toHaveProperty('https://example.com/x');
    expect(parsed[LTI_CLAIM.roles]).toEqual([LTI_ROLE.learner]);
  });
});

describe('scoreSchema', () => {
  const score = {
    userId: 'user-1',
    timestamp: '2026-11-28T07:00:00.000+00:00',
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  };
  it.each<[string, Record<string, unknown>, boolean]>([
    ['progress only', {}, true],
    ['a given score with its maximum', { scoreGiven: 7, scoreMaximum: 10 }, true],
    ['a given score without a maximum', { scoreGiven: 7 }, false],
    ['a negative score', { scoreGiven: -1, scoreMaximum: 10 }, false],
    ['a zero maximum', { scoreGiven: 0, scoreMaximum: 0 }, false],
    ['a timestamp without offset', { timestamp: '2026-11-28 07:00' }, false],
    ['an unknown activity progress', { activityProgress: 'Done' }, false],
    ['an unknown grading progress', { gradingProgress: 'Graded' }, false],
    ['no user', { userId: '' }, false],
  ])('%s', (_label, changes, valid) => {
    expect(scoreSchema.safeParse({ ...score, ...changes }).success).toBe(valid);
  });
});

describe('service and deep-linking bodies', () => {
  it.each<[string, unknown, boolean]>([
    [
      'a resource link item with a line item',
      { type: 'ltiResourceLink', lineItem: { scoreMaximum: 5 } },
      true,
    ],
    ['a line item without a maximum', { type: 'ltiResourceLink', lineItem: {} }, false],
    ['a link item', { type: 'link', url: 'https://x.example' }, true],
    ['a link item with a javascript: url', { type: 'link', url: 'javascript:x' }, false],
    ['an unknown item type', { type: 'ltiAssignment' }, false],
  ])('content item: %s', (_label, item, valid) => {
    expect(contentItemSchema.safeParse(item).success).toBe(valid);
  });

  it('reads a deep-linking response with no items as placing nothing', () => {
    const parsed = deepLinkingResponseSchema.parse({
      iss: 'client-1',
      aud: 'https://lms.example',
      exp: 2,
      iat: 1,
      nonce: 'n',
      [LTI_CLAIM.messageType]: LTI_MESSAGE_TYPE.deepLinkingResponse,
      [LTI_CLAIM.version]: LTI_VERSION,
      [LTI_CLAIM.deploymentId]: 'dep-1',
    });
    expect(parsed[LTI_CLAIM.contentItems]).toBeUndefined();
  });

  it.each<[string, unknown, boolean]>([
    ['label and maximum', { label: 'Case', scoreMaximum: 10 }, true],
    ['no label', { scoreMaximum: 10 }, false],
    ['a negative maximum', { label: 'Case', scoreMaximum: -1 }, false],
  ])('new line item: %s', (_label, item, valid) => {
    expect(newLineItemSchema.safeParse(item).success).toBe(valid);
  });

  it.each<[string, unknown, boolean]>([
    [
      'members with roles',
      { id: 'x', context: { id: 'c' }, members: [{ user_id: 'u', roles: [] }] },
      true,
    ],
    [
      'a member without user_id',
      { id: 'x', context: { id: 'c' }, members: [{ roles: [] }] },
      false,
    ],
    [
      'an unknown status',
      { id: 'x', context: { id: 'c' }, members: [{ user_id: 'u', roles: [], status: 'Gone' }] },
      false,
    ],
    ['no context', { id: 'x', members: [] }, false],
  ])('membership container: %s', (_label, body, valid) => {
    expect(membershipContainerSchema.safeParse(body).success).toBe(valid);
  });
});
