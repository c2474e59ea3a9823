/**
 * The English catalogue: the source of every sentence the interface and the mail say
 * (decision 049). The spec's fixed strings are quoted exactly (tests/unit/shared/i18n checks
 * them). Format: i18next's, one section per `X_TEXT` of shared/text.ts, `{{name}}` for a value,
 * `_one`/`_other` for a sentence that changes with `count`, `$t(section.key)` for a sentence
 * said the same as another. A key holding an object of variants belongs to a function of
 * shared/text.ts that chooses between them.
 */
export const en = {
  common: {
    /** Spec §8 'Login': the error message returned, or this. Also the last resort everywhere. */
    cancel: 'Cancel',
    /** A spinner's words while a confirmed action runs. */
    working: 'Working…',
    genericError: 'An error occurred',
    languageLabel: 'Language',
    /** Where a line sits in a conversation (decision 043). */
    turnPlace: {
      opening: "the patient's opening",
      turn: 'turn {{turn}}',
      reply: "the patient's reply in turn {{turn}}",
    },
    /** A size the way people say it: '512 KB', '1.5 MB'. */
    sizeKb: '{{value}} KB',
    sizeMb: '{{value}} MB',
    /** The product's name, the same in every language. */
    productName: 'ChairTalk',
  },

  /** The app's frame: pages loading, a session being checked, an address with nothing at it. */
  page: {
    loading: 'Loading the page',
    checkingSession: 'Checking your session',
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is nothing at this address.',
    goToDashboard: 'Go to the dashboard',
  },

  dashboard: {
    /** Spec §2 dashboard: its heading, read by screen readers, and its three tabs. */
    title: 'Dashboard',
    sections: 'Dashboard sections',
    tabs: {
      scenarios: 'Practice Scenarios',
      progress: 'Your Progress',
      history: 'Conversation History',
    },
    /** While a tab's code arrives. */
    loadingTab: {
      scenarios: 'Loading Practice Scenarios',
      progress: 'Loading Your Progress',
      history: 'Loading Conversation History',
    },
    /** The top bar: the app's sections and signing out. */
    navLabel: 'Main',
    nav: {
      practice: 'Practice',
      organisations: 'Organisations',
      account: 'Account',
    },
    logout: 'Logout',
  },

  /** shared/format.ts: what stands in for a date or a duration. */
  format: {
    notAvailable: 'N/A',
    unknownDuration: 'Unknown duration',
    lessThanMinute: 'Less than a minute',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
  },

  request: {
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
  },

  /**
   * The API contracts' field rules (shared/api/*.ts, shared/protocol.ts): "field: rule" for API
   * callers, the field named as the JSON names it (never translated), the rule in the reader's
   * language. Also the generic words of a body that does not parse (server/http/validate.ts).
   */
  input: {
    required: '{{field}}: required',
    atMostChars: '{{field}}: at most {{max}} characters',
    oneLine: '{{field}}: one line, no control or text-direction characters',
    safeText: '{{field}}: no control or text-direction characters',
    lettersAndDigits: '{{field}}: letters and digits only',
    wholeNumberBetween: '{{field}}: a whole number from {{min}} to {{max}}',
    between: '{{field}}: {{min}} to {{max}}',
    dateTime: '{{field}}: a date and time',
    dateBetween: '{{field}}: a date from {{min}} to {{max}}',
    notASkill: '{{field}}: not a skill of the rubric',
    skillList: '{{field}}: a list of skill scores',
    eachSkillOnce: '{{field}}: each skill at most once',
    notFound: '{{field}}: not found',
    atLeastOneId: '{{field}}: at least one id',
    atMostIds: '{{field}}: at most {{max}} ids',
    isRequired: '{{field}} is required',
    mustBeString: '{{field}} must be a string',
    mustBeNumber: '{{field}} must be a number',
    mustBeWhole: '{{field}} must be a whole number',
    mustBeAtLeast: '{{field}} must be at least {{min}}',
    mustBeAtMost: '{{field}} must be at most {{max}}',
    mustBeSessionId: '{{field}} must be a session id',
    isTooLong: '{{field}} is too long',
    badCharacters: '{{field}} contains characters that are not allowed.',
    unexpectedField: 'Unexpected field: {{fields}}',
    expectedObject: 'Expected a JSON object',
    invalid: 'Invalid request',
    /** An authored scenario's problems, all at once: "2 problems: path: rule; path: rule". */
    problems_one: '{{count}} problem',
    problems_other: '{{count}} problems',
    /** A field of a scenario file that is not there at all. */
    missing: 'required',
  },

  auth: {
    signInRequired: 'Please sign in to continue.',
    wrongCredentials: 'Invalid email or password',
    emailTaken: 'An account with this email already exists. Please sign in.',
    slowDown: 'Too many attempts. Please wait a few minutes and try again.',
    tooManyAttempts_one: 'Too many attempts. Please wait {{count}} minute and try again.',
    tooManyAttempts_other: 'Too many attempts. Please wait {{count}} minutes and try again.',
    forgotPassword: 'Forgot your password?',
    resetTitle: 'Reset your password',
    resetIntro:
      "Enter your account's email address and we'll send you a link to choose a new password.",
    resetSend: 'Send reset link',
    resetSent:
      "If an account uses that address, we've emailed it a link to choose a new password. The link works once, for {{minutes}} minutes.",
    newPasswordTitle: 'Choose a new password',
    newPassword: 'New password',
    savePassword: 'Save new password',
    resetDone:
      "Your password is changed and you're signed out everywhere. Sign in with your new password.",
    resetLinkInvalid: 'This reset link has expired or has already been used. Ask for a new one.',
    tooManyResets: 'Too many reset requests. Please wait an hour and try again.',
    backToSignIn: 'Back to sign in',
    tagline: 'AI-powered sales training for dental professionals',
    /** The sign-in and sign-up form (spec §2 login screen). */
    signInPageTitle: 'Sign in',
    signInTitle: 'Sign In',
    signUpTitle: 'Create Account',
    fullNameLabel: 'Full name',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    passwordHint: 'At least 8 characters.',
    haveAccount: 'Already have an account?',
    noAccount: "Don't have an account?",
    switchToSignIn: 'Sign in',
    switchToSignUp: 'Sign up',
    /** Spec §2 top bar: who is signed in, when they have neither a name nor an address. */
    userFallback: 'User',
    /** What the account fields' rules say (shared/api/auth.ts, account.ts). */
    field: {
      emailRequired: 'Email is required',
      emailTooLong: 'Email is too long',
      emailInvalid: 'Enter a valid email address',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters',
      passwordTooLong: 'Password must be at most 128 characters',
      currentPasswordRequired: 'Current password is required',
      fullNameRequired: 'Full name is required',
      fullNameUnsafe: 'Full name contains characters that are not allowed',
      fullNameTooLong: 'Full name must be at most 200 characters',
      inviteRequired: 'Invite code is required',
      inviteTooLong: 'Invite code is too long',
      inviteCharacters: 'Invite code: letters and digits only',
    },
  },

  mail: {
    resetSubject: 'Reset your ChairTalk password',
    resetBody:
      "Someone (we hope you) asked to reset the password of your ChairTalk account.\n\nTo choose a new password, open this link within {{minutes}} minutes. It works once:\n{{link}}\n\nIf you didn't ask, you can ignore this mail: your password stays as it is.",
    verifySubject: 'Confirm your email address for ChairTalk',
    verifyBody:
      "Please confirm that this is your address for ChairTalk.\n\nOpen this link within {{hours}} hours. It works once:\n{{link}}\n\nIf you didn't sign up or change your address on ChairTalk, you can ignore this mail.",
    inviteSubject: '{{trainer}} invited you to practise with {{organisation}} on ChairTalk',
    inviteBody:
      "{{trainer}} invited you to join {{cohort}} at {{organisation}} on ChairTalk, where you practise conversations with simulated dental patients.\n\nTo join, open this link by {{expires}}:\n{{link}}\n\nIf you don't know this person, you can ignore this mail.",
    dueSoonSubject: 'Due soon on ChairTalk: {{title}}',
    overdueSubject: 'Overdue on ChairTalk: {{title}}',
    reminderBody: {
      due_soon: '"{{title}}" is due by {{due}}, set for {{cohort}} at {{organisation}}.',
      overdue:
        '"{{title}}" was due by {{due}}, set for {{cohort}} at {{organisation}}, and is not done yet.',
      body: 'Hello {{name}},\n\n{{status}}\n\nPractise it here:\n{{link}}\n\nYour trainer chose when these reminders are sent. You get one before the due date and one once it has passed.',
    },
    changeNoticeSubject: 'Your ChairTalk email address is being changed',
    changeNoticeBody:
      "Someone signed in to your ChairTalk account asked to change its email address to {{email}}.\n\nThe address changes only when the link we sent there is opened.\n\nIf this wasn't you, sign in and change your password now, then sign out everywhere from your account page.",
    /** How a date reads in mail: in UTC, said so, since a mail has no time zone of its own. */
    date: '{{date}}, {{time}} UTC',
  },

  account: {
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
    unverifiedNote:
      "We sent a link to {{email}} to confirm it's yours. Until then, ChairTalk sends you no mail but that link and password resets.",
    sendAgain: 'Send the link again',
    sentAgain: "We've sent a new link to {{email}}. It works once, for {{hours}} hours.",
    newEmailLabel: 'New email address',
    currentPasswordLabel: 'Current password',
    changeEmail: 'Change email address',
    pendingEmail:
      'Waiting for you to open the link we sent to {{email}}. Your address changes only then.',
    changeRequested:
      "We've sent a link to {{email}}. Open it within {{hours}} hours to make it your address. We've told your current address too.",
    passwordTitle: 'Password',
    newPasswordLabel: 'New password',
    changePassword: 'Change password',
    passwordChanged: "Your password is changed. You're signed out on every other device.",
    sessionsTitle: 'Signed-in devices',
    sessionsIntro:
      'Lost a phone, or signed in on a shared computer? Sign out everywhere, this device included.',
    signOutEverywhere: 'Sign out everywhere',
    signOutEverywhereTitle: 'Sign out on every device?',
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
    verifyDone: '{{email}} is confirmed as your address.',
    verifyLinkInvalid:
      'This link has expired, has already been used, or was replaced by a newer one. Send a new one from your account page.',
    goToAccount: 'Go to your account',
    bannerText: 'Confirm your email address: we sent a link to {{email}}.',
    languageTitle: 'Language',
    languageIntro: 'The language of ChairTalk’s pages and of the mail it sends you.',
    languageSaved: 'Language saved.',
    languageFailed: 'The language could not be saved. Please try again.',
  },

  courseMail: {
    emailInvite: 'Email this invite',
    addressesLabel: 'Email addresses',
    addressesHint: 'One or more addresses, separated by commas, spaces or new lines (up to 50).',
    send: 'Send invites',
    sent_one: 'Invite sent to {{count}} address.',
    sent_other: 'Invite sent to {{count}} addresses.',
    noAddresses: 'Enter at least one email address.',
    tooManyAddresses: 'Enter at most {{max}} addresses at a time.',
    badAddress: '"{{address}}" is not a valid email address.',
    unverified:
      'Confirm your own email address before inviting by email: the invite names you. You can send the link again from your account page.',
    inviteNotLive: 'This invite has expired or was revoked. Make a new one to send.',
    tooManyInvites: 'Too many invites sent in the last hour. Please wait and try again.',
    remindersLabel: 'Email reminders',
    remindersOff: 'Off',
    remindersBefore: {
      days_one: '{{count}} day before the due date, and once overdue',
      days_other: '{{count}} days before the due date, and once overdue',
      hours: '{{hours}} hours before the due date, and once overdue',
    },
    remindersSaved: 'Reminder setting saved.',
    /** A reminder time the page does not offer (shared/api/courseMail.ts). */
    remindersChoose: 'Choose one of the offered reminder times',
    remindersNote: 'Only trainees who confirmed their address are reminded, once each time.',
  },

  password: {
    weak: 'This password is too easy to guess. Choose another.',
    common: 'This password is one of the most common. Choose one that is harder to guess.',
    sequence: 'This password is a simple sequence. Choose one that is harder to guess.',
    repeated: 'This password repeats the same few characters. Choose one that is harder to guess.',
    blank: 'A password cannot be only spaces.',
    email: 'A password cannot contain your email address.',
    service: 'A password cannot contain the name ChairTalk.',
  },

  scenario: {
    /** Spec §8. */
    notFound: 'Scenario not found',
    /** Spec §8. */
    loadFailed: 'Error loading scenario',
    noneInLibrary: 'No scenarios found. Please create some scenarios in your ChairTalk database.',
    noneMatch:
      'No scenarios match your current filters. Try different search terms or difficulty level.',
    /** Spec §2 Tab 1, Practice Scenarios: the browser's heading, search and filters. */
    browserTitle: 'Choose a Scenario to Practice',
    searchLabel: 'Search scenarios',
    searchPlaceholder: 'Search scenarios (e.g. crown, whitening, bridge)',
    difficultyFilter: 'Filter by Difficulty',
    allDifficulties: 'All Difficulties',
    clearFilters: 'Clear All Filters',
    loading: 'Loading scenarios...',
    /** A difficulty as a name (badges, the filter), and inside the found line. */
    difficulty: {
      beginner: 'Beginner',
      intermediate: 'Intermediate',
      advanced: 'Advanced',
    },
    difficultyInLine: {
      beginner: 'beginner',
      intermediate: 'intermediate',
      advanced: 'advanced',
    },
    /** A difficulty missing from a history entry. */
    unknownDifficulty: 'Unknown',
    /** Spec §2 Tab 1: 'Found N [level] scenarios matching ...' while a filter is active. */
    found: {
      level_one: 'Found {{count}} {{level}} scenario',
      level_other: 'Found {{count}} {{level}} scenarios',
      search_one: 'Found {{count}} scenario matching "{{search}}"',
      search_other: 'Found {{count}} scenarios matching "{{search}}"',
      both_one: 'Found {{count}} {{level}} scenario matching "{{search}}"',
      both_other: 'Found {{count}} {{level}} scenarios matching "{{search}}"',
    },
    /** A scenario's card. */
    concerns: 'Patient concerns',
    noConcerns: 'None listed',
    category: 'Category',
    skills: 'Skills',
    /** Spec §2 Tab 1: the fixed skills line on every card. */
    skillsLine: 'Empathy, Clarity, Persuasion',
    start: 'Start Conversation',
  },

  conversation: {
    /** Spec §8 'Session creation': the server refused. */
    createFailed: 'Failed to create conversation session',
    /** Spec §8 'Session creation': no usable answer. */
    initFailed: 'Error initializing conversation',
    /** Spec §8 'Conversation detail'. */
    notFound: 'Conversation not found',
    replyCutShort: 'Reply cut short',
    /** Spec §8 'Conversation detail'. */
    detailFailed: 'Could not load conversation details',
    /** Spec §8 'Chat reply failure'. */
    replyFailed: "I apologize, but I'm having trouble responding right now.",
    ended: 'This conversation has ended.',
    busy: 'Please wait for the patient to finish replying.',
    noReply: 'The patient did not answer. Please try sending your message again.',
    gone: 'This conversation is no longer available. Please go back to the dashboard.',
    messageNotFound: 'Message not found',
    tooLong: 'Messages can be at most {{maxChars}} characters.',
    blank: 'Message cannot be blank.',
    /** A socket turn without its text (shared/protocol.ts). */
    textRequired: 'Message text is required',
    badCharacters: 'Message contains characters that are not allowed.',
    quotaReached:
      'You have reached the hourly practice limit. Please take a break and try again later.',
    turnQuota:
      'You have reached the practice limit of {{perHour}} messages per hour. Please take a break and try again later.',
    concurrentTurns: 'Too many conversations are replying at once. Please wait for one to finish.',
    hintFailed: 'Could not get a hint right now. Please try again.',
    hintsUsedUpGeneric: 'You have used all your hints for this hour. Try again later.',
    hintsUsedUp_one:
      'You have used all {{count}} hint for this hour. Try again later, or carry on without one.',
    hintsUsedUp_other:
      'You have used all {{count}} hints for this hour. Try again later, or carry on without one.',
    aiBudgetUsedUpGeneric:
      "You have used this hour's AI allowance (replies, voice, hints and feedback). Everything so far is saved: please try again later.",
    aiBudgetUsedUp_one:
      "You have used this hour's AI allowance (replies, voice, hints and feedback). Everything so far is saved: please try again in {{count}} minute.",
    aiBudgetUsedUp_other:
      "You have used this hour's AI allowance (replies, voice, hints and feedback). Everything so far is saved: please try again in {{count}} minutes.",
    /** The conversation screen around the chat (decision 049: the sweep of issue 28). */
    screen: {
      documentTitle: 'Scenario',
      leaving: 'Taking you back to the dashboard…',
      goNow: 'Go now',
      loading: 'Loading scenario...',
      back: 'Back to Dashboard',
      profileTitle: 'Patient profile',
      keyConcerns: 'Key concerns',
      noConcerns: 'None listed.',
      rubricTitle: "How you'll be scored",
      rubricIntro: 'Each skill is scored from 1 to 10. The report shows which of these you met.',
      /** Spec §2 chat panel, shared/conversation.ts `concernsLine`. */
      concernsLine: {
        listed: 'Patient is concerned about {{concerns}}',
        none: 'Patient is concerned about various issues',
      },
      resources: 'Resources',
      /** The corner label of the X-ray drawing: right side, tooth 36. */
      xrayLabel: 'R · 36',
      /** shared/illustrations.ts: the Resources panel's caption of each picture. */
      resourceCaption: {
        rootCanal: 'Root canal X-ray',
        crown: 'Dental crown',
        veneer: 'Porcelain veneers',
        whitening: 'Teeth whitening',
        implant: 'Dental implant',
        examination: 'Dental examination',
      },
      hint: 'Hint',
      hintUnavailable: 'Hint unavailable',
      dismissHint: 'Dismiss hint',
      generating: 'Generating feedback from your conversation...',
      mayTakeMoment: 'This may take a moment',
    },
    chat: {
      title: 'Conversation with Patient: {{title}}',
      /** Followed by a link to the original conversation. */
      branchNote:
        'You are trying another answer: this conversation starts again from one of your turns in',
      branchNoteLink: 'the original conversation',
      options: 'Conversation options',
      streaming: 'Streaming',
      avatar: 'Avatar',
      resources: 'Resources',
      /** Spec §2: a pill reads "{label} ON" or "{label} OFF". */
      pillOn: '{{label}} ON',
      pillOff: '{{label}} OFF',
      voiceMode: 'Voice Mode',
      reconnecting: 'Connection lost. Reconnecting… Your messages are kept and will be sent.',
      start: 'Start Conversation',
      starting: 'Starting your conversation...',
      dismiss: 'Dismiss',
      endedNote: 'This conversation has ended. Its feedback is in your history.',
      getHint: 'Get hint',
      end: 'End conversation & get feedback',
      endHelp:
        'Exchange a few messages with the patient, then end the conversation to get your feedback.',
    },
    messages: {
      label: 'Conversation messages',
      replying: 'Patient is replying…',
      youSaid: 'You said:',
      patientSaid: 'Patient said:',
      notSaved: 'Not saved',
      readAloud: 'Read aloud',
      stopReading: 'Stop reading aloud',
      notSent: 'Not sent.',
      retry: 'Retry',
      edit: 'Edit',
      sending: 'Sending…',
    },
    composer: {
      label: 'Your message to the patient',
      placeholder: 'Type your message... (or click the microphone to speak)',
      keys: 'Press Enter to send, Shift+Enter for a new line.',
      /** After "120 / 2,000", read by screen readers only. */
      characters: 'characters',
      dictate: 'Dictate with the microphone',
      stopDictation: 'Stop dictation',
      send: 'Send',
      recording: 'Recording… click the microphone again when you are done.',
      transcribing: 'Transcribing…',
    },
  },

  branch: {
    tryAnother: 'Try another answer here',
    tryAnotherAt: 'Try another answer here (your turn {{turn}})',
    notATurn: "A new answer can only start from one of your own turns, not the patient's.",
    failed: 'Could not start another answer right now. Please try again.',
    originalNotGraded:
      'The original conversation has not been graded yet, so there are no scores to compare.',
    tooManyGeneric: 'You have tried enough other answers for this hour. Please try again later.',
    tooMany_one:
      'You can try {{count}} other answer an hour, and have used them all. Please try again later.',
    tooMany_other:
      'You can try {{count}} other answers an hour, and have used them all. Please try again later.',
    comparedTitle: 'Compared with the original',
    startsFrom: 'This answer starts again from your turn {{turn}}.',
    openOriginal: 'Open the original conversation',
    tableCaption: 'Scores of the original conversation and of this answer, skill by skill',
    columns: { skill: 'Skill', original: 'Original', branch: 'This answer', change: 'Change' },
    /** After a change in the table, for screen readers. */
    direction: { up: 'higher', down: 'lower', same: 'no change' },
  },

  frame: {
    notJson: 'Messages must be JSON.',
    unknownType: 'Unknown message type.',
    invalid: 'Invalid message.',
    noStream: 'Audio arrived without a recording being started.',
    afterStream: 'Audio arrived after its recording had ended.',
    streamOpen: 'A recording is already being sent. Finish or cancel it first.',
    otherStream: 'That is not the recording being sent.',
    noStreamToEnd: 'There is no recording being sent to finish or cancel.',
    frameNoHeader: 'A piece of audio was too short to carry its sequence number.',
    frameTooLarge: 'A piece of audio was longer than {{maxMs}} ms.',
    frameNotPcm: 'The audio is a file, not raw 16 kHz PCM16 samples.',
    frameHalfSample: 'A piece of audio ended in the middle of a sample.',
    frameOutOfOrder:
      'Audio arrived out of order (piece {{got}} where {{expected}} was expected). Please try again.',
    framesMissing:
      'The recording arrived incomplete ({{received}} of {{announced}} pieces). Please try again.',
  },

  feedback: {
    /** Spec §8. */
    failed: 'Error generating feedback. Please try again.',
    /** Spec §8. */
    tooShort:
      'The conversation is too short to generate meaningful feedback. Please continue the conversation.',
    partlyRead: "These scores come from a fallback: the grader's answer could not be read in full.",
    defaultScores:
      'These are default scores: the grader could not assess this conversation, so every score is 5.',
    title: 'Conversation Feedback',
    close: 'Close feedback',
    scoresTitle: 'Performance Scores',
    strengths: 'Strengths',
    areasForImprovement: 'Areas for Improvement',
    suggestedTitle: 'Suggested Alternative Responses',
    print: 'Print',
    closeButton: 'Close',
    /** Spec §2: the second button right after a conversation. */
    tryAnother: 'Try Another Scenario',
    /** A quote from the transcript, in the report and the debrief. */
    quoted: '"{{quote}}"',
    youSaid: '— you said',
  },

  debrief: {
    title: 'Debrief',
    turnByTurn: 'Turn by turn',
    turn: { opening: 'Opening', numbered: 'Turn {{n}}' },
    you: 'You',
    patient: 'Patient',
    notesOnTurn: { opening: 'Notes on the opening', numbered: 'Notes on turn {{n}}' },
    reactionsOnTurn: {
      opening: "Patient's reaction at the opening",
      numbered: "Patient's reaction in turn {{n}}",
    },
    noteOn: 'on',
    goodNote: 'Went well',
    concernNote: 'Worth another look',
    thinking: 'What the patient was thinking',
    stateTitle: "The patient's trust, anxiety and readiness",
    estimated: 'estimated by the AI grader',
    stateSeries: { trust: 'Trust', anxiety: 'Anxiety', readiness: 'Readiness to go ahead' },
    stateSummary_one:
      'Line chart over {{count}} patient line. At the end: trust {{trust}}%, anxiety {{anxiety}}%, readiness {{readiness}}%.',
    stateSummary_other:
      'Line chart over {{count}} patient lines. At the end: trust {{trust}}%, anxiety {{anxiety}}%, readiness {{readiness}}%.',
    hiddenTitle: 'Hidden concerns',
    uncoveredAt: { opening: 'Uncovered at the opening', numbered: 'Uncovered at turn {{n}}' },
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
    flagAt: { opening: 'the opening', numbered: 'turn {{n}}' },
    persuasionWithoutConsent:
      'High persuasion with poor consent: you moved the patient, but the decision was not fully informed or freely made. Persuasion should never cost the patient their choice.',
  },

  /**
   * The offline scorer's report (server/ai/offline/): written in the reader's language, while
   * the clinician's quotes, the scenario's own words and the lines to say to the patient stay in
   * the conversation's language. `who` is the person in the chair, in the forms a sentence needs
   * (`to` and `of` are the same words in English; Spanish contracts "a el" and "de el").
   */
  offlineReport: {
    who: {
      patient: {
        female: { subject: 'the patient', to: 'the patient', of: 'the patient' },
        male: { subject: 'the patient', to: 'the patient', of: 'the patient' },
      },
      parent: {
        female: { subject: 'the parent', to: 'the parent', of: 'the parent' },
        male: { subject: 'the parent', to: 'the parent', of: 'the parent' },
      },
      carer: {
        female: { subject: 'the carer', to: 'the carer', of: 'the carer' },
        male: { subject: 'the carer', to: 'the carer', of: 'the carer' },
      },
    },
    strength: {
      revealed: 'Your question uncovered something {{who}} had not volunteered: {{concern}}',
      acknowledgedFeeling:
        'You named how {{who}} was feeling before moving on, which lowers their guard and builds trust.',
      acknowledgedConcern:
        'Acknowledge (LAER): you acknowledged how {{who}} felt about {{concern}} in their terms before answering it, which built trust.',
      openQuestionTalk:
        'Your open question let {{who}} talk about {{concern}} in their own words rather than answer yes or no.',
      openQuestionExplore:
        'Explore (LAER): your open question found out what lay behind {{concern}} before you answered it, so your answer could fit the real worry.',
      theirConcern: 'their concern',
      accepted:
        'You asked for a decision only after the concerns were explored, and you reached the goal ({{goal}}).',
      noTreatment:
        'You offered waiting or no treatment as a real option, so {{who}} could make an informed choice.',
      options:
        'You set out more than one option, so the recommendation felt like a choice rather than a sale.',
      cost: 'You talked about cost and payment openly instead of leaving {{who}} to worry about it.',
      benefit: 'You explained what the treatment would do, not just what it is.',
      checked: 'You checked what {{who}} had taken in instead of assuming your explanation landed.',
      checkedResolved:
        'Check (LAER): after answering, you asked whether that resolved the worry instead of assuming it had.',
      takeAway:
        'Respond (LAER): you offered {{whoTo}} something to take away, so they can weigh it up without being rushed.',
      plainWords: 'You explained "{{term}}" in plain words in the same breath.',
      theClinicalTerm: 'the clinical term',
      onTopic: 'You kept to what {{whoOf}} came in about rather than drifting.',
      asked: 'You asked {{whoTo}} questions rather than only talking at them.',
      engaged: 'You engaged with {{who}} and kept the conversation going.',
      room: 'You gave {{whoTo}} room to say what was on their mind.',
    },
    area: {
      pressure:
        'With lines like this you put pressure on {{whoTo}}, and someone hesitant who feels pushed digs in. Give your reasons, then let them choose the timing.',
      offTask:
        'You aimed this at the exercise rather than at {{whoTo}}. It earns nothing; stay in the consultation.',
      runsDown:
        "Respond, don't defend (LAER): talking {{whoTo}} out of another opinion, or running down another clinician, sounds like you have something to hide. Offer records to take to them instead.",
      dismissal:
        "Acknowledge, don't dismiss (LAER): reassurance like this tells {{whoTo}} the worry doesn't count, so it stays. Name the worry, then ask what is behind it.",
      jargon:
        'You said "{{term}}" without explaining it, and {{who}} is unlikely to know the word.',
      jargonWithPlain:
        'You said "{{term}}" without explaining it, and {{who}} is unlikely to know the word. Try "{{plain}}".',
      ignored:
        'When {{who}} raised {{concern}}, your reply moved on without acknowledging it. Acknowledge and explore a concern before answering it.',
      aWorry: 'a worry',
      answeredEarly:
        'Explore before you respond (LAER): you answered {{concern}} before finding out what exactly worried {{whoTo}} about it. Ask first, then respond.',
      aConcern: 'a concern',
      earlyAsk:
        "You asked for a decision before {{whoOf}}'s concerns were explored, so they put it off. Explore and check each concern (LAER) before you ask.",
      unchecked:
        'Check (LAER): after answering {{concern}} you moved on without asking whether it resolved the worry.',
      noAcknowledgement:
        'You never acknowledged how {{who}} felt. A short "that sounds worrying" before the facts makes the facts easier to hear.',
      long: 'Your sentence here runs to {{words}} words; spoken aloud it is hard to follow. Break it into short ones.',
      closed:
        'Most of your questions could be answered with yes or no, like this one. Start with "what" or "how" to hear more.',
      unexplored: 'You never explored {{concern}} with {{who}}; ask what worries them about it.',
      oneOfTheConcerns: 'one of the concerns',
      hidden: 'You never drew out a worry {{who}} was keeping back. Next time: {{hint}}',
      noCheck:
        'You never checked what {{who}} understood. Ask them to put the plan in their own words.',
      noOptions:
        'You did not lay out the options, including waiting, so the plan could feel like the only way.',
      summarise:
        'Before you recommend, summarise what {{who}} told you, so they can hear that you listened.',
      deeper: 'Follow each answer with one more open question to get beneath the first reply.',
    },
    /** The objection-handling score explained in the rubric's anchors (server/ai/objectionRubric.ts). */
    anchor:
      'Your objection handling scored {{score}}/10; on Listen, Acknowledge, Explore, Respond and check, {{range}} means {{meaning}}.',
    objectionBands: {
      lowest: 'objections brushed aside, argued with or met with pressure',
      low: 'objections answered straight away, without acknowledging or exploring them',
      middle: 'objections acknowledged and answered, but not explored first or not checked',
      high: 'each objection heard, acknowledged, explored and answered specifically',
      highest: 'all of that, and each one checked as resolved, with no dismissing or pushing',
    },
    /** A suggested response: the framing is the reader's, the line in quotes the conversation's. */
    suggestion: {
      insteadOf: 'Instead of "{{quote}}", try: "{{line}}"',
      whenRaised: 'When {{who}} raised "{{concern}}", instead of "{{quote}}", try: "{{line}}"',
      whenWorried: 'When {{who}} raised a worry, instead of "{{quote}}", try: "{{line}}"',
      uncover: 'To find out what else is on {{whoOf}}\'s mind, try: "{{line}}"',
      explore: 'To explore "{{concern}}" before answering it, try: "{{line}}"',
      check: 'Before asking for a decision, try: "{{line}}"',
      options: 'To make it a real choice, try: "{{line}}"',
      close: 'To close, try: "{{line}}"',
    },
    /** The offline coach's hints during a conversation (at most 25 words each). */
    coach: {
      start: 'Start with an open question: ask what brings them in and what worries them most.',
      offTask: 'Stay in the consultation: answer the patient as you would in the chair.',
      pressure:
        'Ease off the urgency. Offer the options, including waiting, and let them choose the timing.',
      raisedNamed:
        'They just raised "{{concern}}". Acknowledge the feeling, then ask what worries them most about it.',
      raised:
        'They just raised a concern. Acknowledge the feeling, then ask what worries them most about it.',
      shared: 'They have just shared something personal. Acknowledge it before you move on.',
      swap: 'Swap "{{term}}" for everyday words.',
      swapFor: 'Swap "{{term}}" for everyday words, such as "{{plain}}".',
      agreed: 'They have agreed. Confirm the next steps and what to expect.',
      confided:
        'Go back to what they confided earlier and respond to it before asking for a decision.',
      askAboutNamed: 'Ask an open question about "{{concern}}" before explaining anything.',
      askAbout: 'Ask an open question about a concern you have not explored yet.',
      check: 'Check understanding: ask what questions they have so far.',
      summarise: "Summarise what you've heard, then ask how they would like to go ahead.",
    },
    /** The debrief's notes on the clinician's turns. */
    note: {
      offTask: 'spoke to the exercise, not the patient',
      missedCue: 'missed cue: what {{pronoun}} had just said',
      missedCueNamed: 'missed cue: {{pronoun}} mentioned "{{name}}"',
      pronoun: { female: 'she', male: 'he' },
      pressure: 'pressure',
      fearTactic: 'fear tactic',
      dismissal: 'brushed the worry aside',
      plainWords: 'plain words: "{{term}}"',
      jargon: 'jargon: "{{term}}"',
      longSentence: 'long sentence: {{words}} words',
      answeredEarly: 'answered before exploring',
      answeredEarlyNamed: 'answered before exploring: "{{name}}"',
      openQuestion: 'open question',
      acknowledged: 'acknowledged the feeling',
      complexReflection: 'reflected the meaning behind the words',
      reflection: 'reflected back what was said',
      closedQuestion: 'closed question: invites a short answer',
      checkedUnderstanding: 'checked understanding',
      offeredWaiting: 'offered waiting as an option',
      offeredOptions: 'offered options',
    },
    /** The debrief's reactions of the patient to a turn. */
    reaction: {
      revealed: 'revealed: {{concern}}',
      settled: 'settled: {{concern}}',
      agreed: 'agreed',
      trust: 'trust',
      anxiety: 'anxiety',
      readiness: 'readiness',
    },
    /** What the patient was thinking as she said a line, in her voice. */
    thought: {
      onEdgeAtStart: "I'm already on edge. I hope they listen before they tell me what to do.",
      waitAndSee: "Let's see whether they actually listen to me.",
      revealed: "I hadn't meant to say that. They asked the right way, and it just came out.",
      offTask: 'That was a strange thing to say. Are they even talking to me?',
      frightened: "Now I'm frightened, not convinced.",
      pushed: 'Why are they pushing me? I need time to think, not a deadline.',
      ready: "I'm ready. I'm choosing this because it makes sense to me.",
      brushedOff: "They're brushing it off. It's still real to me.",
      unheard: "They didn't hear what I just said.",
      jargon: 'What does "{{term}}" even mean? I don\'t want to look silly asking.',
      settled: 'That actually answers what I was worried about. I feel better.',
      heardMaybeMore: 'They get that this is hard for me. Maybe I can tell them the rest soon.',
      heard: 'They get that this is hard for me. I can breathe a bit.',
      checked: "Good, they want to know I've followed. I have a question or two.",
      choice: 'So I do have a choice. That makes it easier.',
      cost: 'At least now I know where I stand on the cost.',
      askedMore: "It's nice to be asked. There's more, but I'm not sure I'm ready to say it.",
      asked: "It's nice to be asked what I think.",
      distrust: "I'm not sure I trust where this is going.",
      holdingBack: "There's something I haven't said. They haven't given me a reason to.",
      onEdge: "I'm still on edge about all of this.",
      following: "Okay. I'm following so far.",
    },
  },

  progress: {
    /** Spec §8 'Progress, query error'. */
    queryFailed: 'Failed to load progress data. Please try again.',
    /** Spec §8 'Progress, unexpected error'. */
    unexpected: 'An error occurred while loading your progress data. Please try again later.',
    /** Spec §2 Tab 2, Your Progress. */
    title: 'Your Progress',
    refresh: 'Refresh Data',
    refreshing: 'Refreshing...',
    tryAgain: 'Try Again',
    loading: 'Loading your progress data...',
    emptyTitle: 'No progress data available yet.',
    emptyText: 'Complete practice conversations to see your progress metrics here.',
    startPractice: 'Start a Practice Scenario',
    completedSessions: 'Completed Sessions',
    averageScore: 'Average Score',
    improvement: 'Improvement',
    trendTitle: 'Performance Trend Over Time',
    loadingChart: 'Loading chart',
    noChart: 'No scored sessions to chart yet.',
    insights: 'Insights',
    proficiencyTitle: 'Skill Proficiency',
    proficiencyHow: 'How skill proficiency is weighted',
    /** The letter on the button that opens the explanation. */
    infoMark: 'i',
    proficiencyExplanation:
      "A weighted average of every scored session in which recent sessions count more: a session's weight halves for every {{halfLife}} sessions completed after it (latest ×1, {{halfLife}} sessions earlier ×0.5, {{twice}} earlier ×0.25).",
    /** The chart: what a screen reader hears of the canvas, and the tooltip of a point. */
    chartSummary_one:
      'Line chart of your scores over {{count}} session. Latest: overall {{overall}}, empathy {{empathy}}, clarity {{clarity}}, persuasion {{persuasion}} out of 10.',
    chartSummary_other:
      'Line chart of your scores over {{count}} sessions. Latest: overall {{overall}}, empathy {{empathy}}, clarity {{clarity}}, persuasion {{persuasion}} out of 10.',
    chartEmpty: 'Line chart of your scores; no scored sessions yet.',
    chartPoint: '{{label}}: {{score}}/10',
  },

  skills: {
    /** shared/skills.ts: the short names of the scores, on the chart, history and proficiency. */
    label: {
      overall: 'Overall Score',
      empathy: 'Empathy',
      clarity: 'Clarity',
      persuasion: 'Persuasion',
      objection: 'Objection Handling',
    },
    /** Spec §2: the feedback report's labels of its five bars, by feedback field. */
    reportLabel: {
      overallScore: 'Overall Performance',
      empathyScore: 'Empathy & Rapport',
      clarityScore: 'Clarity & Communication',
      persuasionScore: 'Persuasion & Value Proposition',
      objectionHandlingScore: 'Objection Handling',
    },
    /** A skill's name mid-sentence, in an insight ('Your objection handling scores are…'). */
    inSentence: {
      empathy: 'empathy',
      clarity: 'clarity',
      persuasion: 'persuasion',
      objection: 'objection handling',
    },
  },

  /**
   * shared/rubric.ts: the scoring rubric the trainee reads ("How you'll be scored", the anchor
   * under each score). The grader is prompted with the English of these, whatever the locale.
   */
  rubric: {
    band: { good: 'Good', fair: 'Fair', poor: 'Poor' },
    skill: {
      overallScore: {
        measures:
          "The conversation as a whole: trust built, the patient's real worries uncovered and a fair next step agreed.",
        good: 'You drew out what really worried the patient, answered it plainly and agreed a next step they chose freely.',
        fair: 'You covered the treatment and some concerns, but missed a worry or rushed part of the conversation.',
        poor: 'You talked past the patient, leaving them confused, pressured or no closer to a decision.',
      },
      empathyScore: {
        measures: "Noticing and naming the patient's feelings, and asking about their worries.",
        good: 'You named how the patient felt, asked open questions about their worries and never rushed or dismissed them.',
        fair: 'You acknowledged a feeling now and then, but moved on to explaining before exploring what worried them.',
        poor: 'You ignored or brushed aside the patient\'s feelings ("nothing to worry about") or pushed on regardless.',
      },
      clarityScore: {
        measures: 'Plain words, small steps, and checking the patient has understood.',
        good: 'You used everyday words, explained options, risks and cost in short steps and checked they understood.',
        fair: 'You were mostly clear, but left a technical term unexplained, ran on too long or never checked understanding.',
        poor: 'You used unexplained jargon or long, dense explanations that the patient could not follow.',
      },
      persuasionScore: {
        measures:
          'Linking the treatment to what matters to this patient, honestly, with options and without pressure.',
        good: 'You tied the treatment to what matters to the patient, offered options including waiting, were clear on cost and agreed a next step without pressure.',
        fair: "You explained the benefits, but not in the patient's terms, or left out the options, the cost or a next step.",
        poor: 'You pressured the patient, leaned on fear or urgency, or gave them no reason of their own to go ahead.',
      },
      objectionHandlingScore: {
        measures:
          'Meeting each objection with Listen, Acknowledge, Explore, Respond (LAER), then checking it is resolved.',
        good: 'You heard each objection out, acknowledged and explored it before answering it specifically, and checked it was resolved.',
        fair: 'You acknowledged and answered objections, but answered before exploring them or did not check they were resolved.',
        poor: 'You brushed objections aside, argued with them, or answered at once without acknowledging them.',
      },
    },
  },

  /** Spec §8 insights. */
  insight: {
    fallback: {
      moreSessions: 'Complete more sessions to see personalized insights.',
      scenarioTypes: 'Practice with different scenario types to improve your skills.',
      reviewFeedback: 'After each session, review your feedback to identify growth areas.',
    },
    strongSkill: 'Your {{skill}} scores are consistently high, showing strong {{skill}} skills.',
    weakSkill: 'Focus on improving your {{skill}}, which shows the most room for growth.',
    trendUpward: 'Your overall performance is trending upward, indicating good progress.',
    trendSteady: 'Your overall performance is steady. Try new techniques to see improvement.',
    trendDecline:
      'Your recent scores show a slight decline. Review feedback carefully in your next sessions.',
  },

  /** Spec §2 'Voice Conversation Mode'. */
  voiceStatus: {
    start: 'Click the microphone button to start speaking',
    preparing: 'Getting ready to listen...',
    listening: 'Listening... (speak now)',
    processing: 'Processing your message...',
    gettingReply: 'Getting response from AI...',
    converting: 'Converting response to speech...',
    playing: 'Playing AI response...',
    again: 'Click the microphone button to speak again',
  },

  /** Spec §8 voice-mode messages. */
  voice: {
    nothingHeard: "I couldn't hear what you said. Please try speaking again.",
    noAudio: 'No audio recorded. Please try again and speak clearly.',
    processingFailed: 'Failed to process your message. Please try again.',
    recordingError: 'Recording error occurred. Please try again.',
    aiFailed: 'Error getting response from AI. Please try again.',
    speechFailed: 'Failed to generate speech response. Please try again.',
    initFailed: 'Failed to initialize audio recording. Please try a different browser.',
    stopFailed: 'Error stopping recording. Please refresh the page and try again.',
    tooLongForTurn:
      'That was too long for one turn. Please keep each turn under {{maxSeconds}} seconds.',
    recordingTooLarge:
      'That recording is too large (over {{size}}). Please keep each turn under {{maxSeconds}} seconds.',
    streamAbandoned: 'The recording stopped arriving, so it was discarded. Please try again.',
    concurrentStreams:
      'Too many recordings are being transcribed at once. Please finish one before starting another.',
    notConfigured:
      'Voice input needs speech-to-text, and none is available: the server has no transcription configured and this browser has no speech recognition. Ask whoever runs ChairTalk to connect an AI provider (OpenAI or a local OpenAI-compatible server) on the server, or use Chrome or Edge. You can keep typing in the chat meanwhile.',
    noServerTranscription:
      'Server transcription is not configured. Ask whoever runs ChairTalk to connect an AI provider (OpenAI or a local OpenAI-compatible server), or use a browser with speech recognition.',
    noServerSpeech:
      "Server speech is not configured; the browser's own voice reads replies. An AI provider connected on the server gives natural voices.",
    offline:
      'The connection to the conversation is down. Voice mode will work again once it is back.',
    ended: '$t(conversation.ended)',
    /** The voice mode dialog, around either engine. */
    dialog: {
      title: 'Voice Conversation Mode',
      close: 'Close voice mode',
      startSpeaking: 'Start speaking',
      stopListening: 'Stop listening',
      pushToTalk: 'Push to talk',
      handsFreeHint:
        'Hands-free: after the patient answers, just keep talking. Speak over the patient to interrupt.',
      pushToTalkHint: 'Push to talk: click the microphone for each thing you say.',
      you: 'You:',
      patient: 'Patient:',
      stopAudio: 'Stop audio',
      closeButton: 'Close',
      connecting: 'Connecting to the conversation…',
      retryAudio: 'Retry Audio',
    },
  },

  realtime: {
    engineRealtime: 'Realtime',
    enginePipeline: 'Standard',
    engineLabel: 'Voice engine',
    connecting: 'Connecting to the patient...',
    startHint: 'Realtime: start a call and talk with the patient as on the phone.',
    inCallHint: 'Talk as you would on a call. Speak over the patient to interrupt.',
    thinking: '$t(voiceStatus.gettingReply)',
    notConfigured:
      'Realtime voice is not configured on this server. The standard voice engine is still available.',
    connectFailed:
      'The realtime call could not connect. Please try again, or switch to the standard voice engine.',
    notSdp: 'The call request must be a WebRTC session offer (SDP) with an audio track.',
    dropped:
      'The realtime call dropped. Everything said so far is saved: carry on with the standard voice engine or by typing.',
    callTooLong:
      'The call reached its {{minutes}}-minute limit and was ended. Everything said so far is saved.',
    quotaReached:
      'The call ended: you have reached the hourly practice limit. Everything said so far is saved.',
    conversationEnded: 'The call ended because the conversation ended.',
    replaced: 'The call was ended because another call for this conversation started.',
    callInUse: 'A call for this conversation is already going on in another window.',
    hungUp: 'The call ended.',
    startCall: 'Start call',
    endCall: 'End call',
    useEngine: 'Use the {{engine}} engine',
  },

  /** Spec §8 typed-chat dictation messages. */
  dictation: {
    failed: 'Failed to transcribe audio. Please try again.',
    transcriptionError: 'Transcription error: {{message}}',
    noAudio: '$t(voice.noAudio)',
    tooLong: 'That recording is too long. Please keep each dictation under {{maxSeconds}} seconds.',
    unavailable:
      'Dictation needs speech-to-text: the server has no transcription configured (it needs an AI provider: OpenAI or a local OpenAI-compatible server) and this browser has no speech recognition. Please type your message instead.',
    noRecognition: 'Speech recognition is not available in this browser.',
  },

  /** Spec §8 microphone errors. */
  microphone: {
    denied:
      'Microphone access denied. Please allow microphone permissions in your browser settings.',
    notFound: 'No microphone detected. Please connect a microphone and try again.',
    inUse:
      'Cannot access the microphone. It may be in use by another application or disconnected. Please check it and try again.',
    insecure:
      'Security error: the browser only allows the microphone on a secure (HTTPS) connection. Please open ChairTalk over HTTPS.',
    other: '$t(voice.recordingError)',
  },

  /** Spec §8 playback errors. */
  playback: {
    blocked:
      'Audio playback was blocked by your browser. Click Retry Audio (or anywhere on the page) to allow sound.',
    unsupported:
      'This audio format is not supported by your browser. Please try a different browser.',
    failed: 'Audio playback failed: {{reason}}. Please try again.',
  },

  replay: {
    notFound: 'No recording of that turn is kept',
    play: { you: 'Play your turn', patient: "Play the patient's turn" },
    stop: 'Stop',
    playShort: 'Play',
    playAll: 'Play all',
    stopAll: 'Stop playing',
    failed: 'This recording could not be played.',
    note_one:
      'Recordings of spoken turns are kept for {{count}} day. Audio is not kept for Realtime calls.',
    note_other:
      'Recordings of spoken turns are kept for {{count}} days. Audio is not kept for Realtime calls.',
    noneKept:
      "No recordings of this conversation are kept: audio is not kept for Realtime calls or the browser's own speech, and recordings expire.",
  },

  history: {
    /** Spec §2 Tab 3, Conversation History. */
    title: 'Conversation History',
    loading: 'Loading your conversation history...',
    empty: 'No conversation history found. Complete a practice conversation to see history here.',
    /** The other answers tried from one conversation, listed under it. */
    branches: 'Other answers tried from this conversation ({{n}})',
    loadMore: 'Load more',
    overallScore: 'Overall score',
    anotherAnswer: 'Another answer',
    skillScores: 'Skill scores',
    /** Spec §2 Conversation detail (/conversation/{id}). */
    detailTitle: 'Conversation Detail',
    backToDashboard: 'Back to Dashboard',
    viewFeedback: 'View Feedback',
    backToConversation: 'Back to Conversation',
    loadingConversation: 'Loading conversation...',
    transcript: 'Transcript',
    noMessages: 'No messages found for this conversation.',
    you: 'You',
    patient: 'Patient',
    /** When it was practised: a date and a clock time, each formatted in the locale. */
    when: '{{date}} at {{time}}',
    /** A branch's origin; {{link}} is the link to the original, worded as `link`. */
    branchNote: {
      plain: 'Another answer to {{link}}.',
      atTurn: 'Another answer to {{link}}, from your turn {{turn}}.',
      link: 'the original conversation',
    },
    /** Spec §2: an entry whose scenario has no title. */
    untitled: 'Untitled Scenario',
  },

  authoring: {
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
    titleNeedsLetters: 'Use some letters or digits in the title.',
    voiceSection: 'How the patient sounds and starts (optional: set to sensible defaults)',
    topicsSection: 'Answers by topic (optional)',
    confirmDeleteTitle: 'Delete “{{title}}”?',
    confirmDeleteBody: 'This cannot be undone.',
    exportSelected: 'Export selected',
    importFile: 'Import a file',
    importFailed: 'Nothing was imported. The file has these problems:',
    importNotJson: 'This file is not JSON.',
    imported_one: 'Imported {{count}} scenario.',
    imported_other: 'Imported {{count}} scenarios.',
    onePerLine: 'One per line.',
    copyFrom: 'Start from a copy of a scenario',
    choose: 'Choose…',
    copy: 'Make a copy',
    budgetFull:
      'Your scenarios have no room for this. Delete some you no longer need, then try again.',
    tooManyScenarios:
      'You can keep up to {{max}} scenarios. Delete some you no longer need, then try again.',
    tooManyBytes:
      'Your scenarios can hold up to {{size}} in all, and this would go past it. Delete some you no longer need, or shorten this one, then try again.',
    importTooMany_one:
      'Nothing was imported: the file holds {{count}} scenario and you have room for {{room}} more (up to {{max}}). Delete some you no longer need, or import fewer.',
    importTooMany_other:
      'Nothing was imported: the file holds {{count}} scenarios and you have room for {{room}} more (up to {{max}}). Delete some you no longer need, or import fewer.',
    importTooLarge:
      'Nothing was imported: the file would take your scenarios past {{size}} in all. Delete some you no longer need, or import fewer.',
    /** The list of the author's own scenarios. */
    list: {
      back: 'Back to Practice Scenarios',
      select: 'Select {{title}}',
      meta: '{{category}} · {{difficulty}} · version {{version}} · {{conversations}} · {{sharing}}',
      conversations_one: '{{count}} conversation',
      conversations_other: '{{count}} conversations',
      edit: 'Edit',
      practise: 'Practise',
      duplicate: 'Duplicate',
      export: 'Export',
      delete: 'Delete',
    },
    /** The authoring form's sections and fields. */
    form: {
      scenarioSection: 'The scenario',
      title: 'Title',
      description: 'Description',
      difficulty: 'Difficulty',
      category: 'Category',
      patientSection: 'The patient',
      patientProfile: 'Patient profile',
      keyConcerns: 'Key concerns',
      openingLine: 'Opening line',
      goal: 'What the clinician hopes the patient agrees to',
      ice: {
        ideas: "The patient's ideas",
        concerns: "The patient's concerns",
        expectations: "The patient's expectations",
      },
      twoToFour: '2 to 4.',
      atLeastTwo: 'At least 2.',
      atLeastTwoLowerCase: 'At least 2, lower case.',
      statedSection: 'Stated concerns',
      statedConcern: 'Stated concern {{n}}',
      statedConcernText: 'Concern (one of the key concerns, word for word)',
      keywords: 'Keywords',
      statedLines: 'What the patient says about it',
      settled: 'What the patient says once it is settled',
      removeStated: 'Remove stated concern {{n}}',
      addStated: 'Add a stated concern',
      hiddenSection: 'Hidden concerns',
      hiddenConcern: 'Hidden concern {{n}}',
      hiddenConcernText: 'The concern (for the coach)',
      unlock: 'What unlocks it',
      unlockOptions: {
        open_question: 'An open question',
        acknowledgement: 'Acknowledging feelings',
        either: 'Either',
      },
      unlockKeywords: 'Keywords the unlocking turn must touch',
      reveal: 'What the patient says when it comes out',
      coachingHint: 'A coaching hint',
      removeHidden: 'Remove hidden concern {{n}}',
      addHidden: 'Add a hidden concern',
      linesSection: "The patient's lines",
      linesOf: {
        acceptance: 'Lines of acceptance',
        deferral: 'Lines of deferral',
        pushback: 'Lines of pushback',
        confusion: 'Lines of confusion',
        neutral: 'Lines of neutral',
      },
      speaker: 'Who speaks',
      voice: 'Voice',
      ageGroup: 'Age group',
      receptiveness: 'Receptiveness',
      starting: {
        trust: 'Starting trust (0–100)',
        anxiety: 'Starting anxiety (0–100)',
        readiness: 'Starting readiness (0–100)',
      },
      topicsHint: '2 to 4 per topic; leave a topic empty for an answer that fits the profile.',
      askedAbout: {
        feelings: 'Asked about feelings',
        cost: 'Asked about cost',
        time: 'Asked about time',
        pain: 'Asked about pain',
        procedure: 'Asked about procedure',
        risks: 'Asked about risks',
        alternatives: 'Asked about alternatives',
        longevity: 'Asked about longevity',
        past: 'Asked about past',
        family: 'Asked about family',
        appearance: 'Asked about appearance',
        work: 'Asked about work',
      },
    },
    /** Names of a scenario's fixed values, in lower case where a sentence or a list uses them. */
    values: {
      difficulty: { beginner: 'beginner', intermediate: 'intermediate', advanced: 'advanced' },
      category: {
        Restorative: 'Restorative',
        Cosmetic: 'Cosmetic',
        Implants: 'Implants',
        Endodontics: 'Endodontics',
        Orthodontics: 'Orthodontics',
        Periodontics: 'Periodontics',
        Paediatric: 'Paediatric',
        Preventive: 'Preventive',
        Financial: 'Financial',
        'Dental Anxiety': 'Dental Anxiety',
      },
      speaker: { patient: 'patient', parent: 'parent', carer: 'carer' },
      gender: { female: 'female', male: 'male' },
      ageGroup: { child: 'child', adult: 'adult', senior: 'senior' },
      receptiveness: { low: 'low', medium: 'medium', high: 'high' },
    },
    /** A field's problem, said the way an author would (client/src/features/authoring). */
    problems: {
      required: 'Required.',
      atLeast: 'Add at least {{min}}.',
      atMost: 'At most {{max}}.',
      slugFormat: 'Use lower-case letters, digits and hyphens only.',
      chooseOption: 'Choose one of the options.',
      statedConcern: 'Must be one of the key concerns, word for word.',
      /** shared/scenarioSeed.ts: the scenario's own field rules. */
      maxChars: 'At most {{max}} characters.',
      safeText: 'No control or text-direction characters.',
      oneLine: 'One line, without control or text-direction characters.',
      keywordCharacter: 'Each keyword needs a letter or digit.',
      captionEmpty: 'Write a caption or leave the field empty',
      captionMaxChars: 'At most {{max}} characters',
      captionOneLine: 'One line, no control characters',
      /** A scenario file's rule that no one field owns (it names the file's own keys). */
      statedConcernsListed: 'every statedConcerns[].concern must be one of patientConcerns',
    },
  },

  organisation: {
    notFound: 'That organisation could not be found.',
    /** An organisation id too long to be one (shared/api/authoring.ts). */
    idNotFound: 'Organisation not found',
    cohortNotFound: 'That cohort could not be found.',
    inviteNotFound: 'That invite code is not valid. It may have expired or been revoked.',
    assignmentNotFound: 'That assignment could not be found. It may have been removed already.',
    instructorNotFound:
      'That co-instructor could not be found in this cohort. They may have been removed already.',
    memberNotFound: 'That trainee could not be found in this cohort. They may have left already.',
    ownOrganisation: 'You run this organisation, so you cannot join it as a trainee.',
    teachesCohort: 'You teach this course, so you cannot join it as a trainee.',
    sharedElsewhere:
      'That scenario is shared with another organisation and cannot be assigned here.',
    assignedScenario:
      'This scenario is assigned to a cohort, so it stays shared with that organisation: its trainees would lose it otherwise. Duplicate it to share a copy elsewhere.',
    organisationLimit: 'You already run as many organisations as one trainer may.',
    organisationLimitOf: 'You already run {{max}} organisations, the most one trainer may.',
    cohortLimit: 'This organisation already has as many cohorts as it may.',
    cohortLimitOf: 'This organisation already has {{max}} cohorts, the most it may.',
    inviteLimit:
      'This cohort already has as many live invites as it may. Revoke one to make another.',
    inviteLimitOf:
      'This cohort already has {{max}} live invites, the most it may. Revoke one to make another.',
    commentLimit:
      'Your organisation has already written as many comments on this conversation as it may.',
    commentLimitOf:
      'Your organisation has already written {{max}} comments on this conversation, the most it may.',
    commentsToday: 'You have written as many comments as you may in a day. Please try again later.',
    tooManyCodesGeneric: 'Too many invite codes tried. Please wait a few minutes and try again.',
    tooManyCodes_one: 'Too many invite codes tried. Please wait {{count}} minute and try again.',
    tooManyCodes_other: 'Too many invite codes tried. Please wait {{count}} minutes and try again.',
    commentsTodayOf_one:
      'You have written {{max}} comments in the last 24 hours, the most you may. Please try again in {{count}} minute.',
    commentsTodayOf_other:
      'You have written {{max}} comments in the last 24 hours, the most you may. Please try again in {{count}} minutes.',
  },

  assigned: {
    title: 'Assigned',
    intro: 'Scenarios your trainer has assigned to you.',
    status: { due: 'Due', overdue: 'Overdue', done: 'Done' },
    dueOn: 'Due {{date}}',
    noDueDate: 'No due date',
  },

  join: {
    title: 'Join a cohort',
    invited: 'You have been invited to join a cohort on ChairTalk.',
    signedOut:
      'Create an account to accept the invite, or sign in if you already have one: you will join the cohort straight away.',
    signedIn:
      'You are signed in as {{name}}. Joining lets your trainer see the work you practise from now on.',
    join: 'Join cohort',
    code: 'Invite code: {{code}}',
    later: 'Not now',
  },

  sharing: {
    legend: 'Visibility',
    private: 'Private (only you)',
    sharedWith: 'Shared with organisation {{organisation}}',
    hint: 'Trainees of an organisation you train can practise a scenario shared with it.',
    listPrivate: 'Private',
    listShared: 'Shared with an organisation',
    captionLabel: 'Resource image caption',
    captionHint:
      'Optional. One line under the picture in the Resources panel (at most 120 characters).',
  },

  cohortCell: {
    done: 'Done',
    overdue: 'Overdue',
    not_done: 'Not done',
  },

  organisationsPage: {
    title: 'Organisations',
    coTeaching: 'Courses you co-teach',
    coTeachingHelp:
      'Your learning platform lists you as an instructor of these courses, so you teach their cohorts with the organisation’s trainer: you see and review their work, set scenarios and send scores. The organisation itself stays its trainer’s.',
    coInstructors: 'Co-instructors',
    coInstructorsHelp:
      'Other instructors of this course. They see and review this cohort’s work, and nothing else of the organisation.',
    removeInstructorWhich: 'co-instructor {{name}}',
    confirmRemoveInstructorTitle: 'Remove {{name}} as co-instructor of this cohort?',
    confirmRemoveInstructorBody:
      'They stop seeing this cohort at once. The scores and comments they wrote stay the organisation’s. If the course still lists them as an instructor, their next launch or the next roster sync makes them a co-instructor again: remove them in the course too.',
    instructorRemoved: 'Removed {{name}} as co-instructor.',
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
    members_one: '{{count}} member',
    members_other: '{{count}} members',
    membersAndFormer: {
      left: '{{count}} left',
      // "0 members" beside rows of people who left reads as if the table were wrong.
      noneNow: 'No current members, {{left}}',
      both: '{{members}}, {{left}}',
    },
    rename: 'Rename',
    renameWhich: 'Rename {{name}}',
    newName: 'New name',
    save: 'Save',
    cancel: 'Cancel',
    renamed: 'Renamed to {{name}}.',
    deleteOrganisation: 'Delete organisation',
    deleteCohort: 'Delete cohort',
    deleteButton: 'Delete',
    confirmDeleteOrganisationTitle: 'Delete the organisation {{name}}?',
    confirmDeleteOrganisation:
      'Its cohorts, invites and assignments are deleted, and so are the scores and comments written for it. Trainees keep every conversation they had, with the AI scores. Scenarios shared with it become private to their author again. This cannot be undone.',
    confirmDeleteCohortTitle: 'Delete the cohort {{name}}?',
    confirmDeleteCohort:
      'Its members leave it, and its invites, assignments and results table are deleted. Trainees keep every conversation they had, and the scores and comments you wrote stay on them. This cannot be undone.',
    deleted: 'Deleted {{name}}.',
    cohortViews: 'Cohort views',
    tabResults: 'Results',
    tabSummary: 'Class summary',
    openMember: '{{name}}: every conversation while a member',
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
    daysInvalid: 'Enter a whole number of days from 1 to {{max}}.',
    assign: 'Assign a scenario',
    scenario: 'Scenario',
    chooseScenario: 'Choose a scenario…',
    dueDate: 'Due date (optional)',
    assignButton: 'Assign',
    assigned: 'Assigned.',
    chooseFirst: 'Choose a scenario to assign.',
    dueInvalid: 'Enter the due date as a date.',
    dueOutOfRange: 'Enter a due date from {{min}} to {{max}}.',
    table: 'Cohort results',
    tableLoading: 'Loading the cohort table…',
    tableFailed: 'The cohort table could not be loaded.',
    noMembers: 'No trainees have joined this cohort yet. Share an invite link with them.',
    noAssignments: 'Nothing assigned yet. Assign a scenario to see results here.',
    assignedScenarios: 'Assigned scenarios',
    due: 'Due',
    remove: 'Remove',
    removeWhich: 'assignment {{title}}',
    confirmRemoveTitle: 'Remove {{title}} from this cohort?',
    confirmRemoveBody:
      'Trainees keep the conversations they have had, but it leaves their Assigned list and this table.',
    removed: 'Removed {{title}}.',
    trainee: 'Trainee',
    done: 'Done',
    average: 'Average',
    trend: 'Trend',
    left: 'Left',
    overridden: "trainer's score",
    exportCsv: 'Export CSV',
    sortBy: 'Sort by {{column}}',
    open: "Open {{name}}'s conversation for {{title}}",
    memberships: 'Your cohorts',
    membershipsEmpty:
      'You are not in any cohort. A trainer sends you an invite link or code to join one.',
    organisation: 'Organisation',
    cohort: 'Cohort',
    joined: 'Joined',
    leave: 'Leave organisation',
    confirmLeaveTitle: 'Leave {{name}}?',
    confirmLeaveBody: 'Your trainer will no longer see the work you do from now on.',
    /** A trainee's trend beside the sparkline: "6, 7, 8 (up 2)", and its accessible name. */
    trendLine: {
      none: 'No scores yet',
      up: '{{list}} (up {{change}})',
      down: '{{list}} (down {{change}})',
      same: '{{list}} (no change)',
      name: 'Trend: {{text}}',
      /** Between the scores of the list. */
      separator: ', ',
    },
  },

  cohortMember: {
    title: 'Trainee',
    titleOf: "{{name}}'s conversations",
    loading: 'Loading conversations…',
    loadFailed: 'The conversations could not be loaded.',
    back: 'Back to Organisations',
    intro:
      'Every conversation they started while a member of this cohort, assigned or not. Work from before they joined or after they left is not shown.',
    since: 'Member since {{date}}',
    between: 'Member from {{from}} to {{to}}',
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
    open: 'Open {{title}}, started {{date}}',
    remove: 'Remove from cohort',
    confirmRemoveTitle: 'Remove {{name}} from this cohort?',
    confirmRemove:
      'They leave the cohort now, as if they had left it themselves. You keep reading the work they did while a member, but nothing they start from now on; their row stays in the table, marked. Their conversations stay theirs. A live invite still lets them join again: revoke it if it should not.',
    removed: '{{name}} was removed from this cohort.',
  },

  classSummary: {
    loading: 'Loading the class summary…',
    failed: 'The class summary could not be loaded.',
    empty:
      'No graded conversations yet. The summary fills in as members of this cohort finish conversations.',
    intro: {
      sentence: 'Over {{conversations}} by {{trainees}}, started while members of this cohort.',
      conversations_one: '{{count}} graded conversation',
      conversations_other: '{{count}} graded conversations',
      trainees_one: '{{count}} trainee',
      trainees_other: '{{count}} trainees',
    },
    scores: 'Average scores',
    score: 'Score',
    average: 'Average',
    consent: 'Informed consent',
    consentIntro_one:
      'How often each item was met, over the {{count}} conversation with a debrief.',
    consentIntro_other:
      'How often each item was met, over the {{count}} conversations with a debrief.',
    item: 'Item',
    noDebrief:
      'None of these conversations has a debrief (they were graded before debriefs existed), so there is no consent checklist or hidden concern to summarise.',
    missed: 'Concerns most often missed',
    missedIntro: 'Hidden concerns the patient never revealed: worth teaching how to open them.',
    missedNone: 'No hidden concern was missed.',
    missedOf_one: 'Missed in {{missed}} of {{count}} conversation',
    missedOf_other: 'Missed in {{missed}} of {{count}} conversations',
  },

  trainerReview: {
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
    keepAi: "Keep the AI's ({{ai}})",
    keepNone: "Keep the AI's",
    skillScores: 'Skill scores',
    skillComment: 'Why {{skill}}',
    skillScore: '{{skill}} score',
    skillCommentRequired: "Say why {{skill}} differs from the AI's score.",
    currentOverride: 'Current override',
    score: 'Overall score (1 to 10)',
    comment: 'Comment',
    commentRequired: 'A comment is required: say why the score differs.',
    scoreInvalid: 'Choose a score from 1 to 10.',
    saveOverride: 'Save score',
    saved: 'Saved.',
    addComment: 'Add comment',
    commentOnTurn: 'Comment on {{place}}',
    postComment: 'Post comment',
    cancel: 'Cancel',
    trainee_said: 'Trainee',
    patient_said: 'Patient',
  },

  review: {
    scores: 'Scores',
    aiScore: 'AI score',
    trainerScore: "Trainer's score",
    trainerScoreOf: "Trainer's score ({{organisation}})",
    by: 'by {{name}}, {{organisation}}',
    comments: "Trainer's comments on {{place}}",
    commentFrom: 'Comment from {{name}} ({{organisation}})',
    aiBeside: 'AI {{ai}}',
    skillScores: 'Skill scores',
    notCounted: 'Shown, not counted: this organisation did not set this scenario.',
  },

  myData: {
    deleteConversation: 'Delete conversation',
    deleteConversationOf: 'Delete conversation: {{title}}',
    deleteConversationTitle: 'Delete this conversation?',
    deleteConversationBody:
      'Its transcript, recordings, feedback and debrief, and any trainer’s score and comments on it, are deleted for good. Conversations branched from it are kept.',
    deleteConversationConfirm: 'Delete for good',
    deletingConversation: 'Deleting the conversation',
    conversationOpen: 'This conversation is still open. End it before deleting it.',
    deleteConversationFailed: 'The conversation could not be deleted. Please try again.',
    cancel: 'Cancel',
    exportTitle: 'Your data',
    exportBody:
      'Download everything of yours as one ZIP file: your account, conversations with their transcripts, feedback, debriefs and reviews, the scenarios you wrote, and your kept recordings.',
    exportButton: 'Download my data',
    exporting: 'Preparing your download',
    exportRunning: 'Your data is already being prepared. Wait for that download to finish.',
    exportFailed: 'Your data could not be downloaded. Please try again.',
    exportFileName: 'chairtalk-data-{{date}}.zip',
    archiveReadme:
      "ChairTalk: everything of yours\nMade {{exportedAt}}.\n\nREADME.txt            This file.\naccount.json          Your account: name, email, and whether recordings of your voice turns are kept.\norganisations.json    The cohorts you are in, the cohorts you co-instruct (since when), and the organisations\n                      you run with their cohorts and invites.\nscenarios.json        The scenarios you wrote, in the file format that My scenarios can import.\nconversations/        One file per conversation (start date, then its id): the scenario as practised,\n                      every message, the feedback and debrief, the conversation it branched from,\n                      every trainer's score and comments, and the names of its recordings.\nrecordings/           Kept audio of spoken turns, one folder per conversation, one file per message\n                      (your words and the patient’s reply). Expired recordings are not included.\n",
    recordingsTitle: 'Recordings',
    keepRecordingsLabel: 'Keep recordings of my voice turns',
    keepRecordingsHelp_one:
      'When on, the audio of your spoken turns and the patient’s replies is kept for {{count}} day so you can replay them. Turning it off keeps no new audio; recordings already kept stay until they expire or you delete their conversation.',
    keepRecordingsHelp_other:
      'When on, the audio of your spoken turns and the patient’s replies is kept for {{count}} days so you can replay them. Turning it off keeps no new audio; recordings already kept stay until they expire or you delete their conversation.',
    recordingsOffEverywhere: 'This server keeps no recordings of voice turns.',
    recordingsSaved: 'Saved.',
    recordingsFailed: 'The setting could not be saved. Please try again.',
    recordingNoticeOn_one:
      'Your voice turns are recorded and kept for {{count}} day so you can replay them. To stop this, turn off “$t(myData.keepRecordingsLabel)” on your account page.',
    recordingNoticeOn_other:
      'Your voice turns are recorded and kept for {{count}} days so you can replay them. To stop this, turn off “$t(myData.keepRecordingsLabel)” on your account page.',
    recordingNoticeOff:
      'Your voice turns are not recorded: “$t(myData.keepRecordingsLabel)” is off on your account page.',
    accountPageLink: 'Account page',
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
    signInAgainToDelete:
      'For your safety, an account without a password can be deleted only within 10 minutes of signing in. Sign out, sign in again through your school, then delete it.',
    deleteAccountNoPassword:
      'Your account has no password: signing in through your school in the last 10 minutes confirms it is you.',
    deleteAccountFailed: 'Your account could not be deleted. Please try again.',
    accountDeleted: 'Your account has been deleted.',
  },
  /** Single sign-on with the school's OpenID provider (decision 050). */
  sso: {
    signInWith: 'Sign in with {{label}}',
    orDivider: 'or',
    providersLabel: "Your school's sign-in",
    unknownProvider: 'That sign-in option is not set up here. Choose one on the sign-in page.',
    loginExpired: 'That sign-in took too long or was already used. Please try again.',
    refused: "Your school's sign-in did not sign you in. Please try again.",
    failed: "We could not complete your school's sign-in. Please try again.",
    providerUnavailable:
      "Your school's sign-in is not answering right now. Please try again later.",
    emailUnverified:
      "Your school's sign-in did not confirm your email address, so we cannot match it to an account. Ask your school to confirm it, then try again.",
    otherIdentity:
      "This email's ChairTalk account is already linked to another person at your school's sign-in. Sign in with that one, or ask your trainer.",
    passwordSignInOff:
      "Your organisation signs you in through your school. Use your school's sign-in button instead of a password.",
    identityRequired:
      "Sign in once with your school's sign-in before turning passwords off, so you can still get in.",
    notConfigured: "This server has no school sign-in set up, so passwords can't be turned off.",
    defaultName: 'ChairTalk user',
    /** The account page: how this account signs in. */
    linkedTitle: 'How you sign in',
    linkedWith: 'Linked to {{label}}',
    noPassword:
      'Your account has no password: you sign in through your school. To have a password as well, we can email you a link to choose one.',
    sendPasswordLink: 'Email me a link to set a password',
    passwordLinkSent:
      'We emailed you a link to choose a password. It works once, for {{minutes}} minutes.',
    passwordsOffForYou:
      "Your organisation signs you in through your school only, so your account doesn't use a password.",
    /** The organisation page's setting. */
    passwordSetting: 'Password sign-in for this organisation',
    passwordAllowed: 'Members may sign in with a password or with their school sign-in.',
    passwordOff: "Members must use their school's sign-in; passwords don't work for them.",
    turnPasswordsOff: 'Require school sign-in',
    turnPasswordsOn: 'Allow passwords again',
    passwordSettingFailed: 'The setting could not be changed. Please try again.',
    /** The account page's school sign-in section: linking and unlinking (decision 050). */
    schoolTitle: 'School sign-in',
    schoolIntro:
      "Link your school's sign-in to this account to sign in with it too. It links whatever email address your school has for you.",
    statusLinked: 'Linked',
    statusNotLinked: 'Not linked',
    link: 'Link',
    unlink: 'Unlink',
    linkProvider: 'Link {{label}}',
    unlinkProvider: 'Unlink {{label}}',
    unlinkTitle: 'Unlink {{label}}?',
    unlinkBody:
      "You will no longer sign in to this account with {{label}}. If your school confirms this account's email address, signing in with it will link it again.",
    linkedNotice: '{{label}} is now linked to your account.',
    alreadyLinkedNotice: '{{label}} was already linked to your account.',
    unlinkedNotice: '{{label}} is no longer linked to your account.',
    linkFailed: 'Linking could not start. Please try again.',
    notLinked: 'Your account is not linked to that school sign-in.',
    lastSignIn:
      "You can't unlink your only way to sign in. Set a password or link another school sign-in first.",
    linkedElsewhere:
      'That school sign-in is already linked to another ChairTalk account, so it was not linked to this one. Nothing was changed.',
    providerLinked:
      'Your account is already linked to another person at that school sign-in. Unlink it first to link a different one.',
    linkRefused:
      "Your school's sign-in was not linked: the school's sign-in page did not confirm it. Nothing was changed. Please try again.",
    linkOtherSession:
      'You are no longer signed in as the account that started linking, so nothing was linked. Sign in to that account and try again.',
    linkSignInAgain:
      'For your safety, a school sign-in can be linked only within 10 minutes of signing in. Sign out, sign in again, then link it.',
  },
  /** The language a conversation is held in (decision 048). */
  lti: {
    syncRoster: 'Sync roster from the course',
    syncingRoster: 'Syncing the roster…',
    rosterSynced: 'Roster synced: {{joined}} joined, {{left}} left, {{unchanged}} unchanged.',
    coInstructorsSynced: 'Co-instructors: {{added}} added, {{removed}} removed.',
    noRoster:
      'This course has not shared its roster: launch ChairTalk from the course once as its instructor, with Names and Roles enabled, and try again.',
    rosterFailed:
      'The course platform did not send its roster. Nothing was changed; please try again later.',
    passbacksTitle: 'Scores the course platform did not take',
    passbackLine: '{{name}} · {{scenario}} · {{score}}/{{max}}: {{error}}',
    sendAgain: 'Send again',
    sentAgain: 'The score will be sent again now.',
    passbackNotFound: 'That score is not waiting to be sent again.',
    passbackComment: 'Your ChairTalk review: {{url}}',
    heading: 'Course platforms (LTI 1.3)',
    intro:
      'Connect a learning platform such as Canvas or Moodle: its courses become cohorts here, its links open scenarios, and scores go back to its gradebook.',
    toolDetails: 'Enter these details of ChairTalk in your platform:',
    jwksUrl: 'Public keyset URL (JWKS)',
    loginUrl: 'OpenID Connect login initiation URL',
    launchUrl: 'Redirect and target link URL',
    deepLinkingUrl: 'Deep linking URL',
    copy: 'Copy {{label}}',
    copied: 'Copied.',
    platformsEmpty: 'No platform registered yet.',
    registerTitle: 'Register a platform',
    editTitle: 'Change {{issuer}}',
    issuer: 'Issuer',
    issuerHint:
      'The platform’s own address as it names itself, e.g. https://canvas.instructure.com',
    clientId: 'Client ID',
    deploymentIds: 'Deployment IDs',
    deploymentIdsHint: 'One or more, separated by commas, spaces or new lines.',
    authUrl: 'Platform authentication request URL',
    platformJwksUrl: 'Platform keyset URL (JWKS)',
    tokenUrl: 'Platform access token URL',
    register: 'Register platform',
    save: 'Save changes',
    edit: 'Change',
    cancel: 'Cancel',
    registered: 'Platform registered.',
    saved: 'Platform saved.',
    remove: 'Remove platform',
    confirmRemoveTitle: 'Remove {{issuer}}?',
    confirmRemove:
      'Launches from this platform stop working. The cohorts and assignments it made stay, with every trainee’s work.',
    removed: 'Platform removed.',
    platformSummary: 'Client ID {{clientId}} · deployments: {{deployments}}',
    required: 'Fill in this field.',
    tooLong: 'This is too long.',
    badUrl: 'Enter a full web address beginning with https://.',
    httpsOnly: 'This server calls platforms over https:// only.',
    privateAddress:
      '{{field}}: ChairTalk calls only addresses on the public internet, not private, local or reserved ones.',
    privateAddressGeneric:
      'ChairTalk calls only addresses on the public internet, not private, local or reserved ones.',
    badIdentifier: 'Use one word without spaces or control characters.',
    noDeployment: 'Enter at least one deployment ID.',
    tooManyDeployments: 'Enter at most {{max}} deployment IDs.',
    platformNotFound: 'Platform registration not found.',
    platformTaken: 'This issuer and client ID are already registered in ChairTalk.',
    platformLimit: 'An organisation can register at most {{max}} platforms.',
    platformLimitGeneric: 'This organisation has as many platforms as it can register.',
    launchFailedTitle: 'This launch could not be completed',
    launchFailedHelp:
      'Go back to your course and open the link again. If it keeps failing, tell your course’s instructor what this page says.',
    launchFailed: {
      unknown_platform: 'This learning platform is not registered in ChairTalk.',
      state: 'This launch was not started from this browser, or it was already used.',
      expired: 'This launch took too long and has expired.',
      signature: 'This launch is not signed by the learning platform it names.',
      replayed: 'This launch was already used once and cannot be used again.',
      deployment: 'This deployment of the learning platform is not registered in ChairTalk.',
      claims: 'This is not an LTI 1.3 launch ChairTalk can take.',
      cookie:
        'Your browser did not keep the cookie ChairTalk set at the start of the launch. Open the link in a new window, with cookies allowed.',
      no_course: 'This launch does not name a course.',
      trainee_of_course:
        'You are a trainee of this course in ChairTalk, so you cannot teach it too. Ask the organisation’s trainer to remove you from the cohort, then open the link again.',
      unknown_link: 'This link does not open any practice of this course.',
      limit: 'The organisation has as many cohorts as it can have, so this course cannot be added.',
      deep_link_types:
        'This course platform takes no LTI links here, so ChairTalk cannot place a practice in it.',
      unavailable: 'ChairTalk could not finish this launch. Please try again in a moment.',
    },
    backHome: 'Go to ChairTalk',
  },
  ltiDeepLink: {
    title: 'Add a practice to your course',
    intro:
      'Choose the scenario this link in “{{course}}” opens. ChairTalk assigns it to the course’s cohort.',
    gradebook: 'Your course gets a gradebook column, scored out of 10.',
    scenario: 'Scenario',
    chooseScenario: 'Choose a scenario',
    chooseFirst: 'Choose a scenario first.',
    noScenarios: 'There is no scenario you can assign to this course yet.',
    dueDate: 'Due date (optional)',
    dueInvalid: 'Enter the due date as a date.',
    dueOutOfRange: 'Enter a due date from {{min}} to {{max}}.',
    place: 'Add to course',
    cancel: 'Cancel and return to the course',
    loading: 'Loading the scenarios you can assign…',
    notFound:
      'This content selection is not yours, or it was already used. Open it again from your course.',
    expired:
      'This content selection took too long and has expired. Open it again from your course.',
    sendTitle: 'Returning to your course',
    sending: 'Sending your choice to your course…',
    send: 'Continue to your course',
    nothingToSend:
      'There is nothing to send: this choice was already sent, or it is not yours. Open the content selection again from your course.',
  },
  language: {
    /** Each conversation language by name, in the reader's language. */
    names: {
      en: 'English',
      es: 'Spanish',
      fr: 'French',
      de: 'German',
      pt: 'Portuguese',
      it: 'Italian',
    },
    needsProvider:
      'Conversations in {{language}} need an AI provider: ask whoever runs ChairTalk to connect one on the server. The built-in patient speaks English only.',
    needsProviderGeneric:
      'Conversations in this language need an AI provider: ask whoever runs ChairTalk to connect one on the server. The built-in patient speaks English only.',
    scenarioLanguageLabel: 'Language',
    scenarioLanguageHelp: 'The language the patient speaks and the opening line is written in.',
    conversationLanguageLabel: 'Conversation language',
    translatedOpening: 'The patient’s opening line is translated when the conversation starts.',
    scenarioLanguage: 'Language: {{name}}',
    underWay: 'This conversation has started, so it stays in its language.',
    startFailed: 'The conversation could not be started in {{language}}. Please try again.',
  },

  /** Translating a scenario into another language with the AI provider (decision 048). */
  translation: {
    action: 'Translate…',
    legend: 'Translate this scenario',
    help: 'The AI provider writes a draft of the saved scenario in another language. You review it and save it as a new scenario; this one stays as it is.',
    targetLabel: 'Translate into',
    submit: 'Translate',
    cancel: 'Cancel',
    working: 'Translating… this can take a minute.',
    draftTitle: 'Review the translation',
    draftNotice:
      'A draft translation of “{{title}}” into {{language}}. Check and edit every field, then save it as a new scenario. The original is not changed.',
    backToOriginal: 'Back to the original',
    sameLanguage:
      'This scenario is already written in {{language}}. Choose another language to translate it into.',
    sameLanguageGeneric:
      'This scenario is already written in that language. Choose another language to translate it into.',
    needsProvider:
      'Translating a scenario needs an AI provider: ask whoever runs ChairTalk to connect one on the server. You can still write a scenario in any language yourself.',
    failed: 'The scenario could not be translated. Please try again.',
    providerFailed:
      'The AI provider did not answer with a translation. Please try again in a moment.',
    unusable:
      'The AI provider’s translation could not be used: it was empty, incomplete or too long for a scenario. Please try again.',
  },
} as const;

/**
 * The shape every complete catalogue has: each of English's keys, each a string. A catalogue
 * typed with it fails the typecheck when a key is missing.
 */
export type Catalogue = Strings<typeof en>;
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** A catalogue that may leave sentences out (they show in English), but has no other keys. */
export type PartialCatalogue = DeepPartial<Catalogue>;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };
