/**
 * Every sentence ChairTalk shows a user when something goes wrong or needs saying, in one place:
 * the spec's fixed strings (quoted exactly, marked with their section) and our own. The server
 * and the client import them from here; nothing writes them out again. Field rules keep their
 * messages in their schemas (`shared/api/`), and labels stay in the components that show them.
 */

/** Spec §8 'Login': the error message returned, or this. Also the last resort everywhere. */
export const GENERIC_ERROR_TEXT = 'An error occurred';

export const REQUEST_TEXT = {
  invalidJson: 'The request body is not valid JSON.',
  invalid: 'The request is not valid.',
  unreadable: 'The request could not be read.',
  tooLarge: 'The request is too large.',
  unsupportedBody: 'The request body must be JSON in UTF-8, without content encoding.',
  crossSite: 'This request came from another site and was refused.',
  notFound: 'Not found',
  unavailable: 'ChairTalk is temporarily unavailable. Please try again in a moment.',
  restarting: 'ChairTalk is restarting. Please try again in a moment.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

export const AUTH_TEXT = {
  signInRequired: 'Please sign in to continue.',
  wrongCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Please sign in.',
  slowDown: 'Too many attempts. Please wait a few minutes and try again.',
  tooManyAttempts: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
  },
  forgotPassword: 'Forgot your password?',
  resetTitle: 'Reset your password',
  resetIntro:
    "Enter your account's email address and we'll send you a link to choose a new password.",
  resetSend: 'Send reset link',
  /** The same answer whether or not an account uses the address. */
  resetSent: (minutes: number) =>
    `If an account uses that address, we've emailed it a link to choose a new password. The link works once, for ${minutes} minutes.`,
  newPasswordTitle: 'Choose a new password',
  newPassword: 'New password',
  savePassword: 'Save new password',
  resetDone:
    "Your password is changed and you're signed out everywhere. Sign in with your new password.",
  resetLinkInvalid: 'This reset link has expired or has already been used. Ask for a new one.',
  tooManyResets: 'Too many reset requests. Please wait an hour and try again.',
  backToSignIn: 'Back to sign in',
} as const;

/** What ChairTalk's own mail says. */
export const MAIL_TEXT = {
  resetSubject: 'Reset your ChairTalk password',
  resetBody: (link: string, minutes: number) =>
    [
      'Someone (we hope you) asked to reset the password of your ChairTalk account.',
      '',
      `To choose a new password, open this link within ${minutes} minutes. It works once:`,
      link,
      '',
      "If you didn't ask, you can ignore this mail: your password stays as it is.",
    ].join('\n'),
  verifySubject: 'Confirm your email address for ChairTalk',
  verifyBody: (link: string, hours: number) =>
    [
      'Please confirm that this is your address for ChairTalk.',
      '',
      `Open this link within ${hours} hours. It works once:`,
      link,
      '',
      "If you didn't sign up or change your address on ChairTalk, you can ignore this mail.",
    ].join('\n'),
  inviteSubject: (trainer: string, organisation: string) =>
    `${trainer} invited you to practise with ${organisation} on ChairTalk`,
  inviteBody: (input: {
    trainer: string;
    organisation: string;
    cohort: string;
    link: string;
    expires: string;
  }) =>
    [
      `${input.trainer} invited you to join ${input.cohort} at ${input.organisation} on ChairTalk, where you practise conversations with simulated dental patients.`,
      '',
      `To join, open this link by ${input.expires}:`,
      input.link,
      '',
      "If you don't know this person, you can ignore this mail.",
    ].join('\n'),
  dueSoonSubject: (title: string) => `Due soon on ChairTalk: ${title}`,
  overdueSubject: (title: string) => `Overdue on ChairTalk: ${title}`,
  reminderBody: (input: {
    kind: 'due_soon' | 'overdue';
    name: string;
    title: string;
    cohort: string;
    organisation: string;
    due: string;
    link: string;
  }) =>
    [
      `Hello ${input.name},`,
      '',
      input.kind === 'due_soon'
        ? `"${input.title}" is due by ${input.due}, set for ${input.cohort} at ${input.organisation}.`
        : `"${input.title}" was due by ${input.due}, set for ${input.cohort} at ${input.organisation}, and is not done yet.`,
      '',
      'Practise it here:',
      input.link,
      '',
      'Your trainer chose when these reminders are sent. You get one before the due date and one once it has passed.',
    ].join('\n'),
  changeNoticeSubject: 'Your ChairTalk email address is being changed',
  changeNoticeBody: (newEmail: string) =>
    [
      `Someone signed in to your ChairTalk account asked to change its email address to ${newEmail}.`,
      '',
      'The address changes only when the link we sent there is opened.',
      '',
      "If this wasn't you, sign in and change your password now, then sign out everywhere from your account page.",
    ].join('\n'),
} as const;

