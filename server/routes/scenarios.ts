import { createHash } from 'node:crypto';
import { Router } from 'express';
import { uuidSchema } from '../../shared/api';
import { getScenarioById, listScenarios } from '../db/scenarios';
import { requireUser } from '../auth/guard';
import { notFound } from '../http/errors';
import type { Services } from '../services';

export function scenarioRoutes(services: Services): Router {
  const router = Router();
  router.use(requireUser(services));

  // The library only changes when the server seeds it at start, so the list is read,
  // serialised and tagged once per process; a browser revalidates with If-None-Match.
  let list: Promise<{ body: string; etag: string }> | null = null;
  router.get('/', async (req, res) => {
    list ??= listScenarios(services.db).then((scenarios) => {
      const body = JSON.stringify({ scenarios });
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    });
    let cached: { body: string; etag: string };
    try {
      cached = await list;
    } catch (error) {
      list = null;
      throw error;
    }
    res.setHeader('ETag', cached.etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    if (req.headers['if-none-match'] === cached.etag) {
      res.status(304).end();
      return;
    }
    res.type('json').send(cached.body);
  });

  router.get('/:id', async (req, res) => {
    const id = uuidSchema.safeParse(req.params.id);
    const scenario = id.success ? await getScenarioById(services.db, { id: id.data }) : null;
    if (!scenario) throw notFound('scenario', 'Scenario not found');
    res.json({ scenario });
  });

  return router;
}
