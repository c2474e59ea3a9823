import { DEFAULT_LANGUAGE } from '#shared/languages';
import { AUTHORING_TEXT } from '#shared/text';
import type { AuthoredScenarioSummary, ScenarioSharing } from '#shared/api/authoring';
import {
  CONVERSATION_TOPICS,
  type HiddenConcern,
  type ScenarioSeed,
  type StatedConcern,
} from '#shared/scenarioSeed';

/** The Visibility choice of a scenario kept to its author. */
export const PRIVATE = 'private';

/**
 * The form's own value: the seed's shape, with every text possibly empty while it is typed.
 * `topicAnswers` is always an object here; an empty topic is dropped before checking. An empty
 * caption is none. `visibility` is the Visibility choice, kept in the draft with the fields:
 * 'private', or the id of the organisation it is shared with (sent as the `sharing`).
 */
export type SeedDraft = Omit<
  ScenarioSeed,
  'category' | 'difficulty' | 'extras' | 'resourceCaption'
> & {
  category: ScenarioSeed['category'] | '';
  difficulty: ScenarioSeed['difficulty'] | '';
  resourceCaption: string;
  visibility: string;
  extras: Omit<ScenarioSeed['extras'], 'topicAnswers'> & {
    topicAnswers: Partial<Record<(typeof CONVERSATION_TOPICS)[number], string[]>>;
  };
};

export function blankStatedConcern(): StatedConcern {
  return { concern: '', keywords: [], lines: [], settled: '' };
}

export function blankHiddenConcern(): HiddenConcern {
  return { id: '', concern: '', unlock: 'either', keywords: [], reveal: '', hint: '' };
}

export function blankSeed(): SeedDraft {
  return {
    slug: '',
    title: '',
    description: '',
    category: '',
    difficulty: '',
    language: DEFAULT_LANGUAGE,
    patientConcerns: [],
    patientProfile: '',
    initialMessage: '',
    resourceCaption: '',
    visibility: PRIVATE,
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: { ideas: '', concerns: '', expectations: '' },
      receptiveness: 'medium',
      start: { trust: 0.5, anxiety: 0.5, readiness: 0.5 },
      goal: '',
      statedConcerns: [blankStatedConcern(), blankStatedConcern()],
      hiddenConcerns: [blankHiddenConcern()],
      topicAnswers: {},
      lines: { acceptance: [], deferral: [], pushback: [], confusion: [], neutral: [] },
    },
  };
}

/** A saved seed back into the form's shape, with where it is shared when its summary says. */
export function draftFromSeed(
  seed: ScenarioSeed,
  summary?: Pick<AuthoredScenarioSummary, 'organisationId'>,
): SeedDraft {
  return {
    ...seed,
    resourceCaption: seed.resourceCaption ?? '',
    visibility: summary?.organisationId ?? PRIVATE,
    extras: { ...seed.extras, topicAnswers: { ...seed.extras.topicAnswers } },
  };
}

/** The Visibility choice as the API takes it. */
export function sharingOf(draft: Pick<SeedDraft, 'visibility'>): ScenarioSharing {
  return draft.visibility === PRIVATE || draft.visibility === ''
    ? { visibility: 'private' }
    : { visibility: 'organisation', organisationId: draft.visibility };
}

/** `Crown Cost & Fear!` → `crown-cost-fear`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * What is checked and sent: the slug and hidden concerns' ids made from their titles when the
 * author left them blank, and topics with no answers left out (the engine then answers in profile).
 */
export function seedForCheck(draft: SeedDraft): unknown {
  const topicAnswers = Object.fromEntries(
    Object.entries(draft.extras.topicAnswers).filter(([, answers]) => (answers ?? []).length > 0),
  );
  const { visibility: _visibility, resourceCaption, ...seed } = draft;
  return {
    ...seed,
    ...(resourceCaption.trim() === '' ? {} : { resourceCaption }),
    slug: draft.slug || slugify(draft.title),
    extras: {
      ...draft.extras,
      hiddenConcerns: draft.extras.hiddenConcerns.map((h, i) => ({
        ...h,
        id: h.id || slugify(h.concern) || `hidden-${i + 1}`,
      })),
      topicAnswers,
    },
  };
}

/** Every field path the form shows for this draft: issues land on the longest that covers them. */
export function fieldPaths(draft: SeedDraft): string[] {
  const paths = [
    'title',
    'description',
    'category',
    'difficulty',
    'language',
    'patientProfile',
    'patientConcerns',
    'initialMessage',
    'resourceCaption',
    'visibility',
    'extras.speaker',
    'extras.voice.gender',
    'extras.voice.ageGroup',
    'extras.ice.ideas',
    'extras.ice.concerns',
    'extras.ice.expectations',
    'extras.receptiveness',
    'extras.start.trust',
    'extras.start.anxiety',
    'extras.start.readiness',
    'extras.goal',
    'extras.statedConcerns',
    'extras.hiddenConcerns',
    ...LINE_KINDS.map((kind) => `extras.lines.${kind}`),
    ...CONVERSATION_TOPICS.map((topic) => `extras.topicAnswers.${topic}`),
  ];
  draft.extras.statedConcerns.forEach((_c, i) => {
    for (const f of ['concern', 'keywords', 'lines', 'settled']) {
      paths.push(`extras.statedConcerns[${i}].${f}`);
    }
  });
  draft.extras.hiddenConcerns.forEach((_h, i) => {
    for (const f of ['concern', 'unlock', 'keywords', 'reveal', 'hint']) {
      paths.push(`extras.hiddenConcerns[${i}].${f}`);
    }
  });
  return paths;
}