/** The account page (/account), and confirming an address from its mail. */
export const ACCOUNT_TEXT = {
  title: 'Your account',
  loading: 'Loading your account',
  loadFailed: 'Your account could not be loaded. Please try again.',
  profileTitle: 'Profile',
  nameLabel: 'Full name',
  saveName: 'Save name',
  nameSaved: 'Your name is saved.',
  emailTitle: 'Email address',
  emailLabel: 'Email',
  verified: 'Confirmed',
  unverified: 'Not confirmed yet',
  unverifiedNote: (email: string) =>
    `We sent a link to ${email} to confirm it's yours. Until then, ChairTalk sends you no mail but that link and password resets.`,
  sendAgain: 'Send the link again',
  sentAgain: (email: string, hours: number) =>
    `We've sent a new link to ${email}. It works once, for ${hours} hours.`,
  newEmailLabel: 'New email address',
  currentPasswordLabel: 'Current password',
  changeEmail: 'Change email address',
  pendingEmail: (email: string) =>
    `Waiting for you to open the link we sent to ${email}. Your address changes only then.`,
  changeRequested: (email: string, hours: number) =>
    `We've sent a link to ${email}. Open it within ${hours} hours to make it your address. We've told your current address too.`,
  passwordTitle: 'Password',
  newPasswordLabel: 'New password',
  changePassword: 'Change password',
  passwordChanged: "Your password is changed. You're signed out on every other device.",
  sessionsTitle: 'Signed-in devices',
  sessionsIntro:
    'Lost a phone, or signed in on a shared computer? Sign out everywhere, this device included.',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereConfirm:
    'Sign out of ChairTalk on every device, this one included? You will need your password to sign in again.',
  cancel: 'Cancel',
  signedOutEverywhere: "You're signed out on every device.",
  wrongCurrentPassword: 'Your current password is not right.',
  sameEmail: 'That is already your email address.',
  emailInUse: 'Another account already uses this email address.',
  alreadyVerified: 'Your email address is already confirmed.',
  tooManyLinks: 'Too many links sent. Please wait an hour and try again.',
  verifyTitle: 'Confirm your email address',
  verifyIntro: 'Open ChairTalk with this address as your sign-in and for its mail.',
  verifyButton: 'Confirm my address',
  verifyDone: (email: string) => `${email} is confirmed as your address.`,
  verifyLinkInvalid:
    'This link has expired, has already been used, or was replaced by a newer one. Send a new one from your account page.',
  goToAccount: 'Go to your account',
  bannerText: (email: string) => `Confirm your email address: we sent a link to ${email}.`,
} as const;

/** A trainer's mail to a cohort: invites by email, and the reminders it sends (decision 046). */
export const COURSE_MAIL_TEXT = {
  emailInvite: 'Email this invite',
  addressesLabel: 'Email addresses',
  addressesHint: 'One or more addresses, separated by commas, spaces or new lines (up to 50).',
  send: 'Send invites',
  sent: (count: number) => `Invite sent to ${count} address${count === 1 ? '' : 'es'}.`,
  noAddresses: 'Enter at least one email address.',
  tooManyAddresses: (max: number) => `Enter at most ${max} addresses at a time.`,
  badAddress: (address: string) => `"${address}" is not a valid email address.`,
  unverified:
    'Confirm your own email address before inviting by email: the invite names you. You can send the link again from your account page.',
  inviteNotLive: 'This invite has expired or was revoked. Make a new one to send.',
  tooManyInvites: 'Too many invites sent in the last hour. Please wait and try again.',
  remindersLabel: 'Email reminders',
  remindersOff: 'Off',
  remindersBefore: (hours: number) =>
    hours % 24 === 0
      ? `${hours / 24} day${hours === 24 ? '' : 's'} before the due date, and once overdue`
      : `${hours} hours before the due date, and once overdue`,
  remindersSaved: 'Reminder setting saved.',
  remindersNote: 'Only trainees who confirmed their address are reminded, once each time.',
} as const;

/** Why a new password is refused (NIST 800-63B: no common, expected or context words). */
export const PASSWORD_TEXT = {
  weak: 'This password is too easy to guess. Choose another.',
  common: 'This password is one of the most common. Choose one that is harder to guess.',
  sequence: 'This password is a simple sequence. Choose one that is harder to guess.',
  repeated: 'This password repeats the same few characters. Choose one that is harder to guess.',
  blank: 'A password cannot be only spaces.',
  email: 'A password cannot contain your email address.',
  service: 'A password cannot contain the name ChairTalk.',
} as const;

export const SCENARIO_TEXT = {
  /** Spec §8. */
  notFound: 'Scenario not found',
  /** Spec §8. */
  loadFailed: 'Error loading scenario',
  noneInLibrary: 'No scenarios found. Please create some scenarios in your ChairTalk database.',
  noneMatch:
    'No scenarios match your current filters. Try different search terms or difficulty level.',
} as const;

