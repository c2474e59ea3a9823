import type { Scenario } from '#shared/scenario';
import type { PatientExtras } from '#shared/scenarioSeed';

/** The schema moved to shared/ (authors' scenarios pass it too); re-exported for the server. */
export * from '#shared/scenarioSeed';

/** A scenario as the server knows it: the public fields plus the engine extras. */
export interface ScenarioRecord extends Scenario {
  slug: string;
  extras: PatientExtras;
}
