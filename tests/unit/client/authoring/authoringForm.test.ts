import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  errorsFromIssues,
  errorsFromServerMessage,
  fieldFor,
  importProblems,
} from '#client/features/authoring/fieldErrors';
import {
  blankSeed,
  draftFromSeed,
  draftFromStored,
  fieldPaths,
  placeCrossFieldErrors,
  placeDerivedErrors,
  sectionsWithProblems,
  seedForCheck,
  slugify,
} from '#client/features/authoring/seedForm';
import { getAt, parsePath, setAt } from '#client/features/authoring/seedPaths';
import { scenarioSeedSchema, type ScenarioSeed } from '#shared/scenarioSeed';

// As the form gets a seed from the API: parsed, so with its defaults (the language, say).
const shipped: ScenarioSeed = scenarioSeedSchema.parse(
  JSON.parse(
    readFileSync(
      join(__dirname, '../../../../server/scenarios/shipped/angry-about-a-failed-root-canal.json'),
      'utf8',
    ),
  ),
);

const FIELDS = fieldPaths(blankSeed());

describe('fieldFor: the field an issue path lands on', () => {
  it.each([
    ['title', 'title'],
    ['patientConcerns[1]', 'patientConcerns'],
    ['extras.hiddenConcerns[0].keywords[1]', 'extras.hiddenConcerns[0].keywords'],
    ['extras.hiddenConcerns[0].reveal', 'extras.hiddenConcerns[0].reveal'],
    ['extras.hiddenConcerns[0].id', 'extras.hiddenConcerns'],
    ['extras.hiddenConcerns', 'extras.hiddenConcerns'],
    ['extras.topicAnswers.cost[0]', 'extras.topicAnswers.cost'],
    ['extras.start.trust', 'extras.start.trust'],
    ['slug', ''],
    ['', ''],
  ])('%s → %s', (path, field) => {
    expect(fieldFor(path, FIELDS)).toBe(field);
  });

  it('does not take a field whose name is only a prefix of the key', () => {
    expect(fieldFor('titles', ['title'])).toBe('');
  });
});

describe('errorsFromIssues', () => {
  it('puts every problem of a blank form next to its field, in plain words', () => {
    const draft = blankSeed();
    const input = seedForCheck(draft);
    const result = scenarioSeedSchema.safeParse(input);
    expect(result.success).toBe(false);
    const errors = errorsFromIssues(result.error!, input, fieldPaths(draft));
    expect(errors.title).toEqual(['Required.']);
    expect(errors.category).toEqual(['Choose one of the options.']);
    expect(errors.patientConcerns).toEqual(['Add at least 2.']);
    expect(errors['extras.hiddenConcerns[0].reveal']).toEqual(['Required.']);
    expect(errors['extras.hiddenConcerns[0].keywords']).toEqual(['Add at least 2.']);
  });

  it('names a field that is missing altogether as required', () => {
    const draft = draftFromSeed(shipped);
    const input = seedForCheck(draft) as Record<string, unknown>;
    delete input.initialMessage;
    const result = scenarioSeedSchema.safeParse(input);
    const errors = errorsFromIssues(result.error!, input, fieldPaths(draft));
    expect(errors).toEqual({ initialMessage: ['Required.'] });
  });

  it('keeps the cross-field rule in the summary', () => {
    const draft = setAt(draftFromSeed(shipped), 'extras.statedConcerns[0].concern', 'Not listed');
    const input = seedForCheck(draft);
    const result = scenarioSeedSchema.safeParse(input);
    const errors = errorsFromIssues(result.error!, input, fieldPaths(draft));
    expect(errors['']).toEqual(['every statedConcerns[].concern must be one of patientConcerns']);
  });
});

describe('server 400 messages', () => {
  it('maps each problem under the body wrapper onto its field', () => {
    const message =
      '3 problems: scenario.title: required; scenario.extras.hiddenConcerns[1].unlock: Invalid option; a; b; scenario.slug: bad';
    const errors = errorsFromServerMessage(message, FIELDS, 'scenario');
    expect(errors.title).toEqual(['Required.']);
    expect(errors['extras.hiddenConcerns']).toEqual(['Invalid option; a; b']);
    expect(errors['']).toEqual(['slug: bad']);
  });

  it('lists an import file’s problems with their paths as the server gave them', () => {
    expect(
      importProblems(
        '2 problems: scenarios[0].extras.hiddenConcerns[0].unlock: required; scenarios[1].title: Too small',
      ),
    ).toEqual([
      'scenarios[0].extras.hiddenConcerns[0].unlock: required',
      'scenarios[1].title: Too small',
    ]);
    expect(importProblems('1 problem: scenarios: required')).toEqual(['scenarios: required']);
  });
});

