import { z } from 'zod';
import {
  ACCOUNT_TEXT,
  COURSE_MAIL_TEXT,
  AUTH_TEXT,
  AUTHORING_TEXT,
  BRANCH_TEXT,
  CONVERSATION_TEXT,
  FEEDBACK_TEXT,
  FRAME_TEXT,
  LANGUAGE_TEXT,
  LTI_DEEP_LINK_TEXT,
  LTI_TEXT,
  MY_DATA_TEXT,
  ORGANISATION_TEXT,
  PASSWORD_TEXT,
  REQUEST_TEXT,
  SCENARIO_TEXT,
  REALTIME_TEXT,
  REPLAY_TEXT,
  SSO_TEXT,
  TRANSLATION_TEXT,
  VOICE_TEXT,
} from './text';

/**
 * The one closed set of error codes, for HTTP answers and socket error frames alike. A code is
 * `kind:detail`: the kind gives the HTTP status, the detail says what went wrong, and each code
 * has the sentence a user reads. Where the sentence needs a figure (a limit, a wait) the server
 * sends its own wording with the same code. Clients decide by code, never by reading the text.
 */

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** As many of something as one account (or organisation, cohort…) may have. */
  limit: 409,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  rate_limit: 429,
  internal: 500,
  /** A provider answered, but with nothing we can use (a model's broken answer). */
  bad_gateway: 502,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

/**
 * Each code's sentence, read when it is used: in the language of whoever is being answered
 * (decision 049), never fixed when this module loads.
 */
const ERROR_SENTENCES = {
  // Requests and frames that cannot be taken as they are.
  'bad_request:json': () => REQUEST_TEXT.invalidJson,
  'bad_request:validation': () => REQUEST_TEXT.invalid,
  'bad_request:request': () => REQUEST_TEXT.unreadable,
  'bad_request:message': () => FRAME_TEXT.invalid,
  'bad_request:audio': () => VOICE_TEXT.noAudio,
  'bad_request:password': () => PASSWORD_TEXT.weak,
  'bad_request:sdp': () => REALTIME_TEXT.notSdp,
  /** A password reset link that is unknown, used or out of time: one sentence for all three. */
  'bad_request:reset_link': () => AUTH_TEXT.resetLinkInvalid,
  /** A link confirming an address that is unknown, used, replaced or out of time. */
  'bad_request:verify_link': () => ACCOUNT_TEXT.verifyLinkInvalid,
  /**
   * The account page asks for the current password before a new address or password, and
   * before deleting the account.
   */
  'bad_request:current_password': () => ACCOUNT_TEXT.wrongCurrentPassword,
  'bad_request:same_email': () => ACCOUNT_TEXT.sameEmail,
  /** An address list to invite by mail that holds a malformed address (named in the sentence). */
  'bad_request:invite_addresses': () => COURSE_MAIL_TEXT.noAddresses,
  /** A scenario asked to be translated into the language it is written in (named by the server). */
  'bad_request:same_language': () => TRANSLATION_TEXT.sameLanguageGeneric,
  /** A platform URL over http on a server that calls platforms over https only (051). */
  'bad_request:lti_https': () => LTI_TEXT.httpsOnly,
  /**
   * A platform URL our server fetches that names a private, loopback, link-local or reserved
   * address, or a host resolving to one (051, "Platform addresses"); the route names the field.
   */
  'bad_request:lti_address': () => LTI_TEXT.privateAddressGeneric,
  'too_large:body': () => REQUEST_TEXT.tooLarge,
  'unsupported:body': () => REQUEST_TEXT.unsupportedBody,
  // Who is asking.
  'unauthorized:session': () => AUTH_TEXT.signInRequired,
  'unauthorized:credentials': () => AUTH_TEXT.wrongCredentials,
  'forbidden:origin': () => REQUEST_TEXT.crossSite,
  /** Mail others cause goes out only from a confirmed address (decision 042). */
  'forbidden:unverified': () => COURSE_MAIL_TEXT.unverified,
  /** An organisation of theirs signs its people in through the school only (decision 050). */
  'forbidden:password_sign_in': () => SSO_TEXT.passwordSignInOff,
  /** An account without a password deletes itself only just after signing in (decision 050). */
  'forbidden:sign_in_again': () => MY_DATA_TEXT.signInAgainToDelete,
  // The school's sign-in (decision 050): these reach the sign-in page as `?error=<code>`.
  /** The provider vouched for an address it did not verify: no account is found or made by it. */
  'forbidden:sso_email_unverified': () => SSO_TEXT.emailUnverified,
  /** The provider sent the browser back with `error=` (the person cancelled, or was refused). */
  'unauthorized:sso_refused': () => SSO_TEXT.refused,
  /** The code could not be exchanged, or the id_token did not verify. */
  'unauthorized:sso_failed': () => SSO_TEXT.failed,
  /** A state that is missing, unknown, used, expired, of another provider or another browser. */
  'bad_request:sso_state': () => SSO_TEXT.loginExpired,
  'not_found:sso_provider': () => SSO_TEXT.unknownProvider,
  'unavailable:sso_provider': () => SSO_TEXT.providerUnavailable,
  /** The address's account is linked to another subject at the same issuer. */
  'conflict:sso_other_identity': () => SSO_TEXT.otherIdentity,
  /** Turning passwords off without a school sign-in of one's own would lock the trainer out. */
  'conflict:sso_identity_required': () => SSO_TEXT.identityRequired,
  'conflict:sso_not_configured': () => SSO_TEXT.notConfigured,
  // Linking from the account page (050's addendum): these reach it as `/account?error=<code>`.
  /** Unlinking a provider the account is not linked to. */
  'not_found:sso_identity': () => SSO_TEXT.notLinked,
  /** Unlinking would leave no password (usable) and no identity at a configured provider. */
  'conflict:sso_last_sign_in': () => SSO_TEXT.lastSignIn,
  /** The identity a link flow came back with is another account's. */
  'conflict:sso_linked_elsewhere': () => SSO_TEXT.linkedElsewhere,
  /** The account is already linked to another subject at that provider's issuer. */
  'conflict:sso_provider_linked': () => SSO_TEXT.providerLinked,
  /** The provider answered a link flow with `error=` (cancelled or refused): nothing linked. */
  'unauthorized:sso_link_refused': () => SSO_TEXT.linkRefused,
  /** A link flow came back to a browser where its account is no longer the one signed in. */
  'forbidden:sso_link_session': () => SSO_TEXT.linkOtherSession,
  /** Linking adds a way in: only from a session signed in within the last 10 minutes. */
  'forbidden:sso_link_sign_in_again': () => SSO_TEXT.linkSignInAgain,
  // What they asked for. Another user's ids are simply not found.
  'not_found:route': () => REQUEST_TEXT.notFound,
  'not_found:asset': () => REQUEST_TEXT.notFound,
  'not_found:conversation': () => CONVERSATION_TEXT.notFound,
  'not_found:scenario': () => SCENARIO_TEXT.notFound,
  'not_found:message': () => CONVERSATION_TEXT.messageNotFound,
  /** The server has no Realtime model: the call has nowhere to go. */
  'not_found:realtime': () => REALTIME_TEXT.notConfigured,
  'not_found:audio': () => REPLAY_TEXT.notFound,
  'not_found:organisation': () => ORGANISATION_TEXT.notFound,
  'not_found:cohort': () => ORGANISATION_TEXT.cohortNotFound,
  'not_found:invite': () => ORGANISATION_TEXT.inviteNotFound,
  'not_found:assignment': () => ORGANISATION_TEXT.assignmentNotFound,
  /** Not (now) a member of that cohort, or not a trainee the caller may see. */
  'not_found:member': () => ORGANISATION_TEXT.memberNotFound,
  /** Not a co-instructor of that cohort, or a cohort the caller does not train (052). */
  'not_found:instructor': () => ORGANISATION_TEXT.instructorNotFound,
  /** An LMS registration (decision 051) that is not the caller's organisation's. */
  'not_found:lti_platform': () => LTI_TEXT.platformNotFound,
  /** No failed passback of that trainee and assignment in the trainer's cohort (051). */
  'not_found:lti_passback': () => LTI_TEXT.passbackNotFound,
  /** A deep-linking request (051) that is not the caller's, or was answered already. */
  'not_found:lti_deep_link': () => LTI_DEEP_LINK_TEXT.notFound,
  // The state of things.
  'conflict:email': () => AUTH_TEXT.emailTaken,
  'conflict:email_in_use': () => ACCOUNT_TEXT.emailInUse,
  'conflict:verified': () => ACCOUNT_TEXT.alreadyVerified,
  'conflict:invite_not_live': () => COURSE_MAIL_TEXT.inviteNotLive,
  'conflict:busy': () => CONVERSATION_TEXT.busy,
  'conflict:ended': () => CONVERSATION_TEXT.ended,
  /** A standby call (set up ahead, muted) never replaces a call in use in another window. */
  'conflict:realtime_call': () => REALTIME_TEXT.callInUse,
  'conflict:own_organisation': () => ORGANISATION_TEXT.ownOrganisation,
  /** A co-instructor never joins the cohort they teach as its trainee (decision 052). */
  'conflict:teaches_cohort': () => ORGANISATION_TEXT.teachesCohort,
  'conflict:shared_elsewhere': () => ORGANISATION_TEXT.sharedElsewhere,
  /** An issuer and client id name one registration in all of ChairTalk (decision 051). */
  'conflict:lti_platform_taken': () => LTI_TEXT.platformTaken,
  /** A roster sync for a cohort whose course never gave a memberships URL (decision 051). */
  'conflict:lti_no_roster': () => LTI_TEXT.noRoster,
  /** The instructor took longer than a deep-linking request lives (051). */
  'conflict:lti_deep_link_expired': () => LTI_DEEP_LINK_TEXT.expired,
  /** Making private, or sharing elsewhere, a scenario some cohort has assigned. */
  'conflict:assigned': () => ORGANISATION_TEXT.assignedScenario,
  /** A write past the author's scenario storage budget (decision 028); nothing is saved. */
  'conflict:scenario_budget': () => AUTHORING_TEXT.budgetFull,
  /** Deleting a conversation that has not ended: a socket may be storing a turn in it. */
  'conflict:conversation_open': () => MY_DATA_TEXT.conversationOpen,
  /** A second "Download my data" while the first is still being made (one at a time). */
  'conflict:export_running': () => MY_DATA_TEXT.exportRunning,
  'unprocessable:too_short': () => FEEDBACK_TEXT.tooShort,
  'unprocessable:nothing_heard': () => VOICE_TEXT.nothingHeard,
  'unprocessable:not_a_turn': () => BRANCH_TEXT.notATurn,
  /**
   * A conversation in a language other than English without an AI provider: the offline patient
   * speaks English only (decision 048). The server's sentence names the language. Also a
   * scenario's translation asked for without a provider, in its own sentence.
   */
  'unprocessable:language_offline': () => LANGUAGE_TEXT.needsProviderGeneric,
  // Bounds on what one account makes; the server's sentence names the figure.
  'limit:organisations': () => ORGANISATION_TEXT.organisationLimit,
  'limit:cohorts': () => ORGANISATION_TEXT.cohortLimit,
  'limit:invites': () => ORGANISATION_TEXT.inviteLimit,
  'limit:comments': () => ORGANISATION_TEXT.commentLimit,
  'limit:lti_platforms': () => LTI_TEXT.platformLimitGeneric,
  // Limits.
  'rate_limit:sign_in': () => AUTH_TEXT.slowDown,
  'rate_limit:password_reset': () => AUTH_TEXT.tooManyResets,
  'rate_limit:verification': () => ACCOUNT_TEXT.tooManyLinks,
  'rate_limit:invite_mail': () => COURSE_MAIL_TEXT.tooManyInvites,
  'rate_limit:turns': () => CONVERSATION_TEXT.quotaReached,
  'rate_limit:concurrent': () => CONVERSATION_TEXT.concurrentTurns,
  'rate_limit:hints': () => CONVERSATION_TEXT.hintsUsedUpGeneric,
  /** The hourly AI budget: a model call the user asked for would pass it (decision 027). */
  'rate_limit:ai_budget': () => CONVERSATION_TEXT.aiBudgetUsedUpGeneric,
  'rate_limit:branches': () => BRANCH_TEXT.tooManyGeneric,
  'rate_limit:comments': () => ORGANISATION_TEXT.commentsToday,
  'rate_limit:join': () => ORGANISATION_TEXT.tooManyCodesGeneric,
  // Our side or a provider's.
  'unavailable:database': () => REQUEST_TEXT.unavailable,
  'unavailable:restarting': () => REQUEST_TEXT.restarting,
  'unavailable:reply': () => CONVERSATION_TEXT.replyFailed,
  'unavailable:feedback': () => FEEDBACK_TEXT.failed,
  'unavailable:hint': () => CONVERSATION_TEXT.hintFailed,
  'unavailable:transcription': () => VOICE_TEXT.processingFailed,
  'unavailable:speech': () => VOICE_TEXT.speechFailed,
  'unavailable:server_transcription': () => VOICE_TEXT.noServerTranscription,
  'unavailable:server_speech': () => VOICE_TEXT.noServerSpeech,
  'unavailable:realtime': () => REALTIME_TEXT.connectFailed,
  /**
   * A scenario's translation failed at the provider: no answer (the server says so), or one
   * that is empty, not the scenario's shape, or past its limits (decision 048).
   */
  'bad_gateway:translation': () => TRANSLATION_TEXT.failed,
  /** The course platform's roster (NRPS) could not be fetched or read; nothing changed. */
  'bad_gateway:lti_roster': () => LTI_TEXT.rosterFailed,
  internal: () => REQUEST_TEXT.internal,
} satisfies Record<`${ErrorKind}:${string}` | 'internal', () => string>;

export type ErrorCode = keyof typeof ERROR_SENTENCES;

/** Code -> the sentence a user reads, in the current locale. */
export const ERRORS: Readonly<Record<ErrorCode, string>> = Object.freeze(
  Object.defineProperties(
    {} as Record<ErrorCode, string>,
    Object.fromEntries(
      Object.entries(ERROR_SENTENCES).map(([code, sentence]) => [
        code,
        { enumerable: true, get: sentence },
      ]),
    ),
  ),
);

export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(ERROR_CODES);

export function errorKind(code: ErrorCode): ErrorKind {
  return code.split(':')[0] as ErrorKind;
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[errorKind(code)];
}

/** Every error the API returns has this body; `message` is meant for the user. */
export const errorBody = z.object({
  error: z.object({ code: errorCodeSchema, message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBody>;
