/**
 * Every sentence ChairTalk shows a user when something goes wrong or needs saying, read in the
 * user's language (decision 049). The sentences themselves live in the catalogues of
 * shared/i18n/ (en.ts is the source, es.ts complete, fr/de/pt/it partial); each `X_TEXT` object
 * here reads one catalogue section at the moment a sentence is used, in the current locale (the
 * request's on the server, the chosen one in the browser). Never copy a sentence into a
 * module-level constant: it would stay in the language it was first read in.
 *
 * Adding a section:
 *   1. Add it to shared/i18n/en.ts (nested keys, `{{name}}` for values, `_one`/`_other` where
 *      English says it differently for one) and the same keys to es.ts (the type requires
 *      them); fr/de/pt/it may wait for their translators.
 *   2. Export it here: `export const X_TEXT = textSection('x', { ...functions })`. Plain
 *      sentences need nothing more; a sentence with values is a function calling
 *      `translate('x.key', { name })`, with `count` for a plural.
 * Field rules a person reads give their schemas (`shared/api/`) `{ error: () => X_TEXT.… }`, read
 * when a value fails; inline component text is counted by tests/unit/client/inlineText.test.ts.
 */
import type { LanguageCode } from './languages';
import type { LtiLaunchFailure } from './lti';
import { INTL_TAGS } from './i18n/locales';
import { textSection } from './i18n/section';
import { currentLocale, translate } from './i18n/translate';

/** Spec §8 'Login': the error message returned, or this. Also the last resort everywhere. */
export const COMMON_TEXT = textSection('common', {
  /** A size the way people say it: '512 KB', '4 MB', '1.5 MB'. */
  kilobytes(kb: number): string {
    if (kb < 1024) return translate('common.sizeKb', { value: kb });
    const mb = Math.round((kb / 1024) * 10) / 10;
    const value = new Intl.NumberFormat(INTL_TAGS[currentLocale()], {
      maximumFractionDigits: 1,
      useGrouping: false,
    }).format(mb);
    return translate('common.sizeMb', { value });
  },
});

/** What shared/format.ts writes when there is no date, or a duration in words. */
export const FORMAT_TEXT = textSection('format', {
  minutes: (count: number) => translate('format.minutes', { count }),
});

/**
 * A line of a turn (decision 043): the clinician's line is "turn 3", the patient's answer to
 * it "the patient's reply in turn 3", and her lines before any of the clinician's her opening.
 */
function turnPlace(turn: number | null, role: 'user' | 'assistant'): string {
  if (turn === null) return translate('common.turnPlace.opening');
  return translate(role === 'user' ? 'common.turnPlace.turn' : 'common.turnPlace.reply', {
    turn,
  });
}

type AtTurnKey = `debrief.${'turn' | 'notesOnTurn' | 'reactionsOnTurn' | 'uncoveredAt' | 'flagAt'}`;

/** A variant for a line of a turn: its number, or the opening (null). */
function atTurn(key: AtTurnKey, n: number | null): string {
  return n === null ? translate(`${key}.opening`) : translate(`${key}.numbered`, { n });
}

/** A wait in whole minutes, at least one. */
const waitMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The app's frame: pages loading, a session being checked, the not-found page. */
export const PAGE_TEXT = textSection('page');

/** The dashboard's tabs and the top bar above every signed-in page. */
export const DASHBOARD_TEXT = textSection('dashboard');

export const REQUEST_TEXT = textSection('request');

/**
 * The API contracts' field rules, "field: rule": the field as the JSON names it, the rule in the
 * reader's language. Each is a function so that a schema's `{ error: () => … }` reads it late.
 */
export const INPUT_TEXT = textSection('input', {
  required: (field: string) => translate('input.required', { field }),
  atMostChars: (field: string, max: number) => translate('input.atMostChars', { field, max }),
  oneLine: (field: string) => translate('input.oneLine', { field }),
  safeText: (field: string) => translate('input.safeText', { field }),
  lettersAndDigits: (field: string) => translate('input.lettersAndDigits', { field }),
  wholeNumberBetween: (field: string, min: number, max: number) =>
    translate('input.wholeNumberBetween', { field, min, max }),
  between: (field: string, min: number, max: number) =>
    translate('input.between', { field, min, max }),
  dateTime: (field: string) => translate('input.dateTime', { field }),
  dateBetween: (field: string, min: number, max: number) =>
    translate('input.dateBetween', { field, min, max }),
  notASkill: (field: string) => translate('input.notASkill', { field }),
  skillList: (field: string) => translate('input.skillList', { field }),
  eachSkillOnce: (field: string) => translate('input.eachSkillOnce', { field }),
  notFound: (field: string) => translate('input.notFound', { field }),
  atLeastOneId: (field: string) => translate('input.atLeastOneId', { field }),
  atMostIds: (field: string, max: number) => translate('input.atMostIds', { field, max }),
  isRequired: (field: string) => translate('input.isRequired', { field }),
  mustBeString: (field: string) => translate('input.mustBeString', { field }),
  mustBeNumber: (field: string) => translate('input.mustBeNumber', { field }),
  mustBeWhole: (field: string) => translate('input.mustBeWhole', { field }),
  mustBeAtLeast: (field: string, min: number) => translate('input.mustBeAtLeast', { field, min }),
  mustBeAtMost: (field: string, max: number) => translate('input.mustBeAtMost', { field, max }),
  mustBeSessionId: (field: string) => translate('input.mustBeSessionId', { field }),
  isTooLong: (field: string) => translate('input.isTooLong', { field }),
  badCharacters: (field: string) => translate('input.badCharacters', { field }),
  unexpectedField: (fields: readonly string[]) =>
    translate('input.unexpectedField', { fields: fields.join(', ') }),
  problems: (count: number) => translate('input.problems', { count }),
});

export const AUTH_TEXT = textSection('auth', {
  tooManyAttempts: (seconds: number) =>
    translate('auth.tooManyAttempts', { count: waitMinutes(seconds) }),
  /** The same answer whether or not an account uses the address. */
  resetSent: (minutes: number) => translate('auth.resetSent', { minutes }),
});

/** Single sign-on with the school's OpenID provider (decision 050). */
export const SSO_TEXT = textSection('sso', {
  signInWith: (label: string) => translate('sso.signInWith', { label }),
  linkedWith: (label: string) => translate('sso.linkedWith', { label }),
  passwordLinkSent: (minutes: number) => translate('sso.passwordLinkSent', { minutes }),
  linkProvider: (label: string) => translate('sso.linkProvider', { label }),
  unlinkProvider: (label: string) => translate('sso.unlinkProvider', { label }),
  unlinkTitle: (label: string) => translate('sso.unlinkTitle', { label }),
  unlinkBody: (label: string) => translate('sso.unlinkBody', { label }),
  linkedNotice: (label: string) => translate('sso.linkedNotice', { label }),
  alreadyLinkedNotice: (label: string) => translate('sso.alreadyLinkedNotice', { label }),
  unlinkedNotice: (label: string) => translate('sso.unlinkedNotice', { label }),
});

/** What ChairTalk's own mail says. */
export const MAIL_TEXT = textSection('mail', {
  resetBody: (link: string, minutes: number) => translate('mail.resetBody', { link, minutes }),
  verifyBody: (link: string, hours: number) => translate('mail.verifyBody', { link, hours }),
  inviteSubject: (trainer: string, organisation: string) =>
    translate('mail.inviteSubject', { trainer, organisation }),
  inviteBody: (input: {
    trainer: string;
    organisation: string;
    cohort: string;
    link: string;
    expires: string;
  }) => translate('mail.inviteBody', input),
  dueSoonSubject: (title: string) => translate('mail.dueSoonSubject', { title }),
  overdueSubject: (title: string) => translate('mail.overdueSubject', { title }),
  reminderBody: (input: {
    kind: 'due_soon' | 'overdue';
    name: string;
    title: string;
    cohort: string;
    organisation: string;
    due: string;
    link: string;
  }) => {
    const { kind, ...values } = input;
    const status = translate(`mail.reminderBody.${kind}`, values);
    return translate('mail.reminderBody.body', { ...values, status });
  },
  changeNoticeBody: (email: string) => translate('mail.changeNoticeBody', { email }),
  date: (date: string, time: string) => translate('mail.date', { date, time }),
});

