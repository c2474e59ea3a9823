import { z } from 'zod';
import { en } from './i18n/en';
import { translate, type TextKey } from './i18n/translate';
import { DEFAULT_LANGUAGE, languageCodeSchema } from './languages';

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const difficultySchema = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof difficultySchema>;

/** What the browser may see of a scenario. Hidden concerns and engine extras stay on the server. */
export const scenarioSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.string(),
  patientConcerns: z.array(z.string()),
  patientProfile: z.string(),
  initialMessage: z.string(),
  /** The author's caption for the Resources picture; absent or null: the keyword caption. */
  resourceCaption: z.string().nullable().optional(),
  /** The language its patient speaks and its texts are written in (decision 048). */
  language: languageCodeSchema.default(DEFAULT_LANGUAGE),
});
export type Scenario = z.infer<typeof scenarioSchema>;

export type BadgeColour = 'green' | 'yellow' | 'red' | 'grey';

/** Spec §2 Tab 1: beginner green, intermediate yellow, advanced red, anything else grey. */
export function difficultyBadgeColour(difficulty: string | null | undefined): BadgeColour {
  switch (difficulty) {
    case 'beginner':
      return 'green';
    case 'intermediate':
      return 'yellow';
    case 'advanced':
      return 'red';
    default:
      return 'grey';
  }
}

/** Spec §2 Scenario screen header: beginner green, intermediate yellow, otherwise red. */
export function scenarioHeaderBadgeColour(difficulty: string): BadgeColour {
  const colour = difficultyBadgeColour(difficulty);
  return colour === 'grey' ? 'red' : colour;
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function isDifficulty(value: string): value is Difficulty {
  return (DIFFICULTIES as readonly string[]).includes(value);
}

/** A difficulty as a badge names it, in the interface language; one of no known level as stored. */
export function difficultyName(difficulty: string): string {
  return isDifficulty(difficulty)
    ? translate(`scenario.difficulty.${difficulty}`)
    : capitalise(difficulty);
}

/**
 * A category as a scenario card names it, in the interface language (English names it as
 * stored); a category of no known name as it is.
 */
export function categoryName(category: string): string {
  return Object.hasOwn(en.authoring.values.category, category)
    ? translate(`authoring.values.category.${category}` as TextKey)
    : category;
}

/** Spec §2 Tab 1: case-insensitive match over title, description, category, any concern, or profile. */
export function scenarioMatchesSearch(scenario: Scenario, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const haystacks = [
    scenario.title,
    scenario.description,
    scenario.category,
    // The category as the card shows it too: "implantes" finds Implants in Spanish.
    categoryName(scenario.category),
    scenario.patientProfile,
    ...scenario.patientConcerns,
  ];
  return haystacks.some((text) => text.toLowerCase().includes(needle));
}

export function filterScenarios(
  scenarios: readonly Scenario[],
  filters: { search: string; difficulty: Difficulty | null },
): Scenario[] {
  return scenarios.filter(
    (s) =>
      (filters.difficulty === null || s.difficulty === filters.difficulty) &&
      scenarioMatchesSearch(s, filters.search),
  );
}

/** Spec §2 Tab 1: 'Found N [level] scenarios matching ...' shown while a filter is active. */
export function foundLine(
  count: number,
  filters: { search: string; difficulty: Difficulty | null },
): string | null {
  const search = filters.search.trim();
  if (search === '' && filters.difficulty === null) return null;
  const level = filters.difficulty
    ? translate(`scenario.difficultyInLine.${filters.difficulty}`)
    : null;
  const variant = level === null ? 'search' : search === '' ? 'level' : 'both';
  return translate(`scenario.found.${variant}`, { count, level: level ?? '', search });
}

const DIFFICULTY_ORDER: Record<string, number> = { beginner: 0, intermediate: 1, advanced: 2 };

/** Listed beginner, intermediate, advanced, then by title. */
export function compareScenarios(a: Scenario, b: Scenario): number {
  const byLevel = (DIFFICULTY_ORDER[a.difficulty] ?? 3) - (DIFFICULTY_ORDER[b.difficulty] ?? 3);
  return byLevel !== 0 ? byLevel : a.title.localeCompare(b.title, 'en');
}
