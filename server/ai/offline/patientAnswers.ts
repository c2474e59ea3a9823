import type { ConversationTopic, ScenarioRecord } from '../../scenarios/schema';

/**
 * What the offline patient says when the scenario has no line of its own for the moment: an
 * answer to a direct question that fits the profile, small talk back to small talk, a
 * confirmation of a summary. Every line is the patient's own words, never a backchannel that
 * could as well be the clinician's ("Go on.", "I'm listening.").
 */

export interface PatientProfile {
  /** Speaking for someone else (a parent or a carer). */
  proxy: boolean;
  anxious: boolean;
  /** Sceptical of the recommendation or slow to trust. */
  wary: boolean;
  senior: boolean;
}

export function profileOf(scenario: ScenarioRecord): PatientProfile {
  const { extras } = scenario;
  return {
    proxy: extras.speaker !== 'patient',
    anxious: extras.start.anxiety >= 0.6,
    wary: extras.receptiveness === 'low' || extras.start.trust <= 0.35,
    senior: extras.voice.ageGroup === 'senior',
  };
}

interface TopicLines {
  patient: string[];
  proxy: string[];
  anxious?: string[];
  wary?: string[];
  senior?: string[];
}

const DEFAULT_ANSWERS: Record<ConversationTopic, TopicLines> = {
  feelings: {
    patient: [
      "Honestly, a bit uneasy. I don't love sitting in this chair.",
      "I feel okay, just a little tense about what you'll find.",
      'Mixed, I suppose. Part of me wants it sorted and part of me is worried.',
    ],
    anxious: [
      "Nervous, to be honest. My heart's going a bit just sitting here.",
      "Scared, if I'm truthful. I've been dreading today.",
    ],
    wary: [
      "Wary, if I'm honest. I want to feel sure before I agree to anything.",
      "Guarded. I've had the hard sell before and I didn't like it.",
    ],
    senior: ["At my age I don't frighten easily, but I do feel a little uneasy."],
    proxy: [
      'Worried for them, honestly. I just want to do the right thing.',
      "A bit anxious. It's harder when it's someone else in the chair.",
      "I feel responsible, so I'm nervous about getting it wrong.",
    ],
  },
  cost: {
    patient: [
      "Nobody's given me a figure yet, and the cost does worry me.",
      "I'd heard it could be expensive, so I'm bracing myself for the price.",
      "Money's always a factor. I'd need to know what I'm paying before I agree.",
    ],
    wary: ["I've heard these things cost a fortune, and I'd want the price in writing."],
    senior: ["I'm on a fixed income now, so the cost matters a lot to me."],
    proxy: [
      "I haven't been told what it would cost, and that matters to us.",
      "Money is tight at home, so I'd need to know the price first.",
      "I'd want to know what we'd be paying before we decide anything.",
    ],
  },
  time: {
    patient: [
      "Appointments are hard to fit in, so I'd want as few visits as possible.",
      "I can make time, but I'd need to know how many visits we're talking about.",
      'Mornings are easiest for me, if I know the appointment well in advance.',
    ],
    anxious: ["I'd rather not have lots of appointments hanging over me, to be honest."],
    senior: ["I'm retired, so time isn't the problem. Getting here is, some days."],
    proxy: [
      'Getting them here means time off for both of us, so fewer visits would help.',
      'After school is easiest for appointments, if you have any.',
      'We can make the time, we just need to know how many visits.',
    ],
  },
  pain: {
    patient: [
      "It's not painful most of the time, just a twinge now and then.",
      'It hurts a bit when I bite down, nothing constant.',
      "No real pain at the moment, but I'm worried it'll hurt during the treatment.",
    ],
    anxious: [
      "The pain isn't the worst part, it's the thought of the needle.",
      "I'm terrified it'll hurt once you start, if I'm honest.",
    ],
    proxy: [
      "They haven't complained of pain, not that I've noticed.",
      "They say it hurts sometimes when they eat, but they're brave about it.",
      "My worry is that it'll hurt them during the treatment.",
    ],
  },
  procedure: {
    patient: [
      "I don't really know what the treatment involves, to be honest.",
      "I've only got a rough idea of what you'd actually do.",
      "Nobody's walked me through the steps of the procedure yet.",
    ],
    anxious: ["I'd rather know every step of the procedure, so nothing takes me by surprise."],
    wary: ["I know roughly what's involved, but I'd want to hear why each step is needed."],
    proxy: [
      "I'm not sure what the treatment involves for them.",
      "I'd want to know each step of the procedure so I can prepare them.",
      "I've only got a vague idea of what you'd actually do.",
    ],
  },
  risks: {
    patient: [
      "I'd want to know what could go wrong before I agree.",
      "I haven't really thought about the risks, but I should, shouldn't I?",
      'Side effects worry me a bit. Nobody ever mentions them.',
    ],
    anxious: ["I worry about things going wrong, that's just how I am."],
    wary: ["Every treatment has risks, and I'd want you to be straight with me about them."],
    senior: ['At my age I do wonder about the risks of anything like this.'],
    proxy: [
      "I'd want to know the risks before anything is done to them.",
      "I worry about side effects, they're only small.",
      "What could go wrong is the first thing I'd want to hear about.",
    ],
  },
  alternatives: {
    patient: [
      "I'd like to know the other options, including leaving it alone.",
      "I did wonder whether there's a simpler option than this.",
      "If doing nothing is an option, I'd want to hear about that too.",
    ],
    wary: ["I'd want to hear all the options, not just the most expensive one."],
    proxy: [
      "I'd like to know whether there's another option for them.",
      "If we could wait and see, I'd want to know that's an option.",
      "I'd want to hear the alternatives before we decide.",
    ],
  },
  longevity: {
    patient: [
      "I'd want it to last a good few years, otherwise what's the point?",
      "How long it lasts matters to me. I don't want to be back here in two years.",
      "I'd be happy if it lasted ten years or more.",
    ],
    senior: ["At my age, I'd just want it to last me out."],
    proxy: [
      "I'd want it to last until they're older, at least.",
      "If it has to be redone every year, I'm less keen.",
      "I'd like to know how long it will last for them.",
    ],
  },
  past: {
    patient: [
      'My last visit was a while ago, and it was fine, nothing dramatic.',
      "I've had a couple of fillings before, years ago now.",
      'The last time I had work done, it was over quicker than I expected.',
    ],
    anxious: ["I had a bad time at the dentist years ago, and it's stayed with me."],
    wary: ["In the past I've been told I needed things I wasn't sure about."],
    senior: ["I've had plenty of dental work over the years, good and bad."],
    proxy: [
      'Their last visit was a check-up and it went fine.',
      "They've not had anything done before, this is all new.",
      'Last time they were a bit upset, but they got through it.',
    ],
  },
  family: {
    patient: [
      'My family think I should just get it sorted.',
      'My partner keeps telling me to stop putting it off.',
      "A friend had something similar done and said it wasn't too bad.",
    ],
    wary: ['My family have opinions, but I make up my own mind.'],
    senior: ['My children worry about me more than I worry about myself.'],
    proxy: [
      "The rest of the family want what's best for them, same as me.",
      "My partner left this one to me, so I'm the one deciding.",
      "Friends have said all sorts, which is half the reason I'm confused.",
    ],
  },
  appearance: {
    patient: [
      "I'd like it to look natural, I don't want it to stand out.",
      "How it looks matters to me, I won't lie.",
      "I'm a bit self-conscious about my smile already.",
    ],
    senior: ["I'm past worrying too much about looks, but I'd like it to look tidy."],
    proxy: [
      "As long as it looks normal, that's fine for them.",
      "I don't want them to be teased about how their teeth look.",
      'Looks matter less to me than their health, honestly.',
    ],
  },
  work: {
    patient: [
      "Work is busy, so I can't take lots of time off.",
      "Day to day I'm managing, I just chew on the other side.",
      "My job keeps me on the go, so I'd need to plan around it.",
    ],
    senior: ["I'm retired, so my days are my own, mostly."],
    proxy: [
      "School is the main thing, I don't want them missing lessons.",
      'With work and school runs, our days are pretty full.',
      "Day to day they're fine, eating and sleeping normally.",
    ],
  },
};