/** The account page (/account), and confirming an address from its mail. */
export const ACCOUNT_TEXT = textSection('account', {
  unverifiedNote: (email: string) => translate('account.unverifiedNote', { email }),
  sentAgain: (email: string, hours: number) => translate('account.sentAgain', { email, hours }),
  pendingEmail: (email: string) => translate('account.pendingEmail', { email }),
  changeRequested: (email: string, hours: number) =>
    translate('account.changeRequested', { email, hours }),
  verifyDone: (email: string) => translate('account.verifyDone', { email }),
  bannerText: (email: string) => translate('account.bannerText', { email }),
});

/** A trainer's mail to a cohort: invites by email, and the reminders it sends (decision 046). */
export const COURSE_MAIL_TEXT = textSection('courseMail', {
  sent: (count: number) => translate('courseMail.sent', { count }),
  tooManyAddresses: (max: number) => translate('courseMail.tooManyAddresses', { max }),
  badAddress: (address: string) => translate('courseMail.badAddress', { address }),
  remindersBefore: (hours: number) =>
    hours % 24 === 0
      ? translate('courseMail.remindersBefore.days', { count: hours / 24 })
      : translate('courseMail.remindersBefore.hours', { hours }),
});

/** Why a new password is refused (NIST 800-63B: no common, expected or context words). */
export const PASSWORD_TEXT = textSection('password');

export const SCENARIO_TEXT = textSection('scenario');

export const CONVERSATION_TEXT = textSection('conversation', {
  tooLong: (maxChars: number) => translate('conversation.tooLong', { maxChars }),
  turnQuota: (perHour: number) => translate('conversation.turnQuota', { perHour }),
  hintsUsedUp: (perHour: number) => translate('conversation.hintsUsedUp', { count: perHour }),
  /** The hourly AI budget (decision 027): replies, voice, hints and feedback together. */
  aiBudgetUsedUp: (minutes: number) => translate('conversation.aiBudgetUsedUp', { count: minutes }),
  chatTitle: (title: string) => translate('conversation.chat.title', { title }),
  /** Spec §2: a toggle pill, "{label} ON" or "{label} OFF". */
  pill: (label: string, on: boolean) =>
    translate(on ? 'conversation.chat.pillOn' : 'conversation.chat.pillOff', { label }),
});

/** "Try another answer": a branch of a conversation from one of the clinician's turns. */
export const BRANCH_TEXT = textSection('branch', {
  tryAnotherAt: (turn: number) => translate('branch.tryAnotherAt', { turn }),
  tooMany: (perHour: number) => translate('branch.tooMany', { count: perHour }),
  startsFrom: (turn: number) => translate('branch.startsFrom', { turn }),
});

/** What the socket says about a frame it cannot take. */
export const FRAME_TEXT = textSection('frame', {
  frameTooLarge: (maxMs: number) => translate('frame.frameTooLarge', { maxMs }),
  frameOutOfOrder: (expected: number, got: number) =>
    translate('frame.frameOutOfOrder', { expected, got }),
  framesMissing: (announced: number, received: number) =>
    translate('frame.framesMissing', { announced, received }),
});

export const FEEDBACK_TEXT = textSection('feedback', {
  quoted: (quote: string) => translate('feedback.quoted', { quote }),
});

/** The debrief beside the report: notes on turns, the patient's side, consent. */
export const DEBRIEF_TEXT = textSection('debrief', {
  /** A turn as shared/turns.ts numbers it (decision 043); null: the patient's opening. */
  turn: (n: number | null) => atTurn('debrief.turn', n),
  notesOnTurn: (n: number | null) => atTurn('debrief.notesOnTurn', n),
  reactionsOnTurn: (n: number | null) => atTurn('debrief.reactionsOnTurn', n),
  stateSummary: (turns: number, last: { trust: number; anxiety: number; readiness: number }) =>
    translate('debrief.stateSummary', {
      count: turns,
      trust: Math.round(last.trust * 100),
      anxiety: Math.round(last.anxiety * 100),
      readiness: Math.round(last.readiness * 100),
    }),
  uncoveredAt: (n: number | null) => atTurn('debrief.uncoveredAt', n),
  flagAt: (n: number | null) => atTurn('debrief.flagAt', n),
});

