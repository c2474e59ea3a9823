/**
 * Clinical words most patients do not know, each with a plain alternative the coach and the
 * grader can offer. Everyday dental words (crown, filling, implant, root canal) are not here:
 * patients use them themselves.
 */
export const JARGON: Readonly<Record<string, string>> = {
  periapical: 'around the tip of the root',
  apical: 'at the tip of the root',
  endodontic: 'inside the tooth, where the nerve is',
  endodontics: 'root canal treatment',
  occlusal: 'on the biting surface',
  occlusion: 'the way your teeth meet',
  malocclusion: "teeth that don't meet properly",
  mesial: 'on the side towards the front',
  distal: 'on the side towards the back',
  buccal: 'on the cheek side',
  lingual: 'on the tongue side',
  palatal: 'on the side by the roof of your mouth',
  interproximal: 'between the teeth',
  periodontitis: 'gum disease that is damaging the bone',
  periodontal: 'to do with the gums and the bone holding the teeth',
  gingivitis: 'inflamed, bleeding gums',
  gingival: 'of the gums',
  'scaling and root planing': 'a deep clean under the gums',
  'root planing': 'smoothing the roots under the gums',
  osseointegration: 'the implant fusing with the bone',
  abutment: 'the small connector that holds the crown on the implant',
  pulpitis: 'the nerve inside the tooth is inflamed',
  pulpotomy: 'removing the inflamed part of the nerve',
  pulpectomy: 'removing the whole nerve from the tooth',
  apicoectomy: 'a small operation at the tip of the root',
  caries: 'decay',
  carious: 'decayed',
  radiolucency: 'a dark patch on the X-ray',
  radiolucent: 'showing up dark on the X-ray',
  bruxism: 'grinding or clenching your teeth',
  edentulous: 'without teeth',
  prophylaxis: 'a professional clean',
  calculus: 'hardened tartar',
  amalgam: 'a silver filling',
  alveolar: 'of the jawbone that holds the teeth',
  furcation: 'where the roots split',
  pericoronitis: 'an infected flap of gum around a wisdom tooth',
  debridement: 'a thorough deep clean',
  temporomandibular: 'the jaw joint',
  'crown lengthening': 'reshaping the gum so more tooth shows',
  dentine: 'the layer under the enamel',
  dentin: 'the layer under the enamel',
  cbct: 'a 3D X-ray',
  rct: 'root canal treatment',
  srp: 'a deep clean under the gums',
  'class ii': 'a filling between two teeth',
  iatrogenic: 'caused by treatment',
  exodontia: 'taking a tooth out',
  'full coronal coverage': 'a crown that covers the whole tooth',
  coronal: 'of the top part of the tooth',
  onlay: 'a partial crown that covers the biting surface',
  cusp: 'one of the points on the biting surface',
  cusps: 'the points on the biting surface',
  pontic: 'the false tooth in a bridge',
  transillumination: 'shining a light through the tooth',
  ipr: 'polishing a sliver off the sides of the teeth',
  'interproximal reduction': 'polishing a sliver off the sides of the teeth',
  microleakage: 'tiny gaps where the edge lets things seep in',
  carbamide: 'the whitening gel',
  remineralise: 'harden the enamel again',
  remineralisation: 'the enamel hardening again',
};

/**
 * Each term's drop-in replacement, the same part of speech as the term, so a line rewritten in
 * plain words still reads as a sentence: "the periapical area" -> "the root-tip area". A test
 * holds every term of JARGON to having one.
 */
export const IN_PLACE: Readonly<Record<string, string>> = {
  periapical: 'root-tip',
  apical: 'root-tip',
  endodontic: 'root canal',
  endodontics: 'root canal treatment',
  occlusal: 'biting-surface',
  occlusion: 'bite',
  malocclusion: 'uneven bite',
  mesial: 'front-side',
  distal: 'back-side',
  buccal: 'cheek-side',
  lingual: 'tongue-side',
  palatal: 'palate-side',
  interproximal: 'in-between',
  periodontitis: 'gum disease',
  periodontal: 'gum',
  gingivitis: 'gum inflammation',
  gingival: 'gum',
  'scaling and root planing': 'deep cleaning',
  'root planing': 'deep cleaning',
  osseointegration: 'the implant bonding with the bone',
  abutment: 'connector',
  pulpitis: 'an inflamed nerve',
  pulpotomy: 'partial nerve removal',
  pulpectomy: 'full nerve removal',
  apicoectomy: 'root-tip surgery',
  caries: 'decay',
  carious: 'decayed',
  radiolucency: 'dark patch',
  radiolucent: 'dark-looking',
  bruxism: 'teeth grinding',
  edentulous: 'toothless',
  prophylaxis: 'professional clean',
  calculus: 'tartar',
  amalgam: 'silver filling',
  alveolar: 'jawbone',
  furcation: 'root fork',
  pericoronitis: 'an infected gum flap',
  debridement: 'deep clean',
  temporomandibular: 'jaw-joint',
  'crown lengthening': 'gum reshaping',
  dentine: 'inner layer',
  dentin: 'inner layer',
  cbct: '3D X-ray',
  rct: 'root canal treatment',
  srp: 'deep clean',
  'class ii': 'in-between',
  iatrogenic: 'treatment-caused',
  exodontia: 'tooth removal',
  'full coronal coverage': 'a full crown',
  coronal: 'upper',
  onlay: 'partial crown',
  cusp: 'tooth point',
  cusps: 'tooth points',
  pontic: 'false tooth',
  transillumination: 'light test',
  ipr: 'tooth polishing',
  'interproximal reduction': 'tooth polishing',
  microleakage: 'seepage',
  carbamide: 'whitening',
  remineralise: 'reharden',
  remineralisation: 'rehardening',
};

/** Longest first, so "scaling and root planing" is found before "root planing". */
export const JARGON_TERMS: readonly string[] = Object.keys(JARGON).sort(
  (a, b) => b.length - a.length,
);

export function plainWordsFor(term: string): string | undefined {
  return JARGON[term];
}

const termPattern = (term: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${term}(?![\\p{L}\\p{N}])`, 'giu');

/** A line with every jargon term in it swapped for its plain words, longest term first. */
export function inPlainWords(line: string): string {
  let out = line;
  for (const term of JARGON_TERMS) {
    const plain = IN_PLACE[term];
    if (plain !== undefined) out = out.replace(termPattern(term), plain);
  }
  return out;
}

/** Whether a line says any jargon term at all. */
export function saysJargon(line: string): boolean {
  return JARGON_TERMS.some((term) => termPattern(term).test(line));
}

/**
 * Words a patient's "I don't follow" line can name, beyond the jargon itself: the technical
 * words scenario authors put in patients' mouths ("Onlay? Cusp?", "attachments", "APR").
 */
const NAMEABLE = [
  ...JARGON_TERMS,
  'attachments',
  'margins',
  'fissures',
  'refinement',
  'tracking',
  'chewie',
  'composite bonding',
  'minimal prep',
  'varnish',
  'sealant',
  'pulp',
  'pockets',
  'pocket depths',
  'parts per million',
  'apr',
  'pre-authorisation',
  'ultrasonic',
  'cracked tooth syndrome',
  'cusp fracture',
  'overdenture',
  'bone graft',
  'root caries',
  'early childhood caries',
];

/** Whether a patient's confused line names only words the clinician actually said. */
export function namesOnlyWordsSaid(confusedLine: string, clinicianLine: string): boolean {
  return NAMEABLE.every(
    (term) => !termPattern(term).test(confusedLine) || termPattern(term).test(clinicianLine),
  );
}
