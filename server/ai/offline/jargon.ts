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
};

/** Longest first, so "scaling and root planing" is found before "root planing". */
export const JARGON_TERMS: readonly string[] = Object.keys(JARGON).sort(
  (a, b) => b.length - a.length,
);

export function plainWordsFor(term: string): string | undefined {
  return JARGON[term];
}