export const PROGRESS_TEXT = textSection('progress', {
  proficiencyExplanation: (halfLife: number) =>
    translate('progress.proficiencyExplanation', { halfLife, twice: halfLife * 2 }),
  /** What a screen reader hears of the chart: how many sessions, and the latest scores. */
  chartSummary: (
    sessions: number,
    latest: { overall: number; empathy: number; clarity: number; persuasion: number },
  ) =>
    translate('progress.chartSummary', {
      count: sessions,
      overall: latest.overall,
      empathy: latest.empathy,
      clarity: latest.clarity,
      persuasion: latest.persuasion,
    }),
  chartPoint: (label: string, score: number) => translate('progress.chartPoint', { label, score }),
});

/** Spec §8 insights. */
export const INSIGHT_TEXT = textSection('insight', {
  get fallback(): readonly string[] {
    return [
      translate('insight.fallback.moreSessions'),
      translate('insight.fallback.scenarioTypes'),
      translate('insight.fallback.reviewFeedback'),
    ];
  },
  strongSkill: (skill: string) => translate('insight.strongSkill', { skill }),
  weakSkill: (skill: string) => translate('insight.weakSkill', { skill }),
});

/**
 * Spec §2 'Voice Conversation Mode': the status line for each step of a turn, in order.
 * `preparing` is not in the spec's list: the microphone is opening, or the voice detector is
 * catching up with it. "Listening" shows only once what is said is heard (issue 24).
 */
export const VOICE_STATUS = textSection('voiceStatus');

/** Spec §8 voice-mode messages, and what to configure when nothing can hear or speak. */
export const VOICE_TEXT = textSection('voice', {
  tooLongForTurn: (maxSeconds: number) => translate('voice.tooLongForTurn', { maxSeconds }),
  recordingTooLarge: (size: string, maxSeconds: number) =>
    translate('voice.recordingTooLarge', { size, maxSeconds }),
});

/**
 * The Realtime voice engine (speech-to-speech over WebRTC): its name, its status lines beyond
 * the spec's, and why a call ended. Everything said before the end is already stored.
 */
export const REALTIME_TEXT = textSection('realtime', {
  callTooLong: (minutes: number) => translate('realtime.callTooLong', { minutes }),
  /** The button that leaves a failed call for another engine. */
  switchEngine: (engine: string) => translate('realtime.useEngine', { engine }),
});

/** Spec §8 typed-chat dictation messages. */
export const DICTATION_TEXT = textSection('dictation', {
  transcriptionError: (message: string) => translate('dictation.transcriptionError', { message }),
  tooLong: (maxSeconds: number) => translate('dictation.tooLong', { maxSeconds }),
});

/** Spec §8 microphone errors. */
export const MICROPHONE_TEXT = textSection('microphone');

/** Spec §8 playback errors. */
export const PLAYBACK_TEXT = textSection('playback', {
  failed: (reason: string) => translate('playback.failed', { reason }),
});

/**
 * A sentence with a link (or another element) inside it: the text before and after the link,
 * so a translation may put the link wherever its grammar wants it.
 */
export interface AroundLink {
  before: string;
  after: string;
}

const LINK_MARK = '\u0000';

function aroundLink(sentence: string): AroundLink {
  const [before = '', after = ''] = sentence.split(LINK_MARK);
  return { before, after };
}

/** Conversation history (spec §2 Tab 3) and a past conversation's page. */
export const HISTORY_TEXT = textSection('history', {
  branches: (n: number) => translate('history.branches', { n }),
  when: (date: string, time: string) => translate('history.when', { date, time }),
  /** Where a branch came from; the link's own words are `branchNote.link`. */
  branchNote: (turn: number | null) =>
    aroundLink(
      turn === null
        ? translate('history.branchNote.plain', { link: LINK_MARK })
        : translate('history.branchNote.atTurn', { link: LINK_MARK, turn }),
    ),
  get branchNoteLink(): string {
    return translate('history.branchNote.link');
  },
});

/** Replaying the audio of a spoken conversation on the conversation detail page. */
export const REPLAY_TEXT = textSection('replay', {
  play: (who: 'You' | 'Patient') =>
    translate(who === 'You' ? 'replay.play.you' : 'replay.play.patient'),
  /** Shown under a transcript with recordings. */
  note: (days: number) => translate('replay.note', { count: days }),
});

/** The authoring screens. */
export const AUTHORING_TEXT = textSection('authoring', {
  confirmDeleteTitle: (title: string) => translate('authoring.confirmDeleteTitle', { title }),
  imported: (n: number) => translate('authoring.imported', { count: n }),
  tooManyScenarios: (max: number) => translate('authoring.tooManyScenarios', { max }),
  tooManyBytes: (maxKb: number) =>
    translate('authoring.tooManyBytes', { size: COMMON_TEXT.kilobytes(maxKb) }),
  importTooMany: (inFile: number, room: number, max: number) =>
    translate('authoring.importTooMany', { count: inFile, room, max }),
  importTooLarge: (maxKb: number) =>
    translate('authoring.importTooLarge', { size: COMMON_TEXT.kilobytes(maxKb) }),
  /** A line of the list of the author's scenarios: "Restorative · beginner · version 2 · …". */
  listMeta: (input: {
    category: string;
    difficulty: string;
    version: number;
    conversations: number;
    sharing: string;
  }) =>
    translate('authoring.list.meta', {
      ...input,
      conversations: translate('authoring.list.conversations', { count: input.conversations }),
    }),
  selectScenario: (title: string) => translate('authoring.list.select', { title }),
  statedConcern: (n: number) => translate('authoring.form.statedConcern', { n }),
  removeStated: (n: number) => translate('authoring.form.removeStated', { n }),
  hiddenConcern: (n: number) => translate('authoring.form.hiddenConcern', { n }),
  removeHidden: (n: number) => translate('authoring.form.removeHidden', { n }),
  atLeast: (min: number) => translate('authoring.problems.atLeast', { min }),
  atMost: (max: number) => translate('authoring.problems.atMost', { max }),
});

/** Organisations, cohorts, invites and assignments. */
export const ORGANISATION_TEXT = textSection('organisation', {
  organisationLimitOf: (max: number) => translate('organisation.organisationLimitOf', { max }),
  cohortLimitOf: (max: number) => translate('organisation.cohortLimitOf', { max }),
  inviteLimitOf: (max: number) => translate('organisation.inviteLimitOf', { max }),
  commentLimitOf: (max: number) => translate('organisation.commentLimitOf', { max }),
  // Too many wrong invite codes: the right one waits too, so this says nothing of it.
  tooManyCodes: (seconds: number) =>
    translate('organisation.tooManyCodes', { count: waitMinutes(seconds) }),
  commentsTodayOf: (max: number, minutes: number) =>
    translate('organisation.commentsTodayOf', { max, count: minutes }),
});

/** The trainee's "Assigned" section on Practice Scenarios. */
export const ASSIGNED_TEXT = textSection('assigned', {
  dueOn: (date: string) => translate('assigned.dueOn', { date }),
});

/** The page an invite link opens (/join/:code). */
export const JOIN_TEXT = textSection('join', {
  signedIn: (name: string) => translate('join.signedIn', { name }),
  code: (code: string) => translate('join.code', { code }),
});

/** The Visibility choice and the resource caption on the authoring form. */
export const SHARING_TEXT = textSection('sharing', {
  sharedWith: (organisation: string) => translate('sharing.sharedWith', { organisation }),
});

/** A cohort table cell's status, on the page and in the CSV (cohortCellStatus). */
export const COHORT_CELL_TEXT = textSection('cohortCell');