export const CONVERSATION_TEXT = {
  /** Spec §8 'Session creation': the server refused. */
  createFailed: 'Failed to create conversation session',
  /** Spec §8 'Session creation': no usable answer. */
  initFailed: 'Error initializing conversation',
  /** Spec §8 'Conversation detail'. */
  notFound: 'Conversation not found',
  /** A patient reply the clinician spoke over: stored as far as it was heard. */
  replyCutShort: 'Reply cut short',
  /** Spec §8 'Conversation detail'. */
  detailFailed: 'Could not load conversation details',
  /** Spec §8 'Chat reply failure': what the patient line becomes. */
  replyFailed: "I apologize, but I'm having trouble responding right now.",
  ended: 'This conversation has ended.',
  busy: 'Please wait for the patient to finish replying.',
  noReply: 'The patient did not answer. Please try sending your message again.',
  gone: 'This conversation is no longer available. Please go back to the dashboard.',
  messageNotFound: 'Message not found',
  tooLong: (maxChars: number) => `Messages can be at most ${maxChars} characters.`,
  blank: 'Message cannot be blank.',
  badCharacters: 'Message contains characters that are not allowed.',
  quotaReached:
    'You have reached the hourly practice limit. Please take a break and try again later.',
  turnQuota: (perHour: number) =>
    `You have reached the practice limit of ${perHour} messages per hour. Please take a break and try again later.`,
  concurrentTurns: 'Too many conversations are replying at once. Please wait for one to finish.',
  hintFailed: 'Could not get a hint right now. Please try again.',
  hintsUsedUpGeneric: 'You have used all your hints for this hour. Try again later.',
  hintsUsedUp: (perHour: number) =>
    `You have used all ${perHour} hint${perHour === 1 ? '' : 's'} for this hour. Try again later, or carry on without one.`,
  /** The hourly AI budget (decision 027): replies, voice, hints and feedback together. */
  aiBudgetUsedUpGeneric:
    "You have used this hour's AI allowance (replies, voice, hints and feedback). Everything so far is saved: please try again later.",
  aiBudgetUsedUp: (minutes: number) =>
    `You have used this hour's AI allowance (replies, voice, hints and feedback). Everything so far is saved: please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** "Try another answer": a branch of a conversation from one of the clinician's turns. */
export const BRANCH_TEXT = {
  tryAnother: 'Try another answer here',
  tryAnotherAt: (turn: number) => `Try another answer here (your turn ${turn})`,
  notATurn: "A new answer can only start from one of your own turns, not the patient's.",
  failed: 'Could not start another answer right now. Please try again.',
  originalNotGraded:
    'The original conversation has not been graded yet, so there are no scores to compare.',
  tooManyGeneric: 'You have tried enough other answers for this hour. Please try again later.',
  tooMany: (perHour: number) =>
    `You can try ${perHour} other answer${perHour === 1 ? '' : 's'} an hour, and have used them all. Please try again later.`,
} as const;

/** What the socket says about a frame it cannot take. */
export const FRAME_TEXT = {
  notJson: 'Messages must be JSON.',
  unknownType: 'Unknown message type.',
  invalid: 'Invalid message.',
  // A streamed recording (audio_start, binary frames, audio_commit or audio_cancel).
  noStream: 'Audio arrived without a recording being started.',
  afterStream: 'Audio arrived after its recording had ended.',
  streamOpen: 'A recording is already being sent. Finish or cancel it first.',
  otherStream: 'That is not the recording being sent.',
  noStreamToEnd: 'There is no recording being sent to finish or cancel.',
  frameNoHeader: 'A piece of audio was too short to carry its sequence number.',
  frameTooLarge: (maxMs: number) => `A piece of audio was longer than ${maxMs} ms.`,
  frameNotPcm: 'The audio is a file, not raw 16 kHz PCM16 samples.',
  frameHalfSample: 'A piece of audio ended in the middle of a sample.',
  frameOutOfOrder: (expected: number, got: number) =>
    `Audio arrived out of order (piece ${got} where ${expected} was expected). Please try again.`,
  framesMissing: (announced: number, received: number) =>
    `The recording arrived incomplete (${received} of ${announced} pieces). Please try again.`,
} as const;

export const FEEDBACK_TEXT = {
  /** Spec §8. */
  failed: 'Error generating feedback. Please try again.',
  /** Spec §8. */
  tooShort:
    'The conversation is too short to generate meaningful feedback. Please continue the conversation.',
  partlyRead: "These scores come from a fallback: the grader's answer could not be read in full.",
  defaultScores:
    'These are default scores: the grader could not assess this conversation, so every score is 5.',
} as const;

/**
 * A line of a turn (decision 043): the clinician's line is "turn 3", the patient's answer to
 * it "the patient's reply in turn 3", and her lines before any of the clinician's her opening.
 */
function turnPlace(turn: number | null, role: 'user' | 'assistant'): string {
  if (turn === null) return "the patient's opening";
  return role === 'user' ? `turn ${turn}` : `the patient's reply in turn ${turn}`;
}

/** The debrief beside the report: notes on turns, the patient's side, consent. */
export const DEBRIEF_TEXT = {
  title: 'Debrief',
  turnByTurn: 'Turn by turn',
  /** A turn as shared/turns.ts numbers it (decision 043); null: the patient's opening. */
  turn: (n: number | null) => (n === null ? 'Opening' : `Turn ${n}`),
  you: 'You',
  patient: 'Patient',
  notesOnTurn: (n: number | null) => (n === null ? 'Notes on the opening' : `Notes on turn ${n}`),
  reactionsOnTurn: (n: number | null) =>
    n === null ? "Patient's reaction at the opening" : `Patient's reaction in turn ${n}`,
  noteOn: 'on',
  goodNote: 'Went well',
  concernNote: 'Worth another look',
  thinking: 'What the patient was thinking',
  stateTitle: "The patient's trust, anxiety and readiness",
  estimated: 'estimated by the AI grader',
  stateSeries: { trust: 'Trust', anxiety: 'Anxiety', readiness: 'Readiness to go ahead' },
  stateSummary: (turns: number, last: { trust: number; anxiety: number; readiness: number }) =>
    `Line chart over ${turns} patient ${turns === 1 ? 'line' : 'lines'}. At the end: trust ${Math.round(last.trust * 100)}%, anxiety ${Math.round(last.anxiety * 100)}%, readiness ${Math.round(last.readiness * 100)}%.`,
  hiddenTitle: 'Hidden concerns',
  uncoveredAt: (n: number | null) =>
    n === null ? 'Uncovered at the opening' : `Uncovered at turn ${n}`,
  missed: 'Missed',
  openedBy: 'What opens it:',
  consentTitle: 'Informed consent',
  consentIntro:
    'A checklist beside the scores, not a score: did the patient decide freely, knowing what they agreed to?',
  consentItems: {
    options: 'Options offered, including doing nothing',
    risks_benefits: 'Risks and benefits named',
    cost: 'Cost made clear',
    understanding: 'Understanding checked',
    decision_respected: "The patient's decision respected",
  },
  consentStatus: { met: 'Met', partly_met: 'Partly met', not_met: 'Not met' },
  noEvidence: 'Nothing in the conversation shows it.',
  evidenceStance: { for: 'What shows it:', against: 'What went against it:' },
  flagsTitle: 'Pressure and fear tactics',
  flagKinds: { pressure: 'Pressure', fear_tactic: 'Fear tactic' },
  flagAt: (n: number | null) => (n === null ? 'the opening' : `turn ${n}`),
  persuasionWithoutConsent:
    'High persuasion with poor consent: you moved the patient, but the decision was not fully informed or freely made. Persuasion should never cost the patient their choice.',
} as const;

export const PROGRESS_TEXT = {
  /** Spec §8 'Progress, query error'. */
  queryFailed: 'Failed to load progress data. Please try again.',
  /** Spec §8 'Progress, unexpected error'. */
  unexpected: 'An error occurred while loading your progress data. Please try again later.',
} as const;