/**
 * Answers to a direct question on a topic: the scenario's own first, then ones that fit the
 * profile. Order matters: the scenario's voice is used up before the defaults are heard.
 */
export function topicAnswers(scenario: ScenarioRecord, topic: ConversationTopic): string[] {
  const own = scenario.extras.topicAnswers?.[topic] ?? [];
  const lines = DEFAULT_ANSWERS[topic];
  const profile = profileOf(scenario);
  const fitting = profile.proxy
    ? lines.proxy
    : [
        ...(profile.anxious ? (lines.anxious ?? []) : []),
        ...(profile.wary ? (lines.wary ?? []) : []),
        ...(profile.senior ? (lines.senior ?? []) : []),
        ...lines.patient,
      ];
  return [...own, ...fitting];
}

/** Small talk back, by what the clinician said. */
export const SMALL_TALK = {
  greeting: [
    'Hello. Thanks for seeing me.',
    'Hi. Nice to meet you too.',
    'Morning. I hope you are having a better day than my tooth.',
    'Hello. I made it, anyway.',
  ],
  howAreYou: [
    'Not too bad, thanks, apart from the reason I am here.',
    "I'm alright, thanks. A bit tired, but alright.",
    'Fine, thanks for asking. How are you?',
    'Oh, you know. Could be worse. And you?',
  ],
  journey: [
    'The traffic was not too bad, thankfully.',
    'I found you fine, the parking was the tricky bit.',
    'It was a bit of a trek, but I got here.',
    "It's grim out there today, isn't it?",
  ],
  welcome: [
    "Thank you. I'll just put my bag down here.",
    'Thanks. This chair is comfier than it looks.',
    'That is alright, I was early anyway.',
    "No problem. I've been reading the posters.",
  ],
  filler: [
    "Sorry, I'm just taking it all in.",
    "I'm still thinking about what you said.",
    'Sorry, my mind wandered there for a second.',
    "I'm not sure what to say to that, honestly.",
  ],
} as const;
export type SmallTalkKind = keyof typeof SMALL_TALK;