/** What the organisations page says. */
export const ORGANISATIONS_PAGE_TEXT = textSection('organisationsPage', {
  members: (n: number) => translate('organisationsPage.members', { count: n }),
  /** Beside a cohort's name: members now, and those who left (whose rows stay in the table). */
  membersAndFormer: (members: number, former: number) => {
    const now = translate('organisationsPage.members', { count: members });
    if (former === 0) return now;
    const left = translate('organisationsPage.membersAndFormer.left', { count: former });
    return members === 0
      ? translate('organisationsPage.membersAndFormer.noneNow', { left })
      : translate('organisationsPage.membersAndFormer.both', { members: now, left });
  },
  renameWhich: (name: string) => translate('organisationsPage.renameWhich', { name }),
  renamed: (name: string) => translate('organisationsPage.renamed', { name }),
  confirmDeleteOrganisationTitle: (name: string) =>
    translate('organisationsPage.confirmDeleteOrganisationTitle', { name }),
  confirmDeleteCohortTitle: (name: string) =>
    translate('organisationsPage.confirmDeleteCohortTitle', { name }),
  deleted: (name: string) => translate('organisationsPage.deleted', { name }),
  openMember: (name: string) => translate('organisationsPage.openMember', { name }),
  daysInvalid: (max: number) => translate('organisationsPage.daysInvalid', { max }),
  dueOutOfRange: (min: number, max: number) =>
    translate('organisationsPage.dueOutOfRange', { min, max }),
  /** Read after "Remove" (visually hidden): the button's full name. */
  removeWhich: (title: string) => translate('organisationsPage.removeWhich', { title }),
  confirmRemoveTitle: (title: string) =>
    translate('organisationsPage.confirmRemoveTitle', { title }),
  removed: (title: string) => translate('organisationsPage.removed', { title }),
  removeInstructorWhich: (name: string) =>
    translate('organisationsPage.removeInstructorWhich', { name }),
  confirmRemoveInstructorTitle: (name: string) =>
    translate('organisationsPage.confirmRemoveInstructorTitle', { name }),
  instructorRemoved: (name: string) => translate('organisationsPage.instructorRemoved', { name }),
  sortBy: (column: string) => translate('organisationsPage.sortBy', { column }),
  open: (name: string, title: string) => translate('organisationsPage.open', { name, title }),
  confirmLeaveTitle: (name: string) => translate('organisationsPage.confirmLeaveTitle', { name }),
  /** A trainee's scores in words; `change` is the last minus the first, already formatted. */
  trendLine: (list: string, direction: 'up' | 'down' | 'same', change: string) =>
    translate(`organisationsPage.trendLine.${direction}`, { list, change }),
  get noTrend(): string {
    return translate('organisationsPage.trendLine.none');
  },
  get trendSeparator(): string {
    return translate('organisationsPage.trendLine.separator');
  },
  trendName: (text: string) => translate('organisationsPage.trendLine.name', { text }),
});

/** A cohort member's conversations, as their trainer opens them from the cohort table. */
export const COHORT_MEMBER_TEXT = textSection('cohortMember', {
  titleOf: (name: string) => translate('cohortMember.titleOf', { name }),
  since: (date: string) => translate('cohortMember.since', { date }),
  between: (from: string, to: string) => translate('cohortMember.between', { from, to }),
  open: (title: string, date: string) => translate('cohortMember.open', { title, date }),
  confirmRemoveTitle: (name: string) => translate('cohortMember.confirmRemoveTitle', { name }),
  removed: (name: string) => translate('cohortMember.removed', { name }),
});

/** A cohort's class summary: what the class does well and what it misses. */
export const CLASS_SUMMARY_TEXT = textSection('classSummary', {
  intro: (conversations: number, trainees: number) =>
    translate('classSummary.intro.sentence', {
      conversations: translate('classSummary.intro.conversations', { count: conversations }),
      trainees: translate('classSummary.intro.trainees', { count: trainees }),
    }),
  consentIntro: (debriefed: number) => translate('classSummary.consentIntro', { count: debriefed }),
  missedOf: (missed: number, of: number) =>
    translate('classSummary.missedOf', { missed, count: of }),
});

/** The trainer's read-only review of a member's conversation. */
export const TRAINER_REVIEW_TEXT = textSection('trainerReview', {
  keepAi: (ai: string) => translate('trainerReview.keepAi', { ai }),
  skillComment: (skill: string) => translate('trainerReview.skillComment', { skill }),
  skillScore: (skill: string) => translate('trainerReview.skillScore', { skill }),
  skillCommentRequired: (skill: string) =>
    translate('trainerReview.skillCommentRequired', { skill }),
  commentOnTurn: (turn: number | null, role: 'user' | 'assistant') =>
    translate('trainerReview.commentOnTurn', { place: turnPlace(turn, role) }),
});