/** Spec §8 insights. */
export const INSIGHT_TEXT = {
  fallback: [
    'Complete more sessions to see personalized insights.',
    'Practice with different scenario types to improve your skills.',
    'After each session, review your feedback to identify growth areas.',
  ],
  strongSkill: (skill: string) =>
    `Your ${skill} scores are consistently high, showing strong ${skill} skills.`,
  weakSkill: (skill: string) =>
    `Focus on improving your ${skill}, which shows the most room for growth.`,
  trendUpward: 'Your overall performance is trending upward, indicating good progress.',
  trendSteady: 'Your overall performance is steady. Try new techniques to see improvement.',
  trendDecline:
    'Your recent scores show a slight decline. Review feedback carefully in your next sessions.',
} as const;

/** Spec §2 'Voice Conversation Mode': the status line for each step of a turn, in order. */
export const VOICE_STATUS = {
  start: 'Click the microphone button to start speaking',
  /**
   * Not in the spec's list: the microphone is opening, or the voice detector is catching up with
   * it. "Listening" shows only once what is said is heard (issue 24).
   */
  preparing: 'Getting ready to listen...',
  listening: 'Listening... (speak now)',
  processing: 'Processing your message...',
  gettingReply: 'Getting response from AI...',
  converting: 'Converting response to speech...',
  playing: 'Playing AI response...',
  again: 'Click the microphone button to speak again',
} as const;

/** Spec §8 voice-mode messages, and what to configure when nothing can hear or speak. */
export const VOICE_TEXT = {
  nothingHeard: "I couldn't hear what you said. Please try speaking again.",
  noAudio: 'No audio recorded. Please try again and speak clearly.',
  processingFailed: 'Failed to process your message. Please try again.',
  recordingError: 'Recording error occurred. Please try again.',
  aiFailed: 'Error getting response from AI. Please try again.',
  speechFailed: 'Failed to generate speech response. Please try again.',
  initFailed: 'Failed to initialize audio recording. Please try a different browser.',
  stopFailed: 'Error stopping recording. Please refresh the page and try again.',
  tooLongForTurn: (maxSeconds: number) =>
    `That was too long for one turn. Please keep each turn under ${maxSeconds} seconds.`,
  recordingTooLarge: (size: string, maxSeconds: number) =>
    `That recording is too large (over ${size}). Please keep each turn under ${maxSeconds} seconds.`,
  streamAbandoned: 'The recording stopped arriving, so it was discarded. Please try again.',
  concurrentStreams:
    'Too many recordings are being transcribed at once. Please finish one before starting another.',
  /** Neither the server nor this browser can turn speech into text. */
  notConfigured:
    'Voice input needs speech-to-text, and none is available: the server has no transcription configured and this browser has no speech recognition. Ask whoever runs ChairTalk to configure an OpenAI API key (or a local OpenAI-compatible server) on the server, or use Chrome or Edge. You can keep typing in the chat meanwhile.',
  noServerTranscription:
    'Server transcription is not configured. Ask whoever runs ChairTalk to configure an OpenAI API key (or a local OpenAI-compatible server), or use a browser with speech recognition.',
  noServerSpeech:
    "Server speech is not configured; the browser's own voice reads replies. An OpenAI API key on the server gives natural voices.",
  offline:
    'The connection to the conversation is down. Voice mode will work again once it is back.',
  ended: CONVERSATION_TEXT.ended,
} as const;

/**
 * The Realtime voice engine (speech-to-speech over WebRTC): its name, its status lines beyond
 * the spec's, and why a call ended. Everything said before the end is already stored.
 */
export const REALTIME_TEXT = {
  engineRealtime: 'Realtime',
  enginePipeline: 'Standard',
  engineLabel: 'Voice engine',
  connecting: 'Connecting to the patient...',
  startHint: 'Realtime: start a call and talk with the patient as on the phone.',
  inCallHint: 'Talk as you would on a call. Speak over the patient to interrupt.',
  /** The patient is answering: the realtime model is thinking before it speaks. */
  thinking: VOICE_STATUS.gettingReply,
  notConfigured:
    'Realtime voice is not configured on this server. The standard voice engine is still available.',
  connectFailed:
    'The realtime call could not connect. Please try again, or switch to the standard voice engine.',
  notSdp: 'The call request must be a WebRTC session offer (SDP) with an audio track.',
  dropped:
    'The realtime call dropped. Everything said so far is saved: carry on with the standard voice engine or by typing.',
  callTooLong: (minutes: number) =>
    `The call reached its ${minutes}-minute limit and was ended. Everything said so far is saved.`,
  quotaReached:
    'The call ended: you have reached the hourly practice limit. Everything said so far is saved.',
  conversationEnded: 'The call ended because the conversation ended.',
  replaced: 'The call was ended because another call for this conversation started.',
  callInUse: 'A call for this conversation is already going on in another window.',
  hungUp: 'The call ended.',
} as const;

/** Spec §8 typed-chat dictation messages. */
export const DICTATION_TEXT = {
  failed: 'Failed to transcribe audio. Please try again.',
  transcriptionError: (message: string) => `Transcription error: ${message}`,
  noAudio: VOICE_TEXT.noAudio,
  tooLong: (maxSeconds: number) =>
    `That recording is too long. Please keep each dictation under ${maxSeconds} seconds.`,
  unavailable:
    'Dictation needs speech-to-text: the server has no transcription configured (it needs an OpenAI API key or a local OpenAI-compatible server) and this browser has no speech recognition. Please type your message instead.',
  noRecognition: 'Speech recognition is not available in this browser.',
} as const;

/** Spec §8 microphone errors. */
export const MICROPHONE_TEXT = {
  denied: 'Microphone access denied. Please allow microphone permissions in your browser settings.',
  notFound: 'No microphone detected. Please connect a microphone and try again.',
  inUse:
    'Cannot access the microphone. It may be in use by another application or disconnected. Please check it and try again.',
  insecure:
    'Security error: the browser only allows the microphone on a secure (HTTPS) connection. Please open ChairTalk over HTTPS.',
  other: VOICE_TEXT.recordingError,
} as const;

