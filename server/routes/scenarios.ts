import { Router } from 'express';
import { uuidSchema } from '../../shared/api';
import { getScenarioById, listScenarios } from '../db/scenarios';
import { requireUser } from '../auth/guard';
import { notFound } from '../http/errors';
import type { Services } from '../services';

export function scenarioRoutes(services: Services): Router {
  const router = Router();
  router.use(requireUser(services));

  router.get('/', async (_req, res) => {
    res.json({ scenarios: await listScenarios(services.db) });
  });

  router.get('/:id', async (req, res) => {
    const id = uuidSchema.safeParse(req.params.id);
    const scenario = id.success ? await getScenarioById(services.db, { id: id.data }) : null;
    if (!scenario) throw notFound('scenario', 'Scenario not found');
    res.json({ scenario });
  });

  return router;
}