/** What the trainer's review says wherever it shows (the trainee's detail, the trainer's page). */
export const REVIEW_TEXT = textSection('review', {
  /** When trainers of several organisations scored it (decision 026), each names its own. */
  trainerScoreOf: (organisation: string) => translate('review.trainerScoreOf', { organisation }),
  by: (name: string, organisation: string) => translate('review.by', { name, organisation }),
  comments: (turn: number | null, role: 'user' | 'assistant') =>
    translate('review.comments', { place: turnPlace(turn, role) }),
  commentFrom: (name: string, organisation: string) =>
    translate('review.commentFrom', { name, organisation }),
  /** The counted score with the AI's beside it (decision 043), e.g. "9/10 · AI 4/10". */
  aiBeside: (ai: string) => translate('review.aiBeside', { ai }),
});

/** Your data, yours to take or delete (issue 27, decision 045): the account page's own sections. */
export const MY_DATA_TEXT = textSection('myData', {
  deleteConversationOf: (title: string) => translate('myData.deleteConversationOf', { title }),
  exportFileName: (date: string) => translate('myData.exportFileName', { date }),
  archiveReadme: (exportedAt: string) => translate('myData.archiveReadme', { exportedAt }),
  keepRecordingsHelp: (days: number) => translate('myData.keepRecordingsHelp', { count: days }),
  /** Said once in the conversation when the microphone starts (voice mode). */
  recordingNoticeOn: (days: number) => translate('myData.recordingNoticeOn', { count: days }),
});

/**
 * The language a conversation is held in (decision 048). A language is named in the reader's
 * language ('Spanish', 'español'), from its code.
 */
export const LANGUAGE_TEXT = textSection('language', {
  /** The start refused without an AI provider. */
  needsProvider: (code: LanguageCode) =>
    translate('language.needsProvider', { language: languageName(code) }),
  scenarioLanguage: (code: LanguageCode) =>
    translate('language.scenarioLanguage', { name: languageName(code) }),
  /** The opening line could not be translated when the conversation started. */
  startFailed: (code: LanguageCode) =>
    translate('language.startFailed', { language: languageName(code) }),
});

/**
 * Translating a scenario with the AI provider: the authoring screen's action, and the route's
 * refusals (decision 048). Languages are named in the reader's language.
 */
export const TRANSLATION_TEXT = textSection('translation', {
  draftNotice: (title: string, code: LanguageCode) =>
    translate('translation.draftNotice', { title, language: languageName(code) }),
  sameLanguage: (code: LanguageCode) =>
    translate('translation.sameLanguage', { language: languageName(code) }),
});

function languageName(code: LanguageCode): string {
  return translate(`language.names.${code}`);
}

/** The deep-linking picker and the page posting its answer to the course (decision 051). */
export const LTI_DEEP_LINK_TEXT = textSection('ltiDeepLink', {
  intro: (course: string) => translate('ltiDeepLink.intro', { course }),
  dueOutOfRange: (min: number, max: number) => translate('ltiDeepLink.dueOutOfRange', { min, max }),
});

/** An organisation's course platforms (LTI 1.3, decision 051): registration and launches. */
export const LTI_TEXT = textSection('lti', {
  copy: (label: string) => translate('lti.copy', { label }),
  editTitle: (issuer: string) => translate('lti.editTitle', { issuer }),
  confirmRemoveTitle: (issuer: string) => translate('lti.confirmRemoveTitle', { issuer }),
  platformSummary: (clientId: string, deployments: string) =>
    translate('lti.platformSummary', { clientId, deployments }),
  tooManyDeployments: (max: number) => translate('lti.tooManyDeployments', { max }),
  platformLimit: (max: number) => translate('lti.platformLimit', { max }),
  privateAddress: (field: string) => translate('lti.privateAddress', { field }),
  launchFailedBecause: (reason: LtiLaunchFailure) => translate(`lti.launchFailed.${reason}`),
  passbackComment: (url: string) => translate('lti.passbackComment', { url }),
  passbackLine: (name: string, scenario: string, score: number, max: number, error: string) =>
    translate('lti.passbackLine', { name, scenario, score, max, error }),
  rosterSynced: (joined: number, left: number, unchanged: number) =>
    translate('lti.rosterSynced', { joined, left, unchanged }),
  coInstructorsSynced: (added: number, removed: number) =>
    translate('lti.coInstructorsSynced', { added, removed }),
});
