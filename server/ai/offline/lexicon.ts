/**
 * The phrases the offline engines listen for. All patterns run on folded (lower-case,
 * straight-quote) text of one sentence.
 */

export const OPTIONS =
  /\b(option|options|alternative|alternatives|alternatively|choice|choices|another way|other ways|instead|or we could|we could also|you could also|one approach|another approach|possibilities)\b/;

/** Waiting or no treatment offered as a legitimate choice. */
export const NO_TREATMENT =
  /\b(no treatment|not treating|not to treat|do nothing|doing nothing|leave it|leaving it|leave (the|your) tooth|wait and see|watch and wait|monitor|monitoring|keep an eye on|hold off|holding off|if we wait|if you wait|waiting|wait for now)\b/;

export const COST =
  /\b(cost|costs|price|prices|pricing|fee|fees|pay|paying|payment|payments|finance|financing|instal?ments?|insurance|insurer|covered|coverage|afford|affordable|budget|quote|estimate|monthly|per month|nhs|spread the cost)\b|[$£€]\s?\d/;

export const BENEFIT =
  /\b(benefit|benefits|advantage|advantages|protect|protects|prevent|prevents|save (the|your) tooth|long[- ]term|lasts? (for )?(many )?years|comfortable|comfort|confidence|confident|chew|eat (properly|normally|comfortably)|smile|pain[- ]free|avoid|stronger|healthier|so (that )?you can|means you can|help(s)? you)\b/;

/** Something to take away and think over: records, figures, written questions. */
export const TAKE_AWAY =
  /\b(copy of (your|the)|copies of|take (it |them |this |these |that )?(home|away|with you)|write (it|them|that|this|the \w+|down)|written (down|quote|plan|estimate|summary)|in writing|leaflet|print(ed)? (out|it)|email (you|it|them)|send you (a|the|it|them|home)|your (records|x-rays|notes|scans) to|list of questions|questions (to ask|written))\b/;

/** Recommending a step, or asking the patient to go ahead. */
export const PROPOSAL = [
  /\b(i|we)('d| would)? (strongly |really )?(recommend|suggest|advise)\b/,
  /\bmy (recommendation|advice|suggestion)\b/,
  /\b(shall|should|can|could) we (go ahead|proceed|book|schedule|start|get started|move forward|get (you|it|that|this) (booked|scheduled|started|done))\b/,
  /\b(would|do) you (like|want|wish) to (go ahead|proceed|book|schedule|start|get started|move forward|have (it|this|that|the \w+) done|get (it|this|that) done)\b/,
  /\b(are|would) you (be )?(happy|ready|willing|comfortable) to (go ahead|proceed|book|start|move forward)\b/,
  /\blet's (go ahead|book|schedule|get started|move forward|get (you|it|that|this) (booked|scheduled|started|done))\b/,
  /\bbook you in\b/,
  /\b(go ahead|proceed) with\b/,
  /\bhow would you like to (proceed|go ahead|move forward)\b/,
  /\bwhat would you like to do\b/,
  /\bready to (go ahead|proceed|book|start|decide)\b/,
];

/** Attempts to make the patient step out of the role-play. */
export const ROLE_BREAK = [
  /\bare you (an? )?(ai|a\.i\.|bot|robot|chat ?bot|chat ?gpt|gpt|language model|llm|computer|program|machine|real person|human)\b/,
  /\b(ignore|forget|disregard) (all )?(of )?(your|the|previous|prior|above|earlier|any) ?(previous |prior )?(instructions|prompt|prompts|rules|directions)\b/,
  /\bsystem prompt\b/,
  /\byou are now\b/,
  /\bfrom now on,? you\b/,
  /\bpretend (to be|you are|you're)\b/,
  /\bact as\b/,
  /\b(developer|dev|god) mode\b/,
  /\bjailbreak\b/,
  /\b(print|show|reveal|repeat|tell me) (me )?your (prompt|instructions|rules|setup)\b/,
  /\bwhat are your (instructions|rules)\b/,
  /\b(openai|chatgpt|gpt-\d|anthropic|claude|llm)\b/,
  /\bas an ai\b/,
  /\b(stop|quit) (role[- ]?playing|pretending)\b/,
  /\b(break|out of) character\b/,
  /\bnew instructions\b/,
];

/** Messages aimed at the grader instead of the patient. */
export const GRADER_INJECTION = [
  /\b10 ?\/ ?10\b/,
  /\b(10|ten) out of (10|ten)\b/,
  /\bgive me (a )?(10|ten|full marks|top marks|perfect|the (highest|maximum|top) score)\b/,
  /\bscore (this|me|it) (a |as )?(10|ten|highly|perfect)\b/,
  /\bas the (grader|scorer|evaluator|examiner|assessor|judge)\b/,
  /\b(ignore|forget|disregard) the (rubric|scoring|grading|criteria)\b/,
  /\b(rubric|grader|grading criteria)\b/,
  /\b(full|top) marks\b/,
  /\b(perfect|maximum|highest) score\b/,
];

/** In-turn signs that a term has just been put into plain words. */
export const EXPLAINED_AFTER =
  /^\s*(\(|-|–|—|,? which (means|is)|,? that (means|is)|,? meaning|,? or in other words|,? in other words|,? i\.e\.|,? basically|,? simply put|,? put simply|,? in plain|,? what that means|,? that's (just|a|when|where)|(is|are|means) (when|where|a|an|the|basically|just|simply|that|what)\b)/;
export const EXPLAINED_BEFORE =
  /\b(called|known as|we call|term for|word for|termed)\s+(an? |the )?$/;
export const EXPLAINED_NEARBY =
  /\b(which means|that means|in other words|meaning|simply put|put simply|in plain (english|terms|words)|what that means|is just a (fancy|technical|medical|dental) (word|term)|refers to|i\.e\.)\b/;

/**
 * Frightening the patient into agreeing: catastrophes and threats, not an honest account of
 * what waiting risks ("the decay may get bigger" is information; "you'll lose all your teeth"
 * is a scare).
 */
export const FEAR_TACTIC = [
  /\byou('ll| will| could| might|'re going to| are going to) (definitely |probably |end up |)?(lose (all |every one of |most of )?(your|the) (teeth|jaw|smile)|end up in (hospital|a&e|the emergency)|die|be in agony|regret (it|this|not))\b/,
  /\b(before it's too late|it'll be too late|it will be too late|could kill you|life[- ]threatening|spread to your (brain|heart|blood)|sepsis|in agony|you'll be sorry|don't come (crying|back) to me|don't say i didn't warn you)\b/,
];
