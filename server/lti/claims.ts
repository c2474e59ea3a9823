import { z } from 'zod';

/**
 * The LTI 1.3 Advantage wire vocabulary (IMS LTI 1.3 Core, Deep Linking 2.0, AGS 2.0, NRPS 2.0):
 * claim URIs, message types, roles, scopes, media types, and zod schemas for the parts of each
 * message and service body the tool reads. The tool and the test platform both parse with these,
 * so the two cannot drift apart. Schemas keep only the fields named (unknown claims are dropped):
 * platforms send many more than we use.
 */

export const LTI_VERSION = '1.3.0';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

export const LTI_CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  toolPlatform: `${LTI}tool_platform`,
  launchPresentation: `${LTI}launch_presentation`,
  custom: `${LTI}custom`,
  lis: `${LTI}lis`,
  deepLinkingSettings: `${DL}deep_linking_settings`,
  contentItems: `${DL}content_items`,
  data: `${DL}data`,
  msg: `${DL}msg`,
  log: `${DL}log`,
  errorMsg: `${DL}errormsg`,
  errorLog: `${DL}errorlog`,
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const LTI_MESSAGE_TYPE = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinkingRequest: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;

/** Full IMS role URIs (LTI 1.3 Core, appendix A); platforms must send these, not short names. */
export const LTI_ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  teachingAssistant:
    'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  contentDeveloper: 'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
  administrator: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
} as const;

export const AGS_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

export const NRPS_SCOPE = {
  contextMembershipReadOnly:
    'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

export const LTI_MEDIA_TYPE = {
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItemContainer: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
  resultContainer: 'application/vnd.ims.lis.v2.resultcontainer+json',
  membershipContainer: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;

/** RFC 7523: how a client says its credential is a signed JWT. */
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Only http(s): a `javascript:` return URL must never reach a page or a fetch. */
const httpUrl = z.url({ protocol: /^https?$/ });
/** LTI caps identifiers (sub, context id, resource link id, deployment id) at 255 characters. */
const ltiId = z.string().min(1).max(255);

export const resourceLinkClaimSchema = z.object({
  id: ltiId,
  title: z.string().optional(),
  description: z.string().optional(),
});

export const contextClaimSchema = z.object({
  id: ltiId,
  label: z.string().optional(),
  title: z.string().optional(),
  type: z.array(z.string()).optional(),
});

export const toolPlatformClaimSchema = z.object({
  guid: ltiId,
  name: z.string().optional(),
  product_family_code: z.string().optional(),
  version: z.string().optional(),
  contact_email: z.string().optional(),
  url: z.string().optional(),
});

export const launchPresentationClaimSchema = z.object({
  document_target: z.string().optional(),
  return_url: httpUrl.optional(),
  locale: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

export const agsEndpointClaimSchema = z.object({
  scope: z.array(z.string()),
  lineitems: httpUrl.optional(),
  lineitem: httpUrl.optional(),
});

export const nrpsClaimSchema = z.object({
  context_memberships_url: httpUrl,
  service_versions: z.array(z.string()).min(1),
});

export const deepLinkingSettingsClaimSchema = z.object({
  deep_link_return_url: httpUrl,
  accept_types: z.array(z.string()).min(1),
  accept_presentation_document_targets: z.array(z.string()).min(1),
  accept_media_types: z.string().optional(),
  accept_multiple: z.boolean().optional(),
  accept_lineitem: z.boolean().optional(),
  auto_create: z.boolean().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  /** Opaque to the tool; it must hand it back unchanged in its response. */
  data: z.string().optional(),
});

/** The OIDC and LTI claims every launch message carries (LTI 1.3 Core §5.3, §5.4). */
const launchMessageBase = z.object({
  iss: z.string().min(1),
  aud: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  azp: z.string().optional(),
  /** Anonymous launches may omit it; ChairTalk needs a person, so it is required here. */
  sub: ltiId,
  exp: z.number(),
  iat: z.number(),
  nonce: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  locale: z.string().optional(),
  [LTI_CLAIM.version]: z.literal(LTI_VERSION),
  [LTI_CLAIM.deploymentId]: ltiId,
  [LTI_CLAIM.roles]: z.array(z.string()),
  [LTI_CLAIM.context]: contextClaimSchema.optional(),
  [LTI_CLAIM.toolPlatform]: toolPlatformClaimSchema.optional(),
  [LTI_CLAIM.launchPresentation]: launchPresentationClaimSchema.optional(),
  [LTI_CLAIM.custom]: z.record(z.string(), z.string()).optional(),
  [LTI_CLAIM.agsEndpoint]: agsEndpointClaimSchema.optional(),
  [LTI_CLAIM.nrps]: nrpsClaimSchema.optional(),
});

export const resourceLinkRequestSchema = launchMessageBase.extend({
  [LTI_CLAIM.messageType]: z.literal(LTI_MESSAGE_TYPE.resourceLink),
  [LTI_CLAIM.targetLinkUri]: httpUrl,
  [LTI_CLAIM.resourceLink]: resourceLinkClaimSchema,
});

export const deepLinkingRequestSchema = launchMessageBase.extend({
  [LTI_CLAIM.messageType]: z.literal(LTI_MESSAGE_TYPE.deepLinkingRequest),
  [LTI_CLAIM.targetLinkUri]: httpUrl.optional(),
  [LTI_CLAIM.deepLinkingSettings]: deepLinkingSettingsClaimSchema,
});

/** An id_token's payload after its signature verified: one of the two launches the tool takes. */
export const launchMessageSchema = z.discriminatedUnion(LTI_CLAIM.messageType, [
  resourceLinkRequestSchema,
  deepLinkingRequestSchema,
]);

export type ResourceLinkRequest = z.infer<typeof resourceLinkRequestSchema>;
export type DeepLinkingRequest = z.infer<typeof deepLinkingRequestSchema>;
export type LaunchMessage = z.infer<typeof launchMessageSchema>;
export type AgsEndpointClaim = z.infer<typeof agsEndpointClaimSchema>;
export type NrpsClaim = z.infer<typeof nrpsClaimSchema>;
export type DeepLinkingSettingsClaim = z.infer<typeof deepLinkingSettingsClaimSchema>;
export type ContextClaim = z.infer<typeof contextClaimSchema>;
export type ResourceLinkClaim = z.infer<typeof resourceLinkClaimSchema>;

// --- Deep Linking 2.0 content items and the tool's response ---

/** The line item a platform creates with a placed link (Deep Linking 2.0 §3.4.1.1). */
export const contentItemLineItemSchema = z.object({
  scoreMaximum: z.number().positive(),
  label: z.string().optional(),
  resourceId: z.string().optional(),
  tag: z.string().optional(),
  gradesReleased: z.boolean().optional(),
});

const timeWindow = z.object({
  startDateTime: z.string().optional(),
  endDateTime: z.string().optional(),
});

export const ltiResourceLinkItemSchema = z.object({
  type: z.literal('ltiResourceLink'),
  url: httpUrl.optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  custom: z.record(z.string(), z.string()).optional(),
  lineItem: contentItemLineItemSchema.optional(),
  available: timeWindow.optional(),
  submission: timeWindow.optional(),
  window: z.object({ targetName: z.string().optional() }).optional(),
  iframe: z.object({ width: z.number().optional(), height: z.number().optional() }).optional(),
});

export const linkItemSchema = z.object({
  type: z.literal('link'),
  url: httpUrl,
  title: z.string().optional(),
  text: z.string().optional(),
});

export const htmlItemSchema = z.object({
  type: z.literal('html'),
  html: z.string(),
  title: z.string().optional(),
  text: z.string().optional(),
});

export const fileItemSchema = z.object({
  type: z.literal('file'),
  url: httpUrl,
  title: z.string().optional(),
  mediaType: z.string().optional(),
});

export const imageItemSchema = z.object({
  type: z.literal('image'),
  url: httpUrl,
  title: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

export const contentItemSchema = z.discriminatedUnion('type', [
  ltiResourceLinkItemSchema,
  linkItemSchema,
  htmlItemSchema,
  fileItemSchema,
  imageItemSchema,
]);

/** The JWT a tool posts back to `deep_link_return_url` (Deep Linking 2.0 §4.2). */
export const deepLinkingResponseSchema = z.object({
  iss: z.string().min(1),
  aud: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  azp: z.string().optional(),
  exp: z.number(),
  iat: z.number(),
  nonce: z.string().min(1),
  [LTI_CLAIM.messageType]: z.literal(LTI_MESSAGE_TYPE.deepLinkingResponse),
  [LTI_CLAIM.version]: z.literal(LTI_VERSION),
  [LTI_CLAIM.deploymentId]: ltiId,
  /** Absent or empty: the user placed nothing. */
  [LTI_CLAIM.contentItems]: z.array(contentItemSchema).optional(),
  [LTI_CLAIM.data]: z.string().optional(),
  [LTI_CLAIM.msg]: z.string().optional(),
  [LTI_CLAIM.log]: z.string().optional(),
  [LTI_CLAIM.errorMsg]: z.string().optional(),
  [LTI_CLAIM.errorLog]: z.string().optional(),
});

export type ContentItem = z.infer<typeof contentItemSchema>;
export type LtiResourceLinkItem = z.infer<typeof ltiResourceLinkItemSchema>;
export type DeepLinkingResponse = z.infer<typeof deepLinkingResponseSchema>;

// --- AGS 2.0 bodies ---

export const lineItemSchema = z.object({
  id: httpUrl,
  scoreMaximum: z.number().positive(),
  label: z.string().min(1),
  resourceId: z.string().optional(),
  resourceLinkId: z.string().optional(),
  tag: z.string().optional(),
  startDateTime: z.string().optional(),
  endDateTime: z.string().optional(),
  gradesReleased: z.boolean().optional(),
});

/** A line item as the tool asks for it: the platform assigns the id. */
export const newLineItemSchema = lineItemSchema.omit({ id: true });

export const lineItemContainerSchema = z.array(lineItemSchema);

export const ACTIVITY_PROGRESS = [
  'Initialized',
  'Started',
  'InProgress',
  'Submitted',
  'Completed',
] as const;

export const GRADING_PROGRESS = [
  'FullyGraded',
  'Pending',
  'PendingManual',
  'Failed',
  'NotReady',
] as const;

/** AGS 2.0 §3.4: a score needs its maximum whenever it carries a given score. */
export const scoreSchema = z
  .object({
    userId: ltiId,
    scoreGiven: z.number().min(0).optional(),
    scoreMaximum: z.number().positive().optional(),
    comment: z.string().optional(),
    timestamp: z.iso.datetime({ offset: true }),
    activityProgress: z.enum(ACTIVITY_PROGRESS),
    gradingProgress: z.enum(GRADING_PROGRESS),
    submission: z
      .object({ startedAt: z.string().optional(), submittedAt: z.string().optional() })
      .optional(),
  })
  .refine((score) => score.scoreGiven === undefined || score.scoreMaximum !== undefined, {
    message: 'scoreMaximum is required with scoreGiven',
    path: ['scoreMaximum'],
  });

export type LineItem = z.infer<typeof lineItemSchema>;
export type NewLineItem = z.infer<typeof newLineItemSchema>;
export type Score = z.infer<typeof scoreSchema>;

// --- NRPS 2.0 bodies ---

export const MEMBER_STATUS = ['Active', 'Inactive', 'Deleted'] as const;

export const membershipSchema = z.object({
  user_id: ltiId,
  roles: z.array(z.string()),
  /** Absent means Active (NRPS 2.0 §2.2). */
  status: z.enum(MEMBER_STATUS).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  picture: z.string().optional(),
  lis_person_sourcedid: z.string().optional(),
});

export const membershipContainerSchema = z.object({
  id: z.string(),
  context: z.object({
    id: ltiId,
    label: z.string().optional(),
    title: z.string().optional(),
  }),
  members: z.array(membershipSchema),
});

export type Membership = z.infer<typeof membershipSchema>;
export type MembershipContainer = z.infer<typeof membershipContainerSchema>;
