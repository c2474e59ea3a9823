import { describe, expect, it } from 'vitest';
import { scenarioLibrary } from '../../server/scenarios/library';
import { scenarioSeedSchema } from '../../server/scenarios/schema';
import type { ScenarioSeed } from '../../server/scenarios/schema';
import { DIFFICULTIES } from '../../shared/scenario';
import { chooseResourceIllustration, choosePatientAvatar } from '../../shared/illustrations';

const CATEGORIES = scenarioSeedSchema.shape.category.options;

/** Everything the trainee can read before the conversation starts. */
function publicText(s: ScenarioSeed): string {
  return [s.title, s.description, s.patientProfile, ...s.patientConcerns, s.initialMessage]
    .join('\n')
    .toLowerCase();
}

/** Everything the patient says aloud: text-to-speech reads these as they are. */
function spokenLines(s: ScenarioSeed): string[] {
  const { extras } = s;
  return [
    s.initialMessage,
    ...extras.statedConcerns.flatMap((c) => [...c.lines, c.settled]),
    ...extras.hiddenConcerns.map((h) => h.reveal),
    ...Object.values(extras.lines).flat(),
  ];
}

const bySlug = scenarioLibrary.map((s) => [s.slug, s] as const);

describe('scenario library', () => {
  it('ships at least 24 scenarios', () => {
    expect(scenarioLibrary.length).toBeGreaterThanOrEqual(24);
  });

  it.each(bySlug)('%s parses with the seed schema', (_slug, scenario) => {
    const result = scenarioSeedSchema.safeParse(scenario);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('has unique slugs and titles', () => {
    const slugs = scenarioLibrary.map((s) => s.slug);
    const titles = scenarioLibrary.map((s) => s.title.toLowerCase());
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(DIFFICULTIES)('has at least 5 %s scenarios', (difficulty) => {
    expect(
      scenarioLibrary.filter((s) => s.difficulty === difficulty).length,
    ).toBeGreaterThanOrEqual(5);
  });

  it.each(CATEGORIES)('uses the category %s at least once', (category) => {
    expect(scenarioLibrary.some((s) => s.category === category)).toBe(true);
  });

  it('names each treatment the resources panel illustrates', () => {
    const kinds = scenarioLibrary.map(
      (s) => chooseResourceIllustration(s.title, s.patientConcerns).kind,
    );
    for (const kind of ['root-canal', 'crown', 'veneer', 'whitening', 'implant'] as const) {
      expect(kinds, kind).toContain(kind);
    }
    const text = scenarioLibrary.map((s) => publicText(s));
    expect(text.filter((t) => /\bcrowns?\b/.test(t)).length).toBeGreaterThanOrEqual(3);
    expect(text.some((t) => /\bbridge\b/.test(t))).toBe(true);
  });

  it('includes senior patients and both female and male voices', () => {
    const voices = scenarioLibrary.map((s) => s.extras.voice);
    expect(voices.filter((v) => v.ageGroup === 'senior').length).toBeGreaterThanOrEqual(2);
    expect(voices.filter((v) => v.gender === 'female').length).toBeGreaterThanOrEqual(8);
    expect(voices.filter((v) => v.gender === 'male').length).toBeGreaterThanOrEqual(8);
  });
});

describe.each(bySlug)('scenario %s', (_slug, s) => {
  it('keeps every hidden concern id unique', () => {
    const ids = s.extras.hiddenConcerns.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never shows a hidden concern in its public fields', () => {
    const visible = publicText(s);
    for (const hidden of s.extras.hiddenConcerns) {
      expect(visible).not.toContain(hidden.reveal.toLowerCase());
      expect(visible).not.toContain(hidden.concern.toLowerCase());
    }
  });

  it('answers each card concern exactly once, in lower-case keywords', () => {
    expect(s.extras.statedConcerns.map((c) => c.concern).sort()).toEqual(
      [...s.patientConcerns].sort(),
    );
    const keywords = [
      ...s.extras.statedConcerns.flatMap((c) => c.keywords),
      ...s.extras.hiddenConcerns.flatMap((h) => h.keywords),
    ];
    for (const keyword of keywords) expect(keyword).toBe(keyword.toLowerCase().trim());
  });

  it('gives the avatar picker a profile that matches the voice', () => {
    const { gender, ageGroup } = s.extras.voice;
    expect(choosePatientAvatar(s.patientProfile)).toBe(`${gender}-${ageGroup}`);
  });

  it('has a parent speak for a child in paediatric scenarios', () => {
    if (s.category !== 'Paediatric') return;
    expect(s.extras.speaker).toBe('parent');
    expect(s.extras.voice.ageGroup).toBe('adult');
    expect(s.patientProfile).toMatch(/\bparent\b/);
    expect(s.patientProfile).toMatch(/\bchild\b/);
  });

  it('makes the difficulty real', () => {
    const { start, hiddenConcerns } = s.extras;
    if (s.difficulty === 'advanced') {
      expect(hiddenConcerns.length).toBeGreaterThanOrEqual(2);
      expect(start.trust <= 0.35 || start.anxiety >= 0.7).toBe(true);
    }
    if (s.difficulty === 'beginner') {
      expect(start.trust).toBeGreaterThanOrEqual(0.5);
      expect(s.extras.receptiveness).not.toBe('low');
    }
  });

  it('writes spoken lines that text-to-speech can read as they are', () => {
    for (const line of spokenLines(s)) {
      expect(line, line).not.toMatch(/[[\]()*#_<>{}|~`]/);
      expect(line, line).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(line, line).toMatch(/[.?!]$/);
    }
  });
});