/** Spec §8 playback errors. */
export const PLAYBACK_TEXT = {
  blocked:
    'Audio playback was blocked by your browser. Click Retry Audio (or anywhere on the page) to allow sound.',
  unsupported:
    'This audio format is not supported by your browser. Please try a different browser.',
  failed: (reason: string) => `Audio playback failed: ${reason}. Please try again.`,
} as const;

/** Replaying the audio of a spoken conversation on the conversation detail page. */
export const REPLAY_TEXT = {
  notFound: 'No recording of that turn is kept',
  play: (who: 'You' | 'Patient') => (who === 'You' ? 'Play your turn' : "Play the patient's turn"),
  stop: 'Stop',
  /** The button's visible word when the recording's length is unknown. */
  playShort: 'Play',
  playAll: 'Play all',
  stopAll: 'Stop playing',
  failed: 'This recording could not be played.',
  /** Shown under a transcript with recordings. */
  note: (days: number) =>
    `Recordings of spoken turns are kept for ${days} ${days === 1 ? 'day' : 'days'}. Audio is not kept for Realtime calls.`,
  /** Shown when spoken turns have no recording. */
  noneKept:
    "No recordings of this conversation are kept: audio is not kept for Realtime calls or the browser's own speech, and recordings expire.",
} as const;

/** A size the way people say it: '512 KB', '4 MB', '1.5 MB'. */
function kilobytes(kb: number): string {
  if (kb < 1024) return `${kb} KB`;
  const mb = Math.round((kb / 1024) * 10) / 10;
  return `${mb} MB`;
}

/** The authoring screens. */
export const AUTHORING_TEXT = {
  write: 'Write a scenario',
  mine: 'My scenarios',
  listTitle: 'My scenarios',
  none: 'You have not written a scenario yet.',
  loadFailed: 'Your scenarios could not be loaded.',
  newTitle: 'Write a scenario',
  editTitle: 'Edit scenario',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  tryIt: 'Try it',
  cancel: 'Back to my scenarios',
  restored: 'Restored your unsaved draft.',
  discard: 'Discard draft',
  fixProblems: 'Some fields need attention before this scenario can be saved.',
  sharingSection: 'Sharing',
  /** A title that makes no slug (decision 043: its problem is the title's). */
  titleNeedsLetters: 'Use some letters or digits in the title.',
  voiceSection: 'How the patient sounds and starts (optional: set to sensible defaults)',
  topicsSection: 'Answers by topic (optional)',
  confirmDelete: (title: string) => `Delete “${title}”? This cannot be undone.`,
  exportSelected: 'Export selected',
  importFile: 'Import a file',
  importFailed: 'Nothing was imported. The file has these problems:',
  importNotJson: 'This file is not JSON.',
  imported: (n: number) => (n === 1 ? 'Imported 1 scenario.' : `Imported ${n} scenarios.`),
  onePerLine: 'One per line.',
  copyFrom: 'Start from a copy of a scenario',
  choose: 'Choose…',
  copy: 'Make a copy',
  /** Past the author's storage budget (decision 028); the server's wording names the figures. */
  budgetFull:
    'Your scenarios have no room for this. Delete some you no longer need, then try again.',
  tooManyScenarios: (max: number) =>
    `You can keep up to ${max} scenarios. Delete some you no longer need, then try again.`,
  tooManyBytes: (maxKb: number) =>
    `Your scenarios can hold up to ${kilobytes(maxKb)} in all, and this would go past it. Delete some you no longer need, or shorten this one, then try again.`,
  importTooMany: (inFile: number, room: number, max: number) =>
    `Nothing was imported: the file holds ${inFile} scenario${inFile === 1 ? '' : 's'} and you have room for ${room} more (up to ${max}). Delete some you no longer need, or import fewer.`,
  importTooLarge: (maxKb: number) =>
    `Nothing was imported: the file would take your scenarios past ${kilobytes(maxKb)} in all. Delete some you no longer need, or import fewer.`,
} as const;