export const LINE_KINDS = ['acceptance', 'deferral', 'pushback', 'confusion', 'neutral'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A stored draft laid over a blank form, so one written by an older form (or edited by hand)
 * cannot break the page: anything of the wrong kind falls back to the blank value.
 */
export function draftFromStored(stored: unknown): SeedDraft | null {
  if (!isObject(stored)) return null;
  const merge = (blank: unknown, value: unknown): unknown => {
    if (value === undefined) return blank;
    // Keys the blank form has no value for (a topic's answers) are kept when they are lists.
    if (blank === undefined) return Array.isArray(value) ? value : undefined;
    if (Array.isArray(blank)) return Array.isArray(value) ? value : blank;
    if (isObject(blank)) {
      if (!isObject(value)) return blank;
      const keys = new Set([...Object.keys(blank), ...Object.keys(value)]);
      return Object.fromEntries([...keys].map((k) => [k, merge(blank[k], value[k])]));
    }
    return typeof value === typeof blank ? value : blank;
  };
  const draft = merge(blankSeed(), stored) as SeedDraft;
  // Rows must be objects the row editors can read.
  const rows = <T>(list: unknown[], blank: () => T): T[] =>
    list.map((item) => merge(blank(), item) as T);
  draft.extras.statedConcerns = rows(draft.extras.statedConcerns, blankStatedConcern);
  draft.extras.hiddenConcerns = rows(draft.extras.hiddenConcerns, blankHiddenConcern);
  return draft;
}

/** The schema's one rule across fields, said where it can be fixed. */
export const STATED_CONCERN_RULE = 'every statedConcerns[].concern must be one of patientConcerns';

/**
 * Moves the stated-concerns rule from the form's summary to each stated concern that breaks it,
 * so the author sees it next to the field to change.
 */
export function placeCrossFieldErrors(
  errors: Record<string, string[]>,
  draft: SeedDraft,
): Record<string, string[]> {
  const general = errors[''] ?? [];
  if (!general.includes(STATED_CONCERN_RULE)) return errors;
  const concerns = draft.patientConcerns.map((c) => c.trim());
  const placed: Record<string, string[]> = { ...errors };
  let anyPlaced = false;
  draft.extras.statedConcerns.forEach((stated, i) => {
    const concern = stated.concern.trim();
    if (concern === '' || concerns.includes(concern)) return;
    const path = `extras.statedConcerns[${i}].concern`;
    placed[path] = [...(placed[path] ?? []), AUTHORING_TEXT.problems.statedConcern];
    anyPlaced = true;
  });
  if (!anyPlaced) return errors;
  const rest = general.filter((m) => m !== STATED_CONCERN_RULE);
  if (rest.length > 0) placed[''] = rest;
  else delete placed[''];
  return placed;
}

/**
 * The slug is made from the title when left blank (seedForCheck), and the form has no slug
 * field: a problem with a made slug is the title's to fix, and none at all when the title is
 * blank (its own "Required." says it). No error names a field the author cannot see (issue 27).
 */
export function placeDerivedErrors(
  errors: Record<string, string[]>,
  draft: SeedDraft,
): Record<string, string[]> {
  const general = errors[''] ?? [];
  const slugProblems = general.filter((m) => m.startsWith('slug:'));
  if (slugProblems.length === 0 || draft.slug !== '') return errors;
  const placed: Record<string, string[]> = { ...errors };
  const rest = general.filter((m) => !m.startsWith('slug:'));
  if (rest.length > 0) placed[''] = rest;
  else delete placed[''];
  if (draft.title.trim() !== '' && !(placed.title ?? []).includes(AUTHORING_TEXT.titleNeedsLetters))
    placed.title = [...(placed.title ?? []), AUTHORING_TEXT.titleNeedsLetters];
  return placed;
}

/** The sections folded away until opened: fields the engine has good defaults for. */
export type FoldedSection = 'voice' | 'topics';

const FOLDED: Record<FoldedSection, readonly string[]> = {
  voice: ['extras.speaker', 'extras.voice.', 'extras.receptiveness', 'extras.start.'],
  topics: ['extras.topicAnswers.'],
};

/** The folded sections holding a field with a problem, so a refused save opens them. */
export function sectionsWithProblems(errors: Record<string, string[]>): FoldedSection[] {
  const fields = Object.entries(errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([field]) => field);
  return (Object.keys(FOLDED) as FoldedSection[]).filter((section) =>
    fields.some((f) => FOLDED[section].some((prefix) => f === prefix || f.startsWith(prefix))),
  );
}
