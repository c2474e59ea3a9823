import { foldText } from './textTools';

/**
 * Typed and dictated forms spelt out ("ur" -> "your", "dont" -> "don't"), so the model and the
 * few rules left read one spelling whatever the keyboard or the speech recogniser produced.
 */

// Typed and dictated forms folded to one spelling so the patterns below stay readable.
const apostrophe = (word: string): string => `${word.slice(0, -1)}'${word.slice(-1)}`;
const SPEECH_FORMS: ReadonlyArray<readonly [RegExp, string | ((word: string) => string)]> = [
  [/\b(u|ya|yu)\b/g, 'you'],
  // "ur" and a misspelt "your" before a state mean "you're".
  [
    /\b(ur|your)\b(?= (a bit|not|so|really|very|quite|pretty|still|just|feeling|going|being|worried|upset|scared|nervous|sure|right|welcome|okay|fine|annoyed|angry|frustrated|unsure|keen|happy|\w+ing|\w+ed)\b)/g,
    "you're",
  ],
  [/\bur\b/g, 'your'],
  [/\br\b/g, 'are'],
  [/\byoure\b/g, "you're"],
  [/\byouve\b/g, "you've"],
  [/\byoud\b/g, "you'd"],
  [/\byoull\b/g, "you'll"],
  [/\bthats\b/g, "that's"],
  [/\b(whats|wats|wots)\b/g, "what's"],
  [/\bhows\b/g, "how's"],
  [/\bits\b/g, "it's"],
  [/\bim\b/g, "i'm"],
  [/\bive\b/g, "i've"],
  [/\bid\b/g, "i'd"],
  [/\blets\b/g, "let's"],
  [/\btheres\b/g, "there's"],
  [
    /\b(dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|wouldnt|couldnt|shouldnt|havent|hasnt)\b/g,
    apostrophe,
  ],
  [/\b(wat|wot|wht|waht)\b/g, 'what'],
  [/\bhw\b/g, 'how'],
  [/\bwanna\b/g, 'want to'],
  [/\bgonna\b/g, 'going to'],
  [/\bgotta\b/g, 'got to'],
  [/\bkinda\b/g, 'kind of'],
  [/\bdunno\b/g, "don't know"],
  [/\blemme\b/g, 'let me'],
  [/\b(cos|cuz|coz|becuase|becasue)\b/g, 'because'],
  [/\babt\b/g, 'about'],
  [/\b(pls|plz)\b/g, 'please'],
  [/\bok\b/g, 'okay'],
  [/\balot\b/g, 'a lot'],
  [/\babit\b/g, 'a bit'],
  [/\b(undrstand|understnad|udnerstand|understnd)\b/g, 'understand'],
  [/\b(worryed|woried|worred|wories)\b/g, 'worried'],
  [/\b(feelin|feelng|feeilng)\b/g, 'feeling'],
  [/\bteh\b/g, 'the'],
  [/\btel\b/g, 'tell'],
  [/\bmroe\b/g, 'more'],
  [/\b(apointment|appointmnet|appoitment|apointmnet)(s?)\b/g, 'appointment$2'],
  [/\b(definately|defintely)\b/g, 'definitely'],
  [/\bnothin\b/g, 'nothing'],
  [/\bsomethin\b/g, 'something'],
];

/** Lower case, straight quotes, common speech and typing forms spelt out. */
export function normaliseSpeech(text: string): string {
  let out = foldText(text);
  for (const [pattern, replacement] of SPEECH_FORMS) {
    out =
      typeof replacement === 'string'
        ? out.replace(pattern, replacement)
        : out.replace(pattern, replacement);
  }
  return out.replace(/\s+/g, ' ').trim();
}
