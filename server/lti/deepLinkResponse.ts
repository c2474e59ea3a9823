import { SignJWT } from 'jose';
import {
  deepLinkingResponseSchema,
  LTI_CLAIM,
  LTI_MESSAGE_TYPE,
  LTI_VERSION,
  type DeepLinkingResponse,
  type DeepLinkingSettingsClaim,
  type LtiResourceLinkItem,
} from './claims';
import { ASSIGNMENT_CUSTOM } from './launchFlow';
import { TOOL_KEY_ALG, type SigningKey } from './toolKeys';

/**
 * Our answer to a deep-linking request (Deep Linking 2.0 §4.2, decision 051): one LTI resource
 * link opening the chosen assignment through its custom parameter, or none (the instructor
 * cancelled). Built as a pure function, checked with the same schema the test platform parses
 * with, then signed with our current tool key.
 */

/** A score out of 10, as ChairTalk grades (spec: overall score 1–10) and passes back. */
export const LINE_ITEM_SCORE_MAXIMUM = 10;
/** Long enough for a slow browser to post it; the platform checks it once. */
export const RESPONSE_LIFETIME_SECONDS = 10 * 60;

/** What the instructor placed: the assignment and what its link shows. */
export interface PlacedAssignment {
  assignmentId: string;
  title: string;
  /** The assignment's due date (ISO 8601), if any. */
  dueAt: string | null;
}

/**
 * Whether our link carries a line item: unless the platform said it ignores them
 * (`accept_lineitem: false`); absent promises nothing, and an ignored line item does no harm.
 */
export function sendsLineItem(settings: DeepLinkingSettingsClaim): boolean {
  return settings.accept_lineitem !== false;
}

/**
 * The link's content item, with a line item out of 10 labelled with the scenario when
 * `sendsLineItem`. The due date is the submission window's end: learners may still practise
 * later (ChairTalk shows the work as overdue), so `available` stays open.
 */
export function resourceLinkItem(
  settings: DeepLinkingSettingsClaim,
  placed: PlacedAssignment,
  launchUrl: string,
): LtiResourceLinkItem {
  return {
    type: 'ltiResourceLink',
    title: placed.title,
    url: launchUrl,
    custom: { [ASSIGNMENT_CUSTOM]: placed.assignmentId },
    ...(sendsLineItem(settings)
      ? {
          lineItem: {
            scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
            label: placed.title,
            resourceId: placed.assignmentId,
          },
        }
      : {}),
    ...(placed.dueAt === null ? {} : { submission: { endDateTime: placed.dueAt } }),
  };
}

export function buildDeepLinkingResponse(input: {
  /** Our client id at the platform: the issuer of our answer. */
  clientId: string;
  /** The platform's issuer: our answer's audience. */
  platformIssuer: string;
  deploymentId: string;
  settings: DeepLinkingSettingsClaim;
  /** Null: nothing placed (cancel), an empty content_items. */
  placed: PlacedAssignment | null;
  launchUrl: string;
  nonce: string;
  nowSeconds: number;
}): DeepLinkingResponse {
  const { settings } = input;
  const response = {
    iss: input.clientId,
    aud: input.platformIssuer,
    iat: input.nowSeconds,
    exp: input.nowSeconds + RESPONSE_LIFETIME_SECONDS,
    nonce: input.nonce,
    [LTI_CLAIM.messageType]: LTI_MESSAGE_TYPE.deepLinkingResponse,
    [LTI_CLAIM.version]: LTI_VERSION,
    [LTI_CLAIM.deploymentId]: input.deploymentId,
    [LTI_CLAIM.contentItems]:
      input.placed === null ? [] : [resourceLinkItem(settings, input.placed, input.launchUrl)],
    // The platform's opaque `data` comes back unchanged: it ties the answer to its request.
    ...(settings.data === undefined ? {} : { [LTI_CLAIM.data]: settings.data }),
  };
  // The schema the platform reads with: a wrong answer is our bug, caught before it leaves.
  return deepLinkingResponseSchema.parse(response);
}

/** Signs the answer with our current key, its kid in the header for the platform's lookup. */
export async function signDeepLinkingResponse(
  response: DeepLinkingResponse,
  key: SigningKey,
): Promise<string> {
  return new SignJWT(response as Record<string, unknown>)
    .setProtectedHeader({ alg: TOOL_KEY_ALG, kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}