const PROXY_SMALL_TALK: Partial<Record<SmallTalkKind, string[]>> = {
  greeting: [
    'Hello. Thanks for fitting us in.',
    'Hi. Nice to meet you.',
    'Hello. We got here in the end.',
  ],
  howAreYou: [
    'We are alright, thanks. It has been a busy week.',
    'Fine, thanks. A bit frazzled, but fine.',
    'Not bad, thanks for asking.',
  ],
};

export function smallTalkLines(scenario: ScenarioRecord, kind: SmallTalkKind): string[] {
  const proxy = profileOf(scenario).proxy ? (PROXY_SMALL_TALK[kind] ?? []) : [];
  return [...proxy, ...SMALL_TALK[kind]];
}

/** Which kind of small talk a turn is, from its folded text. */
export function smallTalkKind(lower: string): SmallTalkKind {
  if (
    /\bhow (are|r) (you|u)\b|\bhow('s| is) (it going|your day|things|life)\b|\bhow have you been\b|\bhow are things\b/.test(
      lower,
    )
  )
    return 'howAreYou';
  if (
    /\b(weather|rain|sunny|cold|hot|traffic|parking|park|roads?|journey|find us|found us|weekend|holiday|trip)\b/.test(
      lower,
    )
  )
    return 'journey';
  if (
    /\b(seat|come in|comfortable|waiting|wait|thanks for coming|thank you for coming)\b/.test(lower)
  )
    return 'welcome';
  if (/\b(hi|hello|hey|hiya|morning|afternoon|evening|nice to (meet|see)|welcome)\b/.test(lower))
    return 'greeting';
  return 'filler';
}

/** A summary that got it right. */
export const CONFIRMATIONS = [
  "Yes, that's it exactly.",
  "That's about right, yes.",
  "Yes. You've got it.",
  'Yes, that sums it up.',
];
/** A summary that left something out; {concern} is filled in. */
export const CORRECTIONS = [
  "Mostly, yes. But you've left out {concern}, and that's still on my mind.",
  'Partly. The thing I keep coming back to is {concern}.',
  "Nearly. Don't forget {concern}, though.",
];

/** A check of understanding. */
export const UNDERSTOOD = [
  'I think I follow, yes.',
  'Yes, that makes sense so far.',
  "I think so. It's a lot to take in, but yes.",
  "Yes, that's clearer now.",
];

/** A yes-or-no question with nothing to hang a specific answer on. */
export const SHORT_ANSWERS = [
  'I think so, yes.',
  'Not really, no.',
  "I'm not sure, to be honest.",
  'Sometimes, I suppose.',
  'Yes, mostly.',
  "No, I don't think so.",
];

/** What the patient makes of an explanation, when it touches nothing they are worried about. */
export const TAKING_IN = [
  "Right. That's more than anyone has told me before.",
  "I see. I hadn't thought of it like that.",
  'Okay, that helps me picture it.',
  "I'll have to let that sink in a bit.",
  "That's useful to know, thank you.",
  'Hm. That sounds better than I expected.',
  "I didn't realise that, to be honest.",
  'So that is what it would mean for me.',
];

/** Put in front of a line the patient has already said once, so the reply is not a repeat. */
export const AGAIN = [
  'Like I said, ',
  'As I mentioned, ',
  'I keep coming back to it, but ',
  'Sorry to repeat myself, but ',
  'I know I said it already, but ',
  'It is still the same for me: ',
];
