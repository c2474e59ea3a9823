import type { AudioStore } from './audio/audioStore';
import type { AuthThrottle } from './auth/throttle';
import type { EmailVerifications } from './auth/emailVerifications';
import type { CourseMail } from './mail/courseMail';
import type { PasswordResets } from './auth/passwordResets';
import type { Mailer } from './mail/mailer';
import type { JoinThrottle } from './auth/joinThrottle';
import type { SignInCache } from './auth/signInCache';
import type { ConversationEnds } from './cluster/conversationEnds';
import type { CoreServices } from './coreServices';
import type { RealtimeCalls } from './realtime/realtimeCalls';
import type { ListCache } from './scenarios/listCache';
import type { ToolKeys } from './lti/toolKeys';
import type { PassbackWorker } from './lti/passbacks';
import type { PlatformHttp } from './lti/platformFetch';
import type { ScenarioStamps } from './scenarios/stampCache';
import type { SsoProviders } from './sso/providers';

/** What route modules and the gateway are given; built once in app.ts. */
export interface Services extends CoreServices {
  throttle: AuthThrottle;
  /** Invite-code guesses on the join route, counted per address and account. */
  joinThrottle: JoinThrottle;
  signInCache: SignInCache;
  /** Outgoing mail: SMTP, or the log when SMTP_URL is unset. */
  mailer: Mailer;
  passwordResets: PasswordResets;
  emailVerifications: EmailVerifications;
  courseMail: CourseMail;
  /** This instance's Realtime calls (inert unless REALTIME_MODEL is set). */
  realtime: RealtimeCalls;
  /** Kept audio of spoken turns, for replay (inert when AUDIO_RETENTION_DAYS is 0). */
  audio: AudioStore;
  /** This instance's serialised scenario lists, bounded by SCENARIO_LIST_CACHE_MB. */
  scenarioLists: ListCache;
  /**
   * Each user's scenarios stamp, trusted for SCENARIO_LIST_CACHE_SECONDS: every write of what
   * it covers calls forget (or forgetAll) once committed (decision 036), which the other
   * instances hear of too (cluster/clusterStamps.ts, decision 037).
   */
  scenarioStamps: ScenarioStamps;
  /** The school's OpenID providers, discovered at first use (decision 050). */
  sso: SsoProviders;
  /** Our LTI tool's signing keys and public keyset (decision 051). */
  ltiKeys: ToolKeys;
  /**
   * Every call to an LMS platform's URLs goes through this: public addresses over https only,
   * unless LTI_ALLOW_HTTP (lti/platformFetch.ts).
   */
  ltiHttp: PlatformHttp;
  /** Sends the scores owed to LMS line items (decision 051); runOnce after queuing one. */
  ltiPassbacks: PassbackWorker;
  /** Closes an ended conversation's sockets on every instance. */
  conversationEnds: ConversationEnds;
}
