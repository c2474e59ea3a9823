import { describe, expect, it } from 'vitest';
import { LTI_CLAIM, type DeepLinkingSettingsClaim } from '#server/lti/claims';
import { acceptsResourceLinks } from '#server/lti/deepLinkFlow';
import {
  buildDeepLinkingResponse,
  LINE_ITEM_SCORE_MAXIMUM,
  RESPONSE_LIFETIME_SECONDS,
  resourceLinkItem,
  type PlacedAssignment,
} from '#server/lti/deepLinkResponse';
import { ASSIGNMENT_CUSTOM } from '#server/lti/launchFlow';

/** Our LtiDeepLinkingResponse (Deep Linking 2.0 §4.2), as pure tables. */

const LAUNCH_URL = 'https://chairtalk.example/lti/launch';
const settings = (over: Partial<DeepLinkingSettingsClaim> = {}): DeepLinkingSettingsClaim => ({
  deep_link_return_url: 'https://lms.example/deep-link-return',
  accept_types: ['ltiResourceLink'],
  accept_presentation_document_targets: ['window'],
  ...over,
});
const placed: PlacedAssignment = {
  assignmentId: '2b1c3f0e-3d7e-4a57-9a35-1a2b3c4d5e6f',
  title: 'Anxious first visit',
  dueAt: null,
};
const build = (over: Partial<Parameters<typeof buildDeepLinkingResponse>[0]> = {}) =>
  buildDeepLinkingResponse({
    clientId: 'chairtalk-tool',
    platformIssuer: 'https://lms.example',
    deploymentId: 'dep-1',
    settings: settings(),
    placed,
    launchUrl: LAUNCH_URL,
    nonce: 'nonce-123',
    nowSeconds: 1_800_000_000,
    ...over,
  });

describe('buildDeepLinkingResponse: the claims §4.2 requires', () => {
  it('names us as issuer, the platform as audience, the deployment, nonce, times and type', () => {
    const response = build();
    expect(response).toMatchObject({
      iss: 'chairtalk-tool',
      aud: 'https://lms.example',
      nonce: 'nonce-123',
      iat: 1_800_000_000,
      exp: 1_800_000_000 + RESPONSE_LIFETIME_SECONDS,
      [LTI_CLAIM.messageType]: 'LtiDeepLinkingResponse',
      [LTI_CLAIM.version]: '1.3.0',
      [LTI_CLAIM.deploymentId]: 'dep-1',
    });
  });

  it.each<[string, string | undefined, Record<string, string>]>([
    ['echoes the platform’s data unchanged', 'opaque=1&x', { [LTI_CLAIM.data]: 'opaque=1&x' }],
    ['sends no data when the request had none', undefined, {}],
  ])('%s', (_name, data, expected) => {
    const response = build({ settings: settings(data === undefined ? {} : { data }) });
    expect(response[LTI_CLAIM.data]).toBe(expected[LTI_CLAIM.data]);
    expect(LTI_CLAIM.data in response).toBe(data !== undefined);
  });

  it('places one LTI resource link, or none when cancelled', () => {
    expect(build()[LTI_CLAIM.contentItems]).toHaveLength(1);
    expect(build({ placed: null })[LTI_CLAIM.contentItems]).toEqual([]);
  });

  it('refuses to build an answer the platform could not read', () => {
    expect(() => build({ deploymentId: '' })).toThrow();
  });
});

describe('resourceLinkItem: the link, its line item and its dates', () => {
  it('opens our launch URL with the assignment in its custom parameter', () => {
    expect(resourceLinkItem(settings(), placed, LAUNCH_URL)).toMatchObject({
      type: 'ltiResourceLink',
      title: 'Anxious first visit',
      url: LAUNCH_URL,
      custom: { [ASSIGNMENT_CUSTOM]: placed.assignmentId },
    });
  });

  it.each<[string, boolean | undefined, boolean]>([
    ['the platform makes line items', true, true],
    ['the platform promises nothing (absent)', undefined, true],
    ['the platform ignores line items', false, false],
  ])('a line item out of 10 when %s', (_name, acceptLineItem, expected) => {
    const item = resourceLinkItem(
      settings(acceptLineItem === undefined ? {} : { accept_lineitem: acceptLineItem }),
      placed,
      LAUNCH_URL,
    );
    expect(item.lineItem).toEqual(
      expected
        ? {
            scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
            label: 'Anxious first visit',
            resourceId: placed.assignmentId,
          }
        : undefined,
    );
  });

  it.each<[string, string | null, object | undefined]>([
    ['no due date, no submission window', null, undefined],
    [
      'a due date ends the submission window',
      '2027-01-31T23:59:59.999Z',
      { endDateTime: '2027-01-31T23:59:59.999Z' },
    ],
  ])('%s; availability stays open', (_name, dueAt, submission) => {
    const item = resourceLinkItem(settings(), { ...placed, dueAt }, LAUNCH_URL);
    expect(item.submission).toEqual(submission);
    expect(item.available).toBeUndefined();
  });
});

describe('acceptsResourceLinks: the one kind of item we place', () => {
  it.each<[string[], boolean]>([
    [['ltiResourceLink'], true],
    [['link', 'ltiResourceLink', 'file'], true],
    [['link', 'file', 'html'], false],
    [['image'], false],
  ])('%j → %s', (types, expected) => {
    expect(acceptsResourceLinks(settings({ accept_types: types }))).toBe(expected);
  });
});