/** Organisations, cohorts, invites and assignments. */
export const ORGANISATION_TEXT = {
  notFound: 'That organisation could not be found.',
  cohortNotFound: 'That cohort could not be found.',
  inviteNotFound: 'That invite code is not valid. It may have expired or been revoked.',
  assignmentNotFound: 'That assignment could not be found. It may have been removed already.',
  memberNotFound: 'That trainee could not be found in this cohort. They may have left already.',
  ownOrganisation: 'You run this organisation, so you cannot join it as a trainee.',
  sharedElsewhere: 'That scenario is shared with another organisation and cannot be assigned here.',
  assignedScenario:
    'This scenario is assigned to a cohort, so it stays shared with that organisation: its trainees would lose it otherwise. Duplicate it to share a copy elsewhere.',
  // Bounds on what one trainer makes: a generic sentence, and one with the figure.
  organisationLimit: 'You already run as many organisations as one trainer may.',
  organisationLimitOf: (max: number) =>
    `You already run ${max} organisations, the most one trainer may.`,
  cohortLimit: 'This organisation already has as many cohorts as it may.',
  cohortLimitOf: (max: number) => `This organisation already has ${max} cohorts, the most it may.`,
  inviteLimit:
    'This cohort already has as many live invites as it may. Revoke one to make another.',
  inviteLimitOf: (max: number) =>
    `This cohort already has ${max} live invites, the most it may. Revoke one to make another.`,
  commentLimit:
    'Your organisation has already written as many comments on this conversation as it may.',
  commentLimitOf: (max: number) =>
    `Your organisation has already written ${max} comments on this conversation, the most it may.`,
  commentsToday: 'You have written as many comments as you may in a day. Please try again later.',
  // Too many wrong invite codes: the right one waits too, so this says nothing of it.
  tooManyCodesGeneric: 'Too many invite codes tried. Please wait a few minutes and try again.',
  tooManyCodes: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many invite codes tried. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
  },
  commentsTodayOf: (max: number, minutes: number) =>
    `You have written ${max} comments in the last 24 hours, the most you may. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/** The trainee's "Assigned" section on Practice Scenarios. */
export const ASSIGNED_TEXT = {
  title: 'Assigned',
  intro: 'Scenarios your trainer has assigned to you.',
  status: { due: 'Due', overdue: 'Overdue', done: 'Done' },
  dueOn: (date: string) => `Due ${date}`,
  noDueDate: 'No due date',
} as const;

/** The page an invite link opens (/join/:code). */
export const JOIN_TEXT = {
  title: 'Join a cohort',
  invited: 'You have been invited to join a cohort on ChairTalk.',
  signedOut:
    'Create an account to accept the invite, or sign in if you already have one: you will join the cohort straight away.',
  signedIn: (name: string) =>
    `You are signed in as ${name}. Joining lets your trainer see the work you practise from now on.`,
  join: 'Join cohort',
  code: (code: string) => `Invite code: ${code}`,
  later: 'Not now',
} as const;

/** The Visibility choice and the resource caption on the authoring form. */
export const SHARING_TEXT = {
  legend: 'Visibility',
  private: 'Private (only you)',
  sharedWith: (organisation: string) => `Shared with organisation ${organisation}`,
  hint: 'Trainees of an organisation you train can practise a scenario shared with it.',
  listPrivate: 'Private',
  listShared: 'Shared with an organisation',
  captionLabel: 'Resource image caption',
  captionHint:
    'Optional. One line under the picture in the Resources panel (at most 120 characters).',
} as const;

/** A cohort table cell's status, on the page and in the CSV (cohortCellStatus). */
export const COHORT_CELL_TEXT = {
  done: 'Done',
  overdue: 'Overdue',
  not_done: 'Not done',
} as const;

/** What the organisations page says. */
export const ORGANISATIONS_PAGE_TEXT = {
  title: 'Organisations',
  loading: 'Loading organisations…',
  loadFailed: 'Your organisations could not be loaded.',
  training: 'Organisations you run',
  trainingEmpty:
    'You do not run an organisation yet. Create one to invite trainees and assign them scenarios.',
  createOrganisation: 'Create organisation',
  organisationName: 'Organisation name',
  cohortName: 'Cohort name',
  createCohort: 'Create cohort',
  noCohorts: 'No cohorts yet. Create one, then invite trainees to it.',
  members: (n: number) => (n === 1 ? '1 member' : `${n} members`),
  /** Beside a cohort's name: members now, and those who left (whose rows stay in the table). */
  membersAndFormer: (members: number, former: number) => {
    const now = members === 1 ? '1 member' : `${members} members`;
    if (former === 0) return now;
    const left = `${former} left`;
    // "0 members" beside rows of people who left reads as if the table were wrong.
    return members === 0 ? `No current members, ${left}` : `${now}, ${left}`;
  },
  rename: 'Rename',
  renameWhich: (name: string) => `Rename ${name}`,
  newName: 'New name',
  save: 'Save',
  cancel: 'Cancel',
  renamed: (name: string) => `Renamed to ${name}.`,
  deleteOrganisation: 'Delete organisation',
  deleteCohort: 'Delete cohort',
  deleteButton: 'Delete',
  confirmDeleteOrganisationTitle: (name: string) => `Delete the organisation ${name}?`,
  confirmDeleteOrganisation:
    'Its cohorts, invites and assignments are deleted, and so are the scores and comments written for it. Trainees keep every conversation they had, with the AI scores. Scenarios shared with it become private to their author again. This cannot be undone.',
  confirmDeleteCohortTitle: (name: string) => `Delete the cohort ${name}?`,
  confirmDeleteCohort:
    'Its members leave it, and its invites, assignments and results table are deleted. Trainees keep every conversation they had, and the scores and comments you wrote stay on them. This cannot be undone.',
  deleted: (name: string) => `Deleted ${name}.`,
  cohortViews: 'Cohort views',
  tabResults: 'Results',
  tabSummary: 'Class summary',
  openMember: (name: string) => `${name}: every conversation while a member`,
  scrollHint: 'Scroll sideways to see every assignment.',
  invites: 'Invites',
  noInvites: 'No invites yet.',
  inviteDays: 'Days the invite stays valid',
  createInvite: 'Create invite',
  inviteLink: 'Invite link',
  inviteCode: 'Code',
  copyLink: 'Copy link',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  revoke: 'Revoke',
  expires: 'Expires',
  expired: 'Expired',
  revoked: 'Revoked',
  daysInvalid: (max: number) => `Enter a whole number of days from 1 to ${max}.`,
  assign: 'Assign a scenario',
  scenario: 'Scenario',
  chooseScenario: 'Choose a scenario…',
  dueDate: 'Due date (optional)',
  assignButton: 'Assign',
  assigned: 'Assigned.',
  chooseFirst: 'Choose a scenario to assign.',
  dueInvalid: 'Enter the due date as a date.',
  dueOutOfRange: (min: number, max: number) => `Enter a due date from ${min} to ${max}.`,
  table: 'Cohort results',
  tableLoading: 'Loading the cohort table…',
  tableFailed: 'The cohort table could not be loaded.',
  noMembers: 'No trainees have joined this cohort yet. Share an invite link with them.',
  noAssignments: 'Nothing assigned yet. Assign a scenario to see results here.',
  assignedScenarios: 'Assigned scenarios',
  due: 'Due',
  remove: 'Remove',
  /** Read after "Remove" (visually hidden): the button's full name. */
  removeWhich: (title: string) => `assignment ${title}`,
  confirmRemove: (title: string) =>
    `Remove ${title} from this cohort? Trainees keep the conversations they have had, but it leaves their Assigned list and this table.`,
  removed: (title: string) => `Removed ${title}.`,
  trainee: 'Trainee',
  done: 'Done',
  average: 'Average',
  trend: 'Trend',
  /** A trainee who left the organisation; their work from while a member stays (023). */
  left: 'Left',
  overridden: "trainer's score",
  exportCsv: 'Export CSV',
  sortBy: (column: string) => `Sort by ${column}`,
  open: (name: string, title: string) => `Open ${name}'s conversation for ${title}`,
  memberships: 'Your cohorts',
  membershipsEmpty:
    'You are not in any cohort. A trainer sends you an invite link or code to join one.',
  organisation: 'Organisation',
  cohort: 'Cohort',
  joined: 'Joined',
  leave: 'Leave organisation',
  confirmLeave: (name: string) =>
    `Leave ${name}? Your trainer will no longer see the work you do from now on.`,
} as const;

