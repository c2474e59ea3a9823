import { z } from 'zod';
import { languageOf, type LanguageCode } from '#shared/languages';
import {
  describeIssues,
  SCENARIO_LIMITS,
  scenarioSeedSchema,
  type ScenarioSeed,
} from '#shared/scenarioSeed';

/**
 * A scenario's translation (decision 048), as pure rules: which of its fields are prose to
 * translate, and how a model's answer becomes a draft scenario, or why it cannot. The model
 * sees and returns only the prose, in the scenario's own shape; everything else (ids, the
 * category, voice, starting levels, which stated concern is which) is copied from the source,
 * so no answer can change what the author did not write in words.
 */

/** The prose of a scenario: strings, in arrays and objects shaped like the seed's. */
export type TextTree = string | readonly TextTree[] | { readonly [key: string]: TextTree };

/**
 * Every author-written text of a seed, in its place. A stated concern's name is left out: it
 * must equal one of the key concerns, so it is taken from their translation (`withTexts`).
 */
export function textsOf(seed: ScenarioSeed): { [key: string]: TextTree } {
  const { extras } = seed;
  return {
    title: seed.title,
    description: seed.description,
    patientConcerns: seed.patientConcerns,
    patientProfile: seed.patientProfile,
    initialMessage: seed.initialMessage,
    ...(seed.resourceCaption === undefined ? {} : { resourceCaption: seed.resourceCaption }),
    extras: {
      ice: extras.ice,
      goal: extras.goal,
      statedConcerns: extras.statedConcerns.map(({ keywords, lines, settled }) => ({
        keywords,
        lines,
        settled,
      })),
      hiddenConcerns: extras.hiddenConcerns.map(({ concern, keywords, reveal, hint }) => ({
        concern,
        keywords,
        reveal,
        hint,
      })),
      ...(extras.topicAnswers === undefined ? {} : { topicAnswers: extras.topicAnswers }),
      lines: extras.lines,
    },
  };
}

/**
 * The schema an answer must match: exactly the source's keys, and as many items in each list,
 * every leaf a string. Lengths and safe characters are the seed schema's to judge, afterwards.
 */
export function sameShapeSchema(tree: TextTree): z.ZodType {
  if (typeof tree === 'string') return z.string();
  if (Array.isArray(tree)) {
    const items = (tree as readonly TextTree[]).map(sameShapeSchema);
    return z.tuple(items as [z.ZodType, ...z.ZodType[]]);
  }
  const shape = Object.fromEntries(
    Object.entries(tree as { [key: string]: TextTree }).map(([key, value]) => [
      key,
      sameShapeSchema(value),
    ]),
  );
  return z.strictObject(shape);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `base` with each string of `texts` laid in its place; whatever texts leaves out is kept. */
function overlay(base: unknown, texts: unknown): unknown {
  if (typeof texts === 'string') return texts;
  if (Array.isArray(texts) && Array.isArray(base))
    return base.map((item: unknown, i) => (i < texts.length ? overlay(item, texts[i]) : item));
  if (Array.isArray(texts)) return texts;
  if (isRecord(texts)) {
    const from = isRecord(base) ? base : {};
    const merged: Record<string, unknown> = { ...from };
    for (const [key, value] of Object.entries(texts)) merged[key] = overlay(from[key], value);
    return merged;
  }
  return base;
}

/** Keywords are lower case (the engine matches turns lowered), in the language's own rules. */
const lowered = (keywords: readonly string[], language: LanguageCode) =>
  keywords.map((word) => word.toLocaleLowerCase(languageOf(language).tag));

/** A slug that says which language the copy is in, within the slug's limit. */
export function translatedSlug(slug: string, language: LanguageCode): string {
  const suffix = `-${language}`;
  return `${slug.slice(0, SCENARIO_LIMITS.slug - suffix.length)}${suffix}`;
}

/**
 * The source with the translated texts in place, in `language`: a candidate for the seed
 * schema. Each stated concern is named by its key concern's translation.
 */
export function withTexts(source: ScenarioSeed, texts: unknown, language: LanguageCode): unknown {
  const merged = overlay(source, texts) as ScenarioSeed;
  const concerns = merged.patientConcerns;
  return {
    ...merged,
    slug: translatedSlug(source.slug, language),
    language,
    extras: {
      ...merged.extras,
      statedConcerns: merged.extras.statedConcerns.map((stated, i) => {
        const at = source.patientConcerns.indexOf(source.extras.statedConcerns[i]!.concern);
        return {
          ...stated,
          concern: at === -1 ? stated.concern : concerns[at]!,
          keywords: lowered(stated.keywords, language),
        };
      }),
      hiddenConcerns: merged.extras.hiddenConcerns.map((hidden) => ({
        ...hidden,
        keywords: lowered(hidden.keywords, language),
      })),
    },
  };
}

/** Why an answer is no draft: nothing, not JSON, not the scenario's shape, or past its rules. */
export type TranslationProblem = 'empty' | 'not_json' | 'wrong_shape' | 'invalid';

export type TranslationReading =
  | { ok: true; scenario: ScenarioSeed }
  | { ok: false; problem: TranslationProblem; details: string[] };

/** A JSON object, whether or not a model wrapped it in a Markdown code fence. */
function parseJson(answer: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(answer.trim());
  try {
    return { ok: true, value: JSON.parse(fenced ? fenced[1]! : answer) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * A model's answer to the translation of `source` into `language`, as a draft that passes the
 * seed schema (every limit of SCENARIO_LIMITS included), or the problem with it.
 */
export function readTranslation(
  source: ScenarioSeed,
  language: LanguageCode,
  answer: string,
): TranslationReading {
  if (answer.trim() === '') return { ok: false, problem: 'empty', details: [] };
  const json = parseJson(answer);
  if (!json.ok) return { ok: false, problem: 'not_json', details: [] };
  const shaped = sameShapeSchema(textsOf(source)).safeParse(json.value);
  if (!shaped.success) {
    return { ok: false, problem: 'wrong_shape', details: describeIssues(shaped.error, json.value) };
  }
  const candidate = withTexts(source, shaped.data, language);
  const seed = scenarioSeedSchema.safeParse(candidate);
  if (!seed.success) {
    return { ok: false, problem: 'invalid', details: describeIssues(seed.error, candidate) };
  }
  return { ok: true, scenario: seed.data };
}
