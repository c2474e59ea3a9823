import { z } from 'zod';
import { scenarioSchema } from '../scenario';
import { resource } from './endpoint';

/** /api/scenarios: the scenario library, as the browser may see it. */

export const scenariosResponse = z.object({ scenarios: z.array(scenarioSchema) });
export const scenarioResponse = z.object({ scenario: scenarioSchema });

export const scenariosApi = resource('/scenarios', {
  /** Beginner to advanced, then by title. */
  list: { method: 'GET', route: '/', response: scenariosResponse },
  get: { method: 'GET', route: '/:id', response: scenarioResponse },
});
