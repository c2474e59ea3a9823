/**
 * Spec §2 scenario screen: the resources image is picked by keywords in the scenario title or
 * concerns, and the patient's avatar by keywords in the patient profile. Pure so the rules can be
 * tested without a browser; the pictures themselves live in the client.
 */
import { translate } from './i18n/translate';

export type ResourceIllustration =
  'root-canal' | 'crown' | 'veneer' | 'whitening' | 'implant' | 'examination';

/** Each picture's caption, read in the current locale when shown (decision 049). */
export const RESOURCE_CAPTIONS: Readonly<Record<ResourceIllustration, string>> = {
  get 'root-canal'() {
    return translate('conversation.screen.resourceCaption.rootCanal');
  },
  get crown() {
    return translate('conversation.screen.resourceCaption.crown');
  },
  get veneer() {
    return translate('conversation.screen.resourceCaption.veneer');
  },
  get whitening() {
    return translate('conversation.screen.resourceCaption.whitening');
  },
  get implant() {
    return translate('conversation.screen.resourceCaption.implant');
  },
  get examination() {
    return translate('conversation.screen.resourceCaption.examination');
  },
};

// Order matters: a title such as "Crown after root canal" is about the root canal first.
const RESOURCE_RULES: readonly [ResourceIllustration, RegExp][] = [
  ['root-canal', /root[\s-]*canal|endodont/],
  ['crown', /\bcrowns?\b/],
  ['veneer', /\bveneers?\b/],
  ['whitening', /whiten|bleach/],
  ['implant', /\bimplants?\b/],
];

export function chooseResourceIllustration(
  title: string,
  concerns: readonly string[],
): { kind: ResourceIllustration; caption: string } {
  const text = [title, ...concerns].join(' \n ').toLowerCase();
  const match = RESOURCE_RULES.find(([, pattern]) => pattern.test(text));
  const kind = match ? match[0] : 'examination';
  return { kind, caption: RESOURCE_CAPTIONS[kind] };
}

export type PatientAvatar =
  'female-adult' | 'female-senior' | 'male-adult' | 'male-senior' | 'child' | 'neutral';

export const SENIOR_AGE = 65;
export const CHILD_AGE_BELOW = 13;

const FEMALE_WORDS =
  /\b(female|woman|women|her|hers|herself|she|lady|mother|mum|mom|wife|girl|grandmother|grandma|mrs|ms|miss)\b/;
const MALE_WORDS =
  /\b(male|man|men|his|him|himself|he|gentleman|father|dad|husband|boy|grandfather|grandpa|mr)\b/;
const SENIOR_WORDS = /\b(senior|retired|retiree|elderly|pensioner)\b|grandm|grandf/;
const CHILD_WORDS = /\b(child|children|kid|kids|son|daughter|toddler)\b/;

/** The first stated age, from "72-year-old", "72 years old", "aged 72", "age: 72" or "(72)". */
export function statedAge(profile: string): number | null {
  const text = profile.toLowerCase();
  const patterns = [
    /\b(\d{1,3})[\s-]*(?:years?|yrs?|y\/o)(?:[\s-]*old)?\b/,
    /\bage[ds]?\s*:?\s*(\d{1,3})\b/,
    /\((\d{1,3})\)/,
  ];
  let best: { index: number; age: number } | null = null;
  for (const pattern of patterns) {
    const found = pattern.exec(text);
    if (found?.[1] === undefined) continue;
    const age = Number(found[1]);
    if (age > 120) continue;
    if (best === null || found.index < best.index) best = { index: found.index, age };
  }
  return best?.age ?? null;
}

/**
 * Female or male by whichever kind of word the profile uses first: profiles open with the
 * patient ("Retired man who brings his wife"), so later words usually describe someone else.
 */
function statedSex(text: string): 'female' | 'male' | null {
  const female = FEMALE_WORDS.exec(text);
  const male = MALE_WORDS.exec(text);
  if (female && male) return female.index <= male.index ? 'female' : 'male';
  if (female) return 'female';
  if (male) return 'male';
  return null;
}

function ageGroup(text: string, age: number | null): 'child' | 'adult' | 'senior' {
  // A stated age outranks words: a 40-year-old mother talking about her son is an adult.
  if (age !== null) {
    if (age >= SENIOR_AGE) return 'senior';
    if (age < CHILD_AGE_BELOW) return 'child';
    return 'adult';
  }
  if (SENIOR_WORDS.test(text)) return 'senior';
  if (CHILD_WORDS.test(text)) return 'child';
  return 'adult';
}

export function choosePatientAvatar(profile: string): PatientAvatar {
  const text = profile.toLowerCase();
  const group = ageGroup(text, statedAge(profile));
  if (group === 'child') return 'child';
  const sex = statedSex(text);
  if (sex === null) return 'neutral';
  return `${sex}-${group}`;
}

/**
 * The Resources panel's picture and caption for a scenario: the picture chosen from its words,
 * and the author's own caption when they wrote one, else the picture's caption.
 */
export function resourceFor(scenario: {
  title: string;
  patientConcerns: readonly string[];
  resourceCaption?: string | null;
}): { kind: ResourceIllustration; caption: string } {
  const chosen = chooseResourceIllustration(scenario.title, scenario.patientConcerns);
  const own = scenario.resourceCaption?.trim();
  return own ? { ...chosen, caption: own } : chosen;
}