/** A cohort member's conversations, as their trainer opens them from the cohort table. */
export const COHORT_MEMBER_TEXT = {
  title: 'Trainee',
  titleOf: (name: string) => `${name}'s conversations`,
  loading: 'Loading conversations…',
  loadFailed: 'The conversations could not be loaded.',
  back: 'Back to Organisations',
  intro:
    'Every conversation they started while a member of this cohort, assigned or not. Work from before they joined or after they left is not shown.',
  since: (date: string) => `Member since ${date}`,
  between: (from: string, to: string) => `Member from ${from} to ${to}`,
  empty: 'No conversations yet while a member of this cohort.',
  conversations: 'Conversations',
  scenario: 'Scenario',
  started: 'Started',
  kind: 'Set as',
  score: 'Score',
  assigned: 'Assigned',
  practice: 'Own practice',
  inProgress: 'In progress',
  notGraded: 'Not graded',
  open: (title: string, date: string) => `Open ${title}, started ${date}`,
  remove: 'Remove from cohort',
  confirmRemoveTitle: (name: string) => `Remove ${name} from this cohort?`,
  confirmRemove:
    'They leave the cohort now, as if they had left it themselves. You keep reading the work they did while a member, but nothing they start from now on; their row stays in the table, marked. Their conversations stay theirs. A live invite still lets them join again: revoke it if it should not.',
  removed: (name: string) => `${name} was removed from this cohort.`,
} as const;

/** A cohort's class summary: what the class does well and what it misses. */
export const CLASS_SUMMARY_TEXT = {
  loading: 'Loading the class summary…',
  failed: 'The class summary could not be loaded.',
  empty:
    'No graded conversations yet. The summary fills in as members of this cohort finish conversations.',
  intro: (conversations: number, trainees: number) =>
    `Over ${conversations} graded ${conversations === 1 ? 'conversation' : 'conversations'} by ${trainees} ${trainees === 1 ? 'trainee' : 'trainees'}, started while members of this cohort.`,
  scores: 'Average scores',
  score: 'Score',
  average: 'Average',
  consent: 'Informed consent',
  consentIntro: (debriefed: number) =>
    `How often each item was met, over the ${debriefed} ${debriefed === 1 ? 'conversation' : 'conversations'} with a debrief.`,
  item: 'Item',
  noDebrief:
    'None of these conversations has a debrief (they were graded before debriefs existed), so there is no consent checklist or hidden concern to summarise.',
  missed: 'Concerns most often missed',
  missedIntro: 'Hidden concerns the patient never revealed: worth teaching how to open them.',
  missedNone: 'No hidden concern was missed.',
  missedOf: (missed: number, of: number) =>
    `Missed in ${missed} of ${of} ${of === 1 ? 'conversation' : 'conversations'}`,
} as const;

/** The trainer's read-only review of a member's conversation. */
export const TRAINER_REVIEW_TEXT = {
  title: 'Review conversation',
  loading: 'Loading conversation…',
  back: 'Back to Organisations',
  trainee: 'Trainee',
  transcript: 'Transcript',
  readOnly: 'Read only: you are reviewing this conversation, not taking part in it.',
  noMessages: 'No messages found for this conversation.',
  notEnded: 'This conversation has not been graded yet.',
  viewFeedback: 'View Feedback',
  overrideTitle: 'Override score',
  overallScore: 'Overall score',
  overrideHint:
    "Change the overall score, and any skill's, with a reason for each. A skill left on the AI's score keeps it.",
  keepAi: (ai: string) => `Keep the AI's (${ai})`,
  keepNone: "Keep the AI's",
  skillScores: 'Skill scores',
  skillComment: (skill: string) => `Why ${skill}`,
  skillScore: (skill: string) => `${skill} score`,
  skillCommentRequired: (skill: string) => `Say why ${skill} differs from the AI's score.`,
  currentOverride: 'Current override',
  score: 'Overall score (1 to 10)',
  comment: 'Comment',
  commentRequired: 'A comment is required: say why the score differs.',
  scoreInvalid: 'Choose a score from 1 to 10.',
  saveOverride: 'Save score',
  saved: 'Saved.',
  addComment: 'Add comment',
  commentOnTurn: (turn: number | null, role: 'user' | 'assistant') =>
    `Comment on ${turnPlace(turn, role)}`,
  postComment: 'Post comment',
  cancel: 'Cancel',
  trainee_said: 'Trainee',
  patient_said: 'Patient',
} as const;

