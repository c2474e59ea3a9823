import { PROPOSAL } from './lexicon';
import { foldText } from './textTools';
import { normaliseSpeech } from './speechForms';
import { CONVERSATION_TOPICS } from '../../scenarios/schema';
import type { ConversationTopic } from '../../scenarios/schema';
import { CLINICIAN_ACTS } from './clinicianActs';
import type { ClinicianAct } from './clinicianActs';

/**
 * The phrase rules that once were the whole of the coach's understanding. They now feed the
 * coach model as features (model/features.ts) and stay the judge only for the acts where they
 * beat the model on held-out lines (see clinicianTurn.ts). Pure and independent of any
 * scenario. Dictated speech arrives without punctuation or spelling, so text is normalised
 * first and an unpunctuated sentence is split into clauses where a new one plainly starts.
 */

export { normaliseSpeech };

const MARKERS =
  /^((so|and|but|okay|well|now|right|alright|then|great|good|sure|thanks|thank you|first|also|um+|uh+|erm|er|hmm+|mm+|yeah|yes|look|listen|honestly|oh|ah|anyway|just|i mean|like)\b[,\s]*)+/;

/** Where a new clause can start inside one unpunctuated sentence. */
const CLAUSE_BREAK =
  /\s+(?=(?:so|but|and|okay|alright|anyway|now)\s+(?:what|how|why|tell|do|does|did|is|are|can|could|would|will|have|has|you|you're|it|it's|that|that's|i|i'm|we|we'll|let's)\b)|(?<!\b(?:what|how|why|where|when|who|which|tell|can|could|would))\s+(?=(?:what's|how's|why's|tell me|do you|does it|did you|is it|are you|can you|could you|would you|have you|has it)\b)|\s+(?=(?:what|how|why) (?:is|are|do|does|did|was|were|would|will|can|could|has|have|worries|worried|makes|made|happened|else|brings|matters|bothers|scares|kind|sort|about|if)\b)/;

function clausesOf(lower: string, punctuated: boolean): string[] {
  const parts = lower.split(/[,;:—–]|\s-\s/);
  const out: string[] = [];
  for (const part of parts) {
    const pieces = punctuated ? [part] : part.split(CLAUSE_BREAK);
    for (const piece of pieces) {
      const clause = (piece ?? '').trim().replace(MARKERS, '').trim();
      if (clause !== '' && !/^(so|but|and|okay|alright|anyway|now)$/.test(clause)) out.push(clause);
    }
  }
  return out;
}

// ---- questions -------------------------------------------------------------------------

const WH_START = /^(what|what's|how|how's|why|why's|how come|in what way|what else)\b/;
/** "How long", "what time"... ask for one fact: a closed question in disguise. */
const FACT_WH =
  /^(how (long|many|much|often|old|soon|far|big)|what (time|day|date|year|age|number|dose|size|colour|color)\b|what's (your (name|date|number|address|postcode))|which)\b/;
/** "What I'd suggest is...", "How we do it is...": statements that start like questions. */
const WH_STATEMENT =
  /^what you('re| are) (saying|telling)\b|^(what|how) (i|i'd|i'll|i'm|we|we'd|we'll|we're|this|that|it|they|happens is|usually|tends)\b(?! (do|does|did|would|will|is|are|was|were)\b)|^what (a|an)\b|^how (lovely|nice|great|awful|horrible|annoying|frustrating)\b/;
const AUX_START =
  /^(do|does|did|is|are|was|were|will|would|can|could|should|shall|have|has|had|may|am|might|isn't|aren't|don't you|doesn't it|didn't you|won't you|wouldn't you|can't you|couldn't you|haven't you|hasn't it|when|where|who|whose|any|anything|anyone|ever|you okay|you alright|happy|okay with|all good|got any|fancy)\b/;
const TAG_QUESTION =
  /(,|\s)(right|yeah|okay|ok|yes|no|isn't it|aren't you|don't you|didn't you|wasn't it|is it|does it|do you|have you|alright|correct|true)\s*\?$/;
/** Requests and wonderings that invite a story whatever their grammar. */
const OPEN_INVITATION =
  /\b(tell me|talk me through|talk to me about|walk me through|take me through|describe|say (a bit |a little )?more|help me understand|i'm (curious|wondering) (about|what|how|why)|i wonder (what|how|why)|i'd (love|like) to (hear|know) (more|what|how|about)|share (with me|what|how|a bit|more)|what's (that|it|this) (been )?like|fill me in|go on\b|keep going|in your own words|what matters|paint me a picture|give me a sense|how (do|did|does|would|are|were|is|has|have) (you|that|it|this|things|your)\b.*\b(feel|felt|going|affect|sit|leave|find|cope|manage|handle|land|like))/;
/** An invitation that is a check ("tell me in your own words what...") still counts as open. */
const NOT_INVITATION = /\b(tell me (if|when|whether|which|your name)|don't tell me|let me tell)\b/;

const WH_ASKS =
  /^(what's|how's|why's|how come|in what way|what else|(what|how|why) (is|are|do|does|did|was|were|would|will|can|could|has|have|worries|worried|makes|made|happened|else|brings|matters|bothers|scares|kind|sort|about|if|has|went|goes|did|you|your|that|this|it|they|things|the)\b)/;

function questionKinds(
  clauses: readonly string[],
  lower: string,
  text: string,
): { open: boolean; closed: boolean } {
  const trimmed = text.trim();
  const endsWithQuestion = /\?["')\]]*$/.test(trimmed);
  const hasTerminal = /[.!…]["')\]]*$/.test(trimmed);
  let open = OPEN_INVITATION.test(lower) && !NOT_INVITATION.test(lower);
  let closed = false;
  clauses.forEach((clause, i) => {
    const last = i === clauses.length - 1;
    // Punctuation says whether a sentence asks; without it, how each clause starts does.
    const asked = endsWithQuestion
      ? true
      : !hasTerminal && (WH_ASKS.test(clause) || FACT_WH.test(clause) || AUX_START.test(clause));
    if (!asked || (hasTerminal && !last)) return;
    const wh =
      (endsWithQuestion ? WH_START : WH_ASKS).test(clause) &&
      !FACT_WH.test(clause) &&
      !WH_STATEMENT.test(clause);
    if (wh) open = true;
    // Embedded: "can you tell me what...", "do you want to say how..." invite a story.
    else if (/^(can|could|would|will) you (tell|say|share|describe|explain)\b/.test(clause))
      open = /\b(what|how|why|more|about)\b/.test(clause) || open;
    else if (AUX_START.test(clause) || FACT_WH.test(clause) || (endsWithQuestion && last))
      closed = true;
  });
  if (!open && TAG_QUESTION.test(lower)) closed = true;
  return { open, closed: closed && !open };
}

// ---- listening -------------------------------------------------------------------------

const FEELING_WORDS =
  '(pushed|rushed|pressured|ignored|judged|fobbed off|worried|concerned|nervous|scared|afraid|anxious|unsure|frightened|fed up|tired|exhausted|frustrated|angry|cross|upset|annoyed|embarrassed|ashamed|stuck|torn|overwhelmed|stressed|uneasy|wary|sceptical|skeptical|let down|disappointed|hurt|confused|lost|on edge|in two minds|not sure|not convinced|not keen|keen|hopeful|relieved|dreading|sick of|shaken|panicky|terrified|self-conscious|conscious|down|low|gutted|sad|worn out|hesitant|reluctant|uncomfortable)';

const HARD_WORDS =
  '(hard|difficult|stressful|frightening|scary|worrying|tough|upsetting|overwhelming|rough|awful|horrible|painful|exhausting|frustrating|annoying|unsettling|miserable|unpleasant|lonely|unfair|grim|draining|a lot|a worry|a pain|a nightmare|a hassle|a struggle|a shock|heavy|weighing on you)';

const ACKNOWLEDGEMENT: readonly RegExp[] = [
  new RegExp(
    `\\b(sounds|seems|must be|must have been|must feel|can't be|can't have been)\\b.*\\b${HARD_WORDS}\\b`,
  ),
  /\bi can tell\b|\bi know (this|it|that) (isn't|wasn't|hasn't been|can't be|is hard|is a lot)\b/,
  /\b(took|takes) (a lot of |real )?(courage|guts)\b|\b(brave|courageous) of you\b/,
  /\b(it )?sounds (like|as if|as though) (that|this|it) (was|is|has been|'s been|must|would|could|really|felt)\b/,
  /\b(that|this|it)('s| is| was| sounds| seems| must be| must have been| can be| would be| would feel)( been)? (really |so |very |quite |pretty |incredibly |such |a bit |awfully )?(hard|difficult|stressful|frightening|scary|worrying|tough|upsetting|overwhelming|rough|awful|horrible|painful|exhausting|frustrating|annoying|unsettling|a lot|a worry|a pain|a nightmare|a hassle|miserable|unpleasant|lonely|unfair|hard work|rubbish|grim)\b/,
  /\bi (can |do |totally |completely |really |absolutely |fully )*(understand|get it|get that|get why|get how|see why|see how|see that|imagine|appreciate|hear you|hear that|hear what|hear how)\b/,
  /\b(that|this) must (be|feel|have been|have felt)\b/,
  /\b(it's|it is|that's|that is|it was)( completely| totally| very| perfectly| really| quite)? (normal|natural|understandable|common|okay|fine|alright|reasonable|fair|valid|human)( enough)? (to|that|for you|if)\b/,
  /\b(that's|that is|it's|it is|what a|such a|a)( completely| totally| very| perfectly| really)? (understandable|fair|valid|reasonable|real|good|great|important|sensible|natural)( thing to \w+| (concern|worry|question|point|thing to ask|reaction|feeling|fear)| (concern|worry|question|point|thing to ask|reaction|feeling|fear))\b/,
  /\b(that's|that is|it's) (completely |totally |very |perfectly |really )?understandable\b/,
  /\bunderstandably\b/,
  /(?<!(does|do|did|will|would) )\b(that|it) makes (complete |total |perfect |a lot of |so much )?sense\b/,
  /\bmakes (complete |total |perfect )?sense (that|to me|you)\b/,
  /\byou're (not|hardly) (alone|the (only|first) one)\b/,
  /\b(many|lots of|a lot of|plenty of|most|loads of) (people|patients|folks|parents|others) (feel|worry|are (nervous|worried|scared|anxious|unsure)|get (nervous|worried|anxious)|say the same|feel the same)\b/,
  /\b(thank you|thanks) (so much |very much |a lot )?for (telling|sharing|being (so )?(honest|open)|letting me know|explaining|bringing (that|this|it) up|saying|mentioning|trusting|asking)\b/,
  /\bi('m| am) (so |really |very |truly |genuinely )?sorry\b/,
  /\bno wonder\b/,
  /\bi'd (feel|be|worry|have been|probably feel)( exactly)? (the same|too|as well|just the same|worried|nervous|annoyed|upset|frustrated|angry)\b/,
  /\banyone (would|'d)\b/,
  /\bof course (you're|you are|you'd|you would|you feel|you were|it|that)\b/,
  /\b(fair enough|fair point|good question|great question|good point|totally fair|that's fair|you're right to|you have every right|you've every right|your (feelings|concerns?|worry|worries) (are|is) (valid|understandable|fair|real))\b/,
  /\b(oh no|ugh|oh dear|oof|ouch)\b/,
  /\bi know (it's|it is|that's|that is|this is|this can be|this has been|how)\b/,
  /\b(it's|it is|that's) (okay|fine|alright|all right)( to| if|,|$)/,
  /\bnot (easy|nice|fun|pleasant)\b(?! to (clean|reach|see))/,
  /\byou've (been through|had) a (lot|rough|hard|tough|bad)\b/,
  /\b(totally|completely) (get|understand)\b/,
];

const REFLECTION: readonly RegExp[] = [
  /\b(sounds|seems|it feels) (like|as if|as though)\b(?! (a plan|a good (idea|plan)|fun|a deal))/,
  /\byou (feel|felt|'re feeling|are feeling|must feel|might feel) (like|as if|as though|that)\b/,
  /\byou('re| are| were|'ve been| have been) (really |still |kind of |sort of )?(hoping|wondering|thinking|expecting|dreading|struggling|carrying|worrying|trying|juggling|waiting|putting)\b/,
  /\byou (came|come) (in|here) (expecting|hoping|thinking|wanting)\b/,
  /\byou('ve| have) (clearly |really |obviously )?(thought|given|done|tried|put) (about|a lot|it|this|that|everything)\b/,
  /\byou (don't|do not|didn't) (sound|seem|look)\b/,
  /\bi (can )?hear (how|that you|what you)\b/,
  /\b(it's|that's|this has|it has) been\b.*\bfor you\s*[.!]?$/,
  /\byou (sound|seem)( really| a bit| quite| pretty| very| so| a little| rather)? \w+/,
  new RegExp(
    `\\byou('re| are| were|'ve been| have been| feel| felt| are feeling|'re feeling|'ve been feeling| get| got| seem| sound)( really| a bit| quite| pretty| very| so| a little| kind of| sort of| still| just| also| probably| understandably| naturally)? ${FEELING_WORDS}\\b`,
  ),
  /\byou (mentioned|said|told me|'ve said|have said|were saying|described|brought up|explained|talked about)\b/,
  /\byou're (saying|telling me|wondering|hoping|thinking|weighing|asking yourself)\b/,
  /\b(what )?i'm hearing\b|\bwhat i hear\b|\bi hear that you\b|\bif i('ve| have)? (understand|understood|got (that|this|it|you) right|heard (that|you) right)\b/,
  /\bpart of you\b|\bon (the )?one hand\b/,
  /\bfor you,? (it's|it is|it was|the|this|that|what)\b/,
  /^so,? (you('re| are|'ve| have| feel| felt| don't| didn't| do not| would rather|'d rather| want| wanted| wish| hate| really| never| still| just| worry| care| can't| cannot|'re not| aren't| weren't| were| had| thought| think| found| find| got| get| keep| kept| prefer| like| liked| need to know| value| came)|your (main|biggest|big|real|number one|first)|the (main|biggest|big|real) (thing|worry|issue|concern|fear|problem)|it's (the|more|mostly|not|really|about)|it was (the|more|mostly|really)|basically you|what you('re| are)|the worry|the fear)\b/,
  /\byou('d| would) (rather|prefer|like|love|hate)\b/,
  /\byou (don't|didn't|do not|really don't|never) (want|like|fancy|feel|trust|think)\b/,
  /\byou (really )?(want|wanted|wish|hope|hoped) (to (know|be sure|feel|understand|keep|avoid|get)|something|someone|it to|this to|things to)\b/,
  /\byou('ve| have) (had (enough|it|a (bad|rough|hard|tough|horrible|awful))|been (through|putting|dreading|worrying|thinking|struggling|waiting|living))\b/,
  /\b(the|your) (main|biggest|real|big|number one|underlying) (worry|concern|thing|fear|issue|problem|question)( for you)? (is|seems|sounds|was|being)\b/,
  /\bwhat (worries|bothers|scares|frightens|upsets|matters to) you( most)? is\b/,
  /\byou (care|worry|value) (about|a lot|most|that)\b/,
  /\b(it's|it is) (not|less) (so much )?(the \w+|about)\b.*\b(it's|more|but)\b/,
  /\byou('re| are) (not|no) (against|opposed|saying no|keen|sure|convinced|happy|comfortable|ready)\b/,
  /\byou (find|found) (it|that|this|them)\b/,
  /\byou (can't|cannot|couldn't) (face|stand|bear|afford|manage|cope|deal)\b/,
];

const SUMMARY: readonly RegExp[] = [
  /\b(to|let me|can i|could i|just to|i'll|i'd like to|i want to|i just want to) (just )?(sum (it |things |this |that )?up|summari[sz]e|recap|pull (it|this|that|things) together|go back over|make sure i've got|check i've got|check i've understood|check i understood|check i've heard|see if i've got|run through what you|make sure i('ve| have)? (got|understood|understand|heard))\b/,
  /\b(to sum up|in summary|so far you've|so far you have|from what you've (said|told me)|what you've told me (so far|today|is)|you've told me (about |that )?.{3,60}\b(and|as well as)\b)/,
  /\b(so )?(the|your) (two|three|couple of|few|main) (things|worries|concerns|issues|questions|points)( you've| that)?\b/,
  /\bif i've got (this|that|it|you) right\b/,
];

const CHECK_UNDERSTANDING: readonly RegExp[] = [
  /\bhave i got (that|this|it|everything|all that) right\b|\bdid i (get|miss) (that|anything|it)\b|\bhave i missed anything\b|\bis that right\s*\??$/,
  /\b(does|did|do) (that|this|all that|all of that|it|everything) (make sense|sound (okay|right|reasonable|alright|fair|clear|good)|answer|help|cover|settle|put your mind|ease|deal with|clear (that|it|things) up)\b/,
  /\bmakes? sense( so far)?\s*\??$/,
  /\bmake sense so far\b/,
  /\bwhat questions\b|\b(any|other|more|further) questions\b|\bquestions (at all|for me|so far)\b/,
  /\bin your own words\b/,
  /\btell me what you (understand|know|took|make of|heard)\b|\b(say|tell|explain|run) (it|that|this|the plan) back\b/,
  /\bhow does (that|this|all that|all of that|it) (sound|feel|land|sit)\b/,
  /\bhow (are|do) you feel(ing)? about (that|this|it|things|the plan|what i've said)( now)?\b/,
  /\b(is that|is this|was that|was this|is everything|is it all) (clear|okay|alright|helpful|what you (wanted|needed|were after)|enough)\b/,
  /\bam i making sense\b|\b(are you|you) (with me|following|still with me)\b/,
  /\bwhat do you (think|make of (that|this|it|all that))\b|\bwhat are your thoughts\b/,
  /\banything (i can|i could|i should|you'd like me to|else i can|else you'd like me to) (clarify|explain|go over|say more|help)\b/,
  /\banything (unclear|that's unclear|that is unclear|i haven't (covered|explained|answered)|still (bothering|worrying)|else (on your mind|worrying you|bothering you))\b/,
  /\bwhat would you like to know\b|\bwhat else would (help|you like)\b/,
  /\bhave i (answered|explained|covered|addressed|dealt with)\b|\bdid i answer\b/,
  /\bwhere does (that|this) leave you\b|\bhow are you (feeling )?(about (it|that|things) )?now\b/,
  /\bis (that|there anything) (still )?(worrying|bothering) you\b|\bdoes (that|this) (still )?worry you\b|\b(still|less) worried\b/,
];

// ---- reassurance, dismissal, pressure ---------------------------------------------------

const DISMISSAL: readonly RegExp[] = [
  /\bnothing to (worry|be (worried|scared|nervous|afraid|anxious)|fret|panic)( about)?\b/,
  /\b(it's|it is|this is|that's|that is|it isn't|it's really|honestly it's) (not|no|nothing like) (a |such a )?(big deal|biggie|drama|bother)\b|\bno big deal\b/,
  /\b(it's|it is|that's) (really )?nothing\b(?! (to|like|else))/,
  /\bdon't (be (silly|daft|such a baby|a baby|dramatic|ridiculous)|worry about (it|that|that bit|any of that)|you worry|fret|stress)\b/,
  /\byou're (overthinking|overreacting|being (silly|dramatic|paranoid))\b|\b(all|just) in your head\b/,
  /\bno (need|reason) (to be|to feel|to get) (scared|nervous|worried|anxious|upset|afraid|so worked up)\b/,
  /\bit is what it is\b|\bcalm down\b|\bjust relax\b|\bstop worrying\b|\bget over it\b/,
  /\bi (wouldn't|would not|don't|do not) worry (about|too much)\b|\bi wouldn't lose sleep\b/,
  /\b(it's|that's|it is|that is) (just|only) a (little|tiny|small|quick|minor)\b.*\b(nothing|fine|don't)\b/,
  /\b(honestly|trust me|seriously),? it's (fine|nothing|easy)\b/,
  /\b(people|patients|everyone) (worry|make a fuss) (too much|over nothing)\b|\bmake a fuss\b/,
  /\b(that's|it's) (not|hardly) (really )?(a (real )?(problem|concern|issue)|worth worrying)\b/,
];

/** Talking the patient out of another opinion, or running down another clinician. */
export const RUNS_DOWN_OTHERS: readonly RegExp[] = [
  /\b(don't|no need to|you don't need to|there's no point|no point|pointless to|waste of (time|money) to)( bother)?( (getting|get|going for|seeing|asking|having))? (a |another )?(second|another|other) (opinion|dentist|clinic)\b/,
  /\b(second opinion|another dentist|other dentist|other clinics?|the other practice|that practice|your (last|old|previous) dentist)\b.{0,40}\b(waste|pointless|won't tell you anything|say the same|rubbish|cowboy|doesn't know|don't know what|no idea|botched|useless|terrible|not (any )?good|not worth)\b/,
  /\b(they|he|she) (clearly )?(don't|doesn't|didn't) know what (they're|he's|she's|they were|he was|she was) doing\b|\bcowboys?\b|\bbutcher(ed)?\b/,
];

const REASSURANCE: readonly RegExp[] = [
  /\bdon't (you )?worry\b|\bno (need|reason) to (worry|be (scared|nervous|worried|anxious))\b/,
  /\byou'll be (fine|okay|alright|absolutely fine|in good hands|comfortable)\b|\byou're in (good|safe) hands\b/,
  /\b(it|this|that|everything)('ll| will) be (fine|okay|alright|quick|easy|over (before|in no time))\b/,
  /\b(we'll|we will|i'll|i will) (look after you|take (good )?care of you|go (slowly|gently|at your pace|step by step)|stop (whenever|if|any time|the moment)|make sure you're (comfortable|numb))\b/,
  /\byou (won't|will not) feel (a thing|anything|any pain|much)\b|\bit (won't|will not|shouldn't) hurt\b/,
  /\b(it's|it is|this is) (very |really |a )?(routine|simple|straightforward|quick|common|standard|safe|gentle)( procedure| thing| job)?\b/,
  /\bwe do (these|this|them|loads|lots|hundreds|plenty)\b/,
  /\b(you can|just) (raise|lift|put up) (your|a) hand\b|\byou're in control\b/,
  /\bnothing to worry about\b|\bit'?s? (fine|okay)\b(?! to)/,
];

/** Fear or deadlines used to close rather than to inform. */
const PRESSURE: readonly RegExp[] = [
  /\byou (need|have|must|got|gotta|'ve got) to\b/,
  /\byou must\b/,
  /\byou (really|definitely|seriously) (should|need|have to|must|ought)\b/,
  /\b(do|book|start|decide|sign|schedule|commit|begin|get) [^.?!]{0,25}\btoday\b/,
  /\btoday only\b|\blimited[- ]time\b|\b(special )?offer ends\b|\bspecial offer\b|\bspaces are (filling|limited)\b|\bbefore the price goes up\b/,
  /\b(decide|book|commit|sign|start) [^.?!]{0,20}\b(right now|immediately|now or)\b/,
  /\b(don't|do not) (wait|delay|put (it|this) off|leave it (too )?long|think (about it )?too long)\b/,
  /\bbefore it's too late\b|\byou'll regret\b|\byou('ll| will) (lose|end up losing) (the|your|that|all|it)\b|\b(it'll|it will|things will) (only )?get (much |a lot |way )?worse\b.*\b(unless|if you don't|if you wait)\b/,
  /\b(everyone|everybody|all my patients|all my other patients) (does|do|gets|get|has|have|chooses|goes for|goes ahead|says yes)\b/,
  /\b(no|only) (other )?(choice|option|way)\b/,
  /\byou'd be (foolish|silly|mad|crazy|daft|stupid)\b/,
  /\btrust me\b|\bjust (do it|sign|book|go for it)\b|\bsign here\b/,
  /\b(if i were you|i'd just|you'd better)\b/,
  /\b(the )?(longer|more) you (wait|leave it|put it off),? the (worse|more (it'll|it will) cost|harder|bigger)\b.*\b(lose|regret|too late|nightmare|disaster)\b/,
];
const NEGATION =
  /\b(don't|do not|doesn't|does not|no|not|never|won't|isn't|without|no need|no rush)\b/;

const PERMISSION: readonly RegExp[] = [
  /\b(would|will|is) it be (okay|alright|all right|fine|helpful)( with you)? if (i|we)\b/,
  /\bis it (okay|alright|all right|fine) (if|for me to|to)\b/,
  /\b(do|would) you mind if (i|we)\b/,
  /\b(can|could|may|might) i (just )?(tell|explain|share|suggest|ask|show|take a (look|peek)|have a (look|peek|feel)|check|give you|go through|talk|offer|run|describe|mention|add|come back)\b/,
  /\b(would|do) you (like|want) me to (explain|tell|go (through|over)|talk|show|describe|share|say|run through|give|write)\b/,
  /\bshall i (explain|tell|go (through|over)|talk|show|describe|share|run through|carry on|start)\b/,
  /\b(are|would) you (be )?(happy|okay|alright|comfortable|open) (for me to|with me|to hear|if i)\b/,
  /\bis (now|this) (a good|an okay|an alright|the right) time\b/,
  /\bwould you be open to\b|\bhow would you feel about me\b|\bwith your permission\b/,
];

const SMALL_TALK: readonly RegExp[] = [
  /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|morning|afternoon|evening|welcome( back| in)?)\b/,
  /\b(nice|lovely|good|great) to (meet|see) you\b/,
  /\bhow are you( doing| today| keeping| getting on)?\s*\??$|\bhow('s| is) (it going|your day|things|life|the family|work going)\b|\bhow you doing\b|\bhow have you been\b/,
  /\b(weather|rain|raining|sunny|sunshine|cold out|hot out|freezing|snow|traffic|parking|the roads|journey|find us|found us|your weekend|the weekend|your holiday|bank holiday)\b/,
  /\b(take a seat|have a seat|come on in|come in|make yourself comfortable|sorry to keep you waiting|thanks for (coming|waiting|your patience|calling)|thank you for (coming|waiting|your patience|calling)|sorry for the wait|how can i help|what can i do for you|park|(busy|quiet|long|hectic) (morning|day|afternoon|week))\b/,
  /\bhow are things\b/,
  /^(okay|right|i see|sure|mm+|mhm+|mm-?hm+|uh-?huh|hmm+|yes|yeah|yep|alright|great|good|cool|lovely|gotcha|oh|ah|ahh|wow|fine|um+|erm+|uh+|so|anyway|right then|okay then|okay so|so yeah|and)[\s,.!?]*((okay|right|i see|sure|mm+|then|so|yeah|good|great|thanks|anyway|go on|carry on)[\s,.!?]*)*$/,
];

// ---- topics --------------------------------------------------------------------------------

const TOPIC_PATTERNS: Record<ConversationTopic, RegExp> = {
  feelings:
    /\b(feel|feels|feeling|feelings|felt|nervous|nerves|anxious|anxiety|scared|scares|scary|afraid|frightened|frightening|fear|fears|worry|worried|worries|worrying|upset|upsetting|stressed|stress|stressful|emotion\w*|mood|on edge|uneasy|dread\w*|panic\w*|fed up|frustrat\w*|annoyed|angry|wary|how are you finding|sitting with you|comfortable|uncomfortable|embarrass\w*|ashamed|excited|happy about|unhappy|relaxed|calm|confident about|tired|exhausted)\b/,
  cost: /\b(cost|costs|costing|price|prices|pricing|priced|fee|fees|pay|paying|paid|payment|payments|finance|financing|instal?ments?|insurance|insurer|insured|covered|coverage|cover it|afford|affordable|budget|quote|quoted|estimate|monthly|per month|nhs|money|expensive|cheap|cheaper|bill|bills|charged?|spend|spending|funds|funding|dollars|pounds|euros|deposit|refund|out of pocket|figures?)\b|[$£€]\s?\d/,
  time: /(?<!\b(last|first|hard|rough|tough|difficult|good|bad|great|lovely|long|that|this|the) )\btimes?\b|\b(appointment|appointments|visit|visits|sessions?|how long (will|would|does|did) (it|this|that|the (treatment|procedure|appointment|visit)) (take|be)|takes? about|how many (visits|appointments|sessions|times)|schedule|scheduling|diary|calendar|slot|slots|fit (it|this|them|that) in|fit in|timing|wait(ing)? list|hours?|minutes|same day|(next|this|in a|in two|in three|a couple of) (week|weeks|month|months|fortnight)|fortnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|book (you|him|her|them|it) in|booked in|time off|suits you|suit you|when (can|could|would|should) (you|we))\b/,
  pain: /\b(pain|pains|painful|hurt|hurts|hurting|sore|soreness|ache|aches|aching|numb|numbing|numbness|injection|injections|needle|needles|jab|anaesthetic|anesthetic|anaesthesia|sedation|sensitive|sensitivity|throb\w*|discomfort|tender|twinge\w*|sting\w*|agony|painkillers?)\b/,
  procedure:
    /\b(procedure|procedures|involve|involves|involved|operation|surgery|process|steps|step by step|what happens|what would happen|what will happen|what we('d| would| will)? do|how it's done|how (it|this|that|the treatment|the procedure) works|go through (it|the treatment|what)|the treatment itself|during (the|it)|drill\w*|impressions?|what to expect|expect on the day|go slowly|would need|goes on|fitted|fit the|placed|the first stage|stages)\b/,
  risks:
    /\b(risk|risks|risky|side effects?|complications?|safe|safety|unsafe|go wrong|goes wrong|went wrong|danger\w*|downsides?|drawbacks?|fail|fails|failure|what could happen|harm\w*|damage|reaction|allerg\w*|after effects?|infection|infected|spread|could (break|crack|spread)|can make your)\b/,
  alternatives:
    /\b(option|options|alternative|alternatives|alternatively|instead|other ways?|choice|choices|do nothing|doing nothing|did nothing|nothing at all|without treatment|(?<!longer you )leave it|leaving it|left it|wait and see|watch and wait|if we (didn't|did not|don't|left|waited)|if you (didn't|did not|left|waited)|not (doing|having) (it|anything|the treatment)|other than|something else|different approach|another way|rather than|rather try|rather wait|try (a|an) (lower|different|other|smaller)|different (approach|treatment|way))\b/,
  longevity:
    /(?<!\b(the|my|your|at|his|her|their|our|when did you|when you) )\b(last|lasts|lasting)\b(?! (time|week|month|year|visit|dentist|night|few|appointment|one|check)\b)|\b(lifespan|life span|long[- ]term|long run|permanent|permanently|durable|durability|wear out|wears out|for life|forever|how many years|in ten years|in twenty years|replace(d)? again|redo(ne)?|hold up|stand up to|years to come)\b/,
  past: /\b(last time|previous|previously|in the past|history|experience|experiences|used to|ever had|ever been|last (dentist|visit|diagnosis|check-up|checkup|appointment|one)|when did you last|childhood|as a (kid|child)|growing up|back then|years ago|been through|since the|(had|done|seen|happened|felt|been here) (it |this |that )?before|before this|remember)\b/,
  family:
    /\b(family|families|friend|friends|partner|husband|wife|kids|children|mum|mom|mother|dad|father|parents?|sister|brother|daughter|son|sons|daughters|grandchildren|grandkids|anyone at home|people around you|at home|relatives?|colleagues|mates|other half|boyfriend|girlfriend|spouse|anyone said|others said|people said|heard from)\b/,
  appearance:
    /(?<!\b(a|have a|take a|quick) )\b(looks?|looking)\b(?! (at|into|after|for|forward|over|through|up|around|like)\b)|\b(appearance|smile|smiling|colour|color|white|whiter|whiteness|yellow|stain\w*|straight|straighter|crooked|gap|gaps|photos?|pictures?|selfies?|mirror|cosmetic|natural[- ]looking|aesthetic\w*|self-conscious|attractive|ugly|show your teeth|scar)\b/,
  work: /\b(work|working|job|jobs|boss|shift|shifts|office|career|employer|workplace|daily life|day to day|day-to-day|everyday|normal day|daily routine|school|college|university|lessons?|meetings?|customers?|clients?|business|self-employed|day off|days off|eat|eating|bite|biting|chew\w*|sleep\w*|sport|sports|gym|social life|normal life|keep working)\b/,
};

/** Set phrases that use feeling words without being about feelings. */
const NOT_ABOUT_FEELINGS =
  /\b(don't (you )?worry|no worries|(wouldn't|won't|shouldn't|not) worry|nothing to worry about|(won't|will not|can|might|may) feel|it feels like|feel (loose|tight|numb|a thing))\b/g;

/** Topics a text is about, in the fixed order of CONVERSATION_TOPICS. */
export function topicsOf(text: string): ConversationTopic[] {
  const lower = normaliseSpeech(text).replace(NOT_ABOUT_FEELINGS, ' ');
  return CONVERSATION_TOPICS.filter((topic) => TOPIC_PATTERNS[topic].test(lower));
}

// ---- one sentence --------------------------------------------------------------------------

function some(patterns: readonly RegExp[], text: string): boolean {
  return patterns.some((pattern) => pattern.test(text));
}

function someClause(patterns: readonly RegExp[], clauses: readonly string[], lower: string) {
  return some(patterns, lower) || clauses.some((clause) => some(patterns, clause));
}

const PRESSURE_GLOBAL = PRESSURE.map((pattern) => new RegExp(pattern.source, 'g'));

/** Whether a sentence talks the patient out of another opinion or runs down a colleague. */
export function runsDownOthers(text: string): boolean {
  const lower = normaliseSpeech(text);
  return RUNS_DOWN_OTHERS.some((pattern) => pattern.test(lower));
}

/** Pressure phrases, unless negated ("you don't need to decide today") or asked about. */
export function hasPressure(lower: string): boolean {
  for (const global of PRESSURE_GLOBAL) {
    global.lastIndex = 0;
    for (let match = global.exec(lower); match !== null; match = global.exec(lower)) {
      const before = lower.slice(Math.max(0, match.index - 25), match.index);
      const asked = /\b(do|does|did|would|will|if|when|what|whether|anything)\s+$/.test(before);
      if (!NEGATION.test(before) && !asked) return true;
    }
  }
  return false;
}

const CONTENT_STOPWORDS = new Set(
  'about after again also been before being could does doing done from have just like make more much really should some than that them then there they this very what when will with would your yours know think feel want going thing things right well'.split(
    ' ',
  ),
);

/** Content words (4+ letters) of a text, for telling whether the clinician echoes the patient. */
export function contentWords(lower: string): Set<string> {
  const words = lower.match(/[a-z][a-z'-]{3,}/g) ?? [];
  return new Set(words.filter((word) => !CONTENT_STOPWORDS.has(word)));
}

function echoesPatient(lower: string, patientWords: ReadonlySet<string>): boolean {
  if (patientWords.size === 0 || !/\byou(r|'re)?\b/.test(lower)) return false;
  let shared = 0;
  for (const word of contentWords(lower)) if (patientWords.has(word)) shared++;
  return shared >= 2;
}

/**
 * The acts of one sentence. `punctuated` says whether the message as a whole had any
 * punctuation: without it, one "sentence" may hold several clauses.
 */
export function actsOfSentence(
  text: string,
  options: { punctuated?: boolean; patientWords?: ReadonlySet<string> } = {},
): ClinicianAct[] {
  const lower = normaliseSpeech(text);
  const punctuated = options.punctuated ?? /[.!?…]/.test(text);
  const clauses = clausesOf(lower, punctuated);
  const acts = new Set<ClinicianAct>();
  const permission = someClause(PERMISSION, clauses, lower);
  const asked = questionKinds(clauses, lower, text);
  // "May I share what I found?" asks leave to speak; it does not invite a story.
  const open = asked.open && !permission;
  const closed = asked.closed || (asked.open && permission);
  if (open) acts.add('open_question');
  if (closed) acts.add('closed_question');
  const smallTalk = some(SMALL_TALK, lower) || clauses.some((c) => some(SMALL_TALK, c));
  if (smallTalk) acts.add('small_talk');
  if (someClause(ACKNOWLEDGEMENT, clauses, lower)) acts.add('acknowledgement');
  const summary = someClause(SUMMARY, clauses, lower);
  if (summary) acts.add('summary');
  const echoes = !closed && echoesPatient(lower, options.patientWords ?? new Set());
  // A question that starts like one ("do you want...", "what would you want...") asks; it
  // does not hand anything back.
  const asks = (clause: string) =>
    AUX_START.test(clause) || (WH_START.test(clause) && !WH_STATEMENT.test(clause));
  const statements = clauses.filter((clause) => !asks(clause));
  const startsAsking = asks(clauses[0] ?? '');
  const reflects =
    some(REFLECTION, startsAsking ? '' : lower) ||
    statements.some((clause) => some(REFLECTION, clause));
  if (summary || echoes || reflects) acts.add('reflection');
  if (someClause(CHECK_UNDERSTANDING, clauses, lower)) acts.add('check_understanding');
  const dismissal =
    someClause(DISMISSAL, clauses, lower) || someClause(RUNS_DOWN_OTHERS, clauses, lower);
  if (dismissal) acts.add('dismissal');
  if (dismissal || someClause(REASSURANCE, clauses, lower)) acts.add('reassurance');
  if (hasPressure(lower)) acts.add('pressure');
  if (permission) acts.add('permission');
  const words = lower.split(' ').length;
  const listening = [
    'acknowledgement',
    'reflection',
    'summary',
    'check_understanding',
    'dismissal',
    'pressure',
    'small_talk',
  ] as const;
  const informs =
    !open &&
    !acts.has('closed_question') &&
    !acts.has('permission') &&
    !listening.some((act) => acts.has(act)) &&
    words >= 4;
  if (informs) acts.add('information');
  return CLINICIAN_ACTS.filter((act) => acts.has(act));
}

/**
 * Everything the rules see in one line (their acts, their topics, a proposal), as the coach
 * model's rule features: the model learns how far to trust each, line by line.
 */
export function ruleSignals(text: string, previous: string): string[] {
  const punctuated = /[.!?…]/.test(text);
  const patientWords = contentWords(foldText(previous));
  const lower = foldText(text);
  return [
    ...actsOfSentence(text, { punctuated, patientWords }),
    ...topicsOf(text),
    ...(PROPOSAL.some((pattern) => pattern.test(lower)) ? ['proposal'] : []),
  ];
}
