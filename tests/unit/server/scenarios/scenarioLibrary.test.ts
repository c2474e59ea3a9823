import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { scenarioLibrary } from '#server/scenarios/library';
import {
  loadLibrary,
  parseScenarioFile,
  ScenarioLibraryError,
} from '#server/scenarios/loadLibrary';
import { scenarioSeedSchema } from '#server/scenarios/schema';
import type { ScenarioSeed } from '#server/scenarios/schema';
import { DIFFICULTIES } from '#shared/scenario';
import { chooseResourceIllustration, choosePatientAvatar } from '#shared/illustrations';

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
    ...Object.values(extras.topicAnswers ?? {}).flat(),
  ];
}

const LIBRARY_DIR = fileURLToPath(
  new URL('../../../../server/scenarios/shipped/', import.meta.url),
);
const libraryFiles = readdirSync(LIBRARY_DIR).filter((name) => name.endsWith('.json'));

const bySlug = scenarioLibrary.map((s) => [s.slug, s] as const);

describe('scenario library', () => {
  it('ships at least 24 scenarios', () => {
    expect(scenarioLibrary.length).toBeGreaterThanOrEqual(24);
  });

  it.each(bySlug)('%s parses with the seed schema', (_slug, scenario) => {
    const result = scenarioSeedSchema.safeParse(scenario);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it.each(libraryFiles)('%s passes the loader on its own', (file) => {
    const { problems } = parseScenarioFile(file, readFileSync(join(LIBRARY_DIR, file), 'utf8'));
    expect(problems).toEqual([]);
  });

  it('loads every file in the folder, ordered by difficulty then title', () => {
    expect(scenarioLibrary.map((s) => `${s.slug}.json`).sort()).toEqual([...libraryFiles].sort());
    const keys = scenarioLibrary.map((s) => [DIFFICULTIES.indexOf(s.difficulty), s.title]);
    const sorted = [...keys].sort(([d1, t1], [d2, t2]) =>
      d1 !== d2 ? Number(d1) - Number(d2) : String(t1) < String(t2) ? -1 : 1,
    );
    expect(keys).toEqual(sorted);
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

  it('answers direct questions on at least four topics, without giving a hidden concern away', () => {
    const answers = s.extras.topicAnswers ?? {};
    expect(Object.keys(answers).length).toBeGreaterThanOrEqual(4);
    const said = Object.values(answers).flat().join('\n').toLowerCase();
    for (const hidden of s.extras.hiddenConcerns) {
      expect(said).not.toContain(hidden.reveal.toLowerCase());
      expect(said).not.toContain(hidden.concern.toLowerCase());
    }
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

describe('loading a library folder', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A temporary library holding `files`: objects are written as JSON, strings as they are. */
  function folderWith(files: Record<string, unknown>): string {
    const dir = mkdtempSync(join(tmpdir(), 'chairtalk-library-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(
        join(dir, name),
        typeof content === 'string' ? content : JSON.stringify(content, null, 2),
      );
    }
    return dir;
  }

  /** A valid scenario from the shipped library, with `slug` and any changes applied. */
  function scenario(slug: string, change: (s: any) => void = () => {}): ScenarioSeed {
    const copy = structuredClone(scenarioLibrary[0]!) as any;
    copy.slug = slug;
    copy.title = `Title of ${slug}`;
    change(copy);
    return copy;
  }

  function problemsIn(dir: string): string[] {
    try {
      loadLibrary(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioLibraryError);
      const { problems, message } = error as ScenarioLibraryError;
      expect(message).toContain(dir);
      for (const problem of problems) expect(message).toContain(problem);
      return problems;
    }
    return [];
  }

  it('loads valid files, skips other files and sorts by difficulty then title', () => {
    const dir = folderWith({
      'b.json': scenario('b', (s) => (s.difficulty = 'advanced')),
      'c.json': scenario('c', (s) => (s.title = 'Zebra')),
      'a.json': scenario('a', (s) => (s.title = 'Apple')),
      'README.md': '# Not a scenario',
    });
    expect(loadLibrary(dir).map((s) => s.slug)).toEqual(['a', 'c', 'b']);
  });

  it.each([
    {
      case: 'a bad file names every problem with its path',
      files: {
        'ok.json': scenario('ok'),
        'bad.json': scenario('bad', (s) => {
          delete s.title;
          s.extras.hiddenConcerns[0].unlock = 'sometimes';
          s.extras.start.trust = 2;
        }),
      },
      problems: [
        expect.stringMatching(/^bad\.json: title: Invalid input/),
        expect.stringMatching(/^bad\.json: extras\.start\.trust: Too big/),
        expect.stringMatching(/^bad\.json: extras\.hiddenConcerns\[0\]\.unlock: Invalid option/),
      ],
    },
    {
      case: 'a rule across fields is reported at the file',
      files: { 'x.json': scenario('x', (s) => (s.patientConcerns = ['a', 'b'])) },
      problems: ['x.json: every statedConcerns[].concern must be one of patientConcerns'],
    },
    {
      case: 'a file name that differs from its slug',
      files: { 'first.json': scenario('first-visit') },
      problems: ['first.json: slug: "first-visit" differs from the file name (first-visit.json)'],
    },
    {
      case: 'a duplicate slug',
      files: { 'a.json': scenario('a'), 'copy.json': scenario('a') },
      problems: [
        'copy.json: slug: "a" differs from the file name (a.json)',
        'copy.json: slug: "a" is already used by a.json',
      ],
    },
    {
      case: 'a file that is not JSON, beside a valid one',
      files: { 'a.json': scenario('a'), 'broken.json': '{ "slug": ' },
      problems: [expect.stringMatching(/^broken\.json: not valid JSON: /)],
    },
    {
      case: 'an empty folder',
      files: {},
      problems: ['no scenario files (*.json) found'],
    },
  ])('refuses $case', ({ files, problems }) => {
    expect(problemsIn(folderWith(files))).toEqual(problems);
  });
});