/** What the trainer's review says wherever it shows (the trainee's detail, the trainer's page). */
export const REVIEW_TEXT = {
  scores: 'Scores',
  aiScore: 'AI score',
  trainerScore: "Trainer's score",
  /** When trainers of several organisations scored it (decision 026), each names its own. */
  trainerScoreOf: (organisation: string) => `Trainer's score (${organisation})`,
  by: (name: string, organisation: string) => `by ${name}, ${organisation}`,
  comments: (turn: number | null, role: 'user' | 'assistant') =>
    `Trainer's comments on ${turnPlace(turn, role)}`,
  commentFrom: (name: string, organisation: string) => `Comment from ${name} (${organisation})`,
  /** The counted score with the AI's beside it (decision 043), e.g. "9/10 · AI 4/10". */
  aiBeside: (ai: string) => `AI ${ai}`,
  skillScores: 'Skill scores',
  /** A score of an organisation that did not set the work (decision 026). */
  notCounted: 'Shown, not counted: this organisation did not set this scenario.',
} as const;

/** Your data, yours to take or delete (issue 27, decision 045): the account page's own sections. */
export const MY_DATA_TEXT = {
  // Deleting a conversation (history list and its report page).
  deleteConversation: 'Delete conversation',
  deleteConversationOf: (title: string) => `Delete conversation: ${title}`,
  deleteConversationTitle: 'Delete this conversation?',
  deleteConversationBody:
    'Its transcript, recordings, feedback and debrief, and any trainer’s score and comments on it, are deleted for good. Conversations branched from it are kept.',
  deleteConversationConfirm: 'Delete for good',
  deletingConversation: 'Deleting the conversation',
  conversationOpen: 'This conversation is still open. End it before deleting it.',
  deleteConversationFailed: 'The conversation could not be deleted. Please try again.',
  cancel: 'Cancel',

  // Download my data.
  exportTitle: 'Your data',
  exportBody:
    'Download everything of yours as one ZIP file: your account, conversations with their transcripts, feedback, debriefs and reviews, the scenarios you wrote, and your kept recordings.',
  exportButton: 'Download my data',
  exporting: 'Preparing your download',
  exportRunning: 'Your data is already being prepared. Wait for that download to finish.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  exportFileName: (date: string) => `chairtalk-data-${date}.zip`,
  archiveReadme: (exportedAt: string) =>
    [
      'ChairTalk: everything of yours',
      `Made ${exportedAt}.`,
      '',
      'README.txt            This file.',
      'account.json          Your account: name, email, and whether recordings of your voice turns are kept.',
      'organisations.json    The cohorts you are in, and the organisations you run with their cohorts and invites.',
      'scenarios.json        The scenarios you wrote, in the file format that My scenarios can import.',
      'conversations/        One file per conversation (start date, then its id): the scenario as practised,',
      '                      every message, the feedback and debrief, the conversation it branched from,',
      "                      every trainer's score and comments, and the names of its recordings.",
      'recordings/           Kept audio of spoken turns, one folder per conversation, one file per message',
      '                      (your words and the patient’s reply). Expired recordings are not included.',
      '',
    ].join('\n'),

  // Recordings.
  recordingsTitle: 'Recordings',
  keepRecordingsLabel: 'Keep recordings of my voice turns',
  keepRecordingsHelp: (days: number) =>
    `When on, the audio of your spoken turns and the patient’s replies is kept for ${days} ${days === 1 ? 'day' : 'days'} so you can replay them. Turning it off keeps no new audio; recordings already kept stay until they expire or you delete their conversation.`,
  recordingsOffEverywhere: 'This server keeps no recordings of voice turns.',
  recordingsSaved: 'Saved.',
  recordingsFailed: 'The setting could not be saved. Please try again.',
  /** Said once in the conversation when the microphone starts (voice mode). */
  recordingNoticeOn: (days: number) =>
    `Your voice turns are recorded and kept for ${days} ${days === 1 ? 'day' : 'days'} so you can replay them. To stop this, turn off “Keep recordings of my voice turns” on your account page.`,
  recordingNoticeOff:
    'Your voice turns are not recorded: “Keep recordings of my voice turns” is off on your account page.',
  accountPageLink: 'Account page',

  // Delete my account.
  deleteAccountTitle: 'Delete account',
  deleteAccountBody:
    'Deleting your account deletes everything of yours for good: conversations, recordings, feedback, scenarios you wrote and organisations you run. Download your data first if you want to keep it.',
  deleteAccountButton: 'Delete my account',
  deleteAccountDialogTitle: 'Delete your account for good?',
  deleteAccountDialogBody:
    'This cannot be undone. Organisations you run are deleted with their cohorts, and the scores and comments written for them. Scenarios you wrote that others practised are kept only for their conversations.',
  deleteAccountPassword: 'Your password',
  deleteAccountConfirm: 'Delete my account',
  deletingAccount: 'Deleting your account',
  passwordRequired: 'Enter your password to delete your account.',
  deleteAccountFailed: 'Your account could not be deleted. Please try again.',
  /** On the sign-in page afterwards. */
  accountDeleted: 'Your account has been deleted.',
} as const;

/** Conversation languages (decision 048). */
export const LANGUAGE_TEXT = {
  /** The start refused without an AI provider; `language` is the language's English name. */
  needsProvider: (language: string) =>
    `Conversations in ${language} need an AI provider: set OPENAI_API_KEY on the server. The built-in patient speaks English only.`,
  needsProviderGeneric:
    'Conversations in this language need an AI provider: set OPENAI_API_KEY on the server. The built-in patient speaks English only.',
  /** The Language field of the authoring form. */
  scenarioLanguageLabel: 'Language',
  scenarioLanguageHelp: 'The language the patient speaks and the opening line is written in.',
  /** The picker beside the start of a conversation. */
  conversationLanguageLabel: 'Conversation language',
  /** Under the picker when the chosen language is not the scenario's. */
  translatedOpening: 'The patient’s opening line is translated when the conversation starts.',
  /** The scenario screen's detail line. */
  scenarioLanguage: (name: string) => `Language: ${name}`,
  /** A language picked after the clinician has spoken: the conversation keeps its own. */
  underWay: 'This conversation has started, so it stays in its language.',
  /** The opening line could not be translated when the conversation started. */
  startFailed: (language: string) =>
    `The conversation could not be started in ${language}. Please try again.`,
} as const;