describe('seed paths and the form value', () => {
  it('reads and writes by issue path without touching the original', () => {
    const draft = blankSeed();
    const next = setAt(draft, 'extras.hiddenConcerns[0].reveal', 'I lost my job.');
    expect(getAt(next, 'extras.hiddenConcerns[0].reveal')).toBe('I lost my job.');
    expect(draft.extras.hiddenConcerns[0]!.reveal).toBe('');
    expect(next.extras.statedConcerns).toBe(draft.extras.statedConcerns);
    expect(parsePath('a.b[2].c')).toEqual(['a', 'b', 2, 'c']);
  });

  it('a shipped seed passes through the form unchanged', () => {
    const checked = scenarioSeedSchema.parse(seedForCheck(draftFromSeed(shipped)));
    expect(checked).toEqual(scenarioSeedSchema.parse(shipped));
  });

  it('fills a blank slug and hidden-concern id from the titles, and drops empty topics', () => {
    let draft = setAt(blankSeed(), 'title', 'Crown Cost & Fear!');
    draft = setAt(draft, 'extras.hiddenConcerns[0].concern', 'Lost her job');
    draft = setAt(draft, 'extras.topicAnswers.cost', []);
    const input = seedForCheck(draft) as ScenarioSeed;
    expect(input.slug).toBe('crown-cost-fear');
    expect(input.extras.hiddenConcerns[0]!.id).toBe('lost-her-job');
    expect(input.extras.topicAnswers).toEqual({});
    expect(slugify('  ')).toBe('');
  });
});

describe('draftFromStored', () => {
  it('gives back a draft the form wrote', () => {
    const draft = setAt(draftFromSeed(shipped), 'title', 'Mine');
    expect(draftFromStored(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('fills what an older or hand-edited draft lacks, and ignores what is of the wrong kind', () => {
    const restored = draftFromStored({
      title: 'Kept',
      patientConcerns: 'not a list',
      extras: { hiddenConcerns: [{ reveal: 'Kept too' }, 'junk'], start: { trust: 'high' } },
    })!;
    expect(restored.title).toBe('Kept');
    expect(restored.patientConcerns).toEqual([]);
    expect(restored.extras.start.trust).toBe(0.5);
    expect(restored.extras.lines.neutral).toEqual([]);
    expect(restored.extras.hiddenConcerns).toEqual([
      { ...blankSeed().extras.hiddenConcerns[0], reveal: 'Kept too' },
      blankSeed().extras.hiddenConcerns[0],
    ]);
    expect(draftFromStored('text')).toBeNull();
    expect(draftFromStored(null)).toBeNull();
  });
});

describe('placeCrossFieldErrors', () => {
  it('puts the stated-concerns rule next to each stated concern that breaks it', () => {
    const draft = setAt(draftFromSeed(shipped), 'extras.statedConcerns[1].concern', 'Not listed');
    const input = seedForCheck(draft);
    const result = scenarioSeedSchema.safeParse(input);
    const errors = placeCrossFieldErrors(
      errorsFromIssues(result.error!, input, fieldPaths(draft)),
      draft,
    );
    expect(errors).toEqual({
      'extras.statedConcerns[1].concern': ['Must be one of the key concerns, word for word.'],
    });
  });

  it('leaves other problems where they were', () => {
    const errors = { '': ['slug: bad'], title: ['Required.'] };
    expect(placeCrossFieldErrors(errors, draftFromSeed(shipped))).toBe(errors);
  });
});

describe('no problem is about a field the author cannot see (issue 27)', () => {
  const problemsOf = (draft: ReturnType<typeof blankSeed>) => {
    const input = seedForCheck(draft);
    const result = scenarioSeedSchema.safeParse(input);
    return placeDerivedErrors(
      placeCrossFieldErrors(errorsFromIssues(result.error!, input, fieldPaths(draft)), draft),
      draft,
    );
  };

  it('a blank form lists no slug problem: the blank title says Required', () => {
    const errors = problemsOf(blankSeed());
    expect(errors['']).toBeUndefined();
    expect(errors.title).toEqual(['Required.']);
    expect(JSON.stringify(errors)).not.toContain('slug');
  });

  it('a title that makes no slug is told so at the title', () => {
    const draft = setAt(draftFromSeed(shipped), 'slug', '');
    const errors = problemsOf(setAt(draft, 'title', '!!!'));
    expect(errors).toEqual({ title: ['Use some letters or digits in the title.'] });
  });

  it.each<[string, Record<string, string[]>, string[]]>([
    ['nothing wrong', {}, []],
    ['a required field in view', { title: ['Required.'] }, []],
    ['a starting level', { 'extras.start.trust': ['Too big.'] }, ['voice']],
    ['the voice', { 'extras.voice.gender': ['Choose one of the options.'] }, ['voice']],
    ['a topic', { 'extras.topicAnswers.cost': ['At most 4.'] }, ['topics']],
    ['an emptied list', { 'extras.start.trust': [] }, []],
    ['both', { 'extras.speaker': ['x'], 'extras.topicAnswers.fear': ['y'] }, ['voice', 'topics']],
  ])('a refused save opens the folded sections with problems: %s', (_name, errors, open) => {
    expect(sectionsWithProblems(errors)).toEqual(open);
  });
});
