import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { z } from 'zod';
import { scenariosApi } from '../../shared/api/scenarios';
import { uuidSchema } from '../../shared/inputChecks';
import { getScenarioById, listScenarios } from '../db/scenarios';
import { requireUser } from '../auth/guard';
import { compressOnce, sendEncoded, type EncodedCopies } from '../http/compression';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { Services } from '../services';

interface EncodedList {
  body: string;
  tag: string;
  encoded: EncodedCopies;
}

export function scenarioRoutes(services: Services): Router {
  const router = Router();
  router.use(requireUser(services));

  // The library only changes when the server seeds it at start, so the list is read,
  // serialised, tagged and compressed once per process (24 KB of JSON, a third of that with
  // brotli); a browser revalidates with If-None-Match.
  let list: Promise<EncodedList> | null = null;
  router.get(scenariosApi.list.route, async (req, res) => {
    list ??= listScenarios(services.db).then((scenarios) => {
      // Typed by the contract, not parsed: this answer is serialised once and never rebuilt.
      const answer: z.input<typeof scenariosApi.list.response> = { scenarios };
      const body = JSON.stringify(answer);
      return {
        body,
        tag: createHash('sha1').update(body).digest('base64url'),
        encoded: compressOnce(Buffer.from(body)),
      };
    });
    let cached: EncodedList;
    try {
      cached = await list;
    } catch (error) {
      list = null;
      throw error;
    }
    res.setHeader('Cache-Control', 'private, no-cache');
    res.type('json');
    await sendEncoded(req, res, {
      tag: cached.tag,
      encoded: cached.encoded,
      identity: () => {
        res.send(cached.body);
      },
    });
  });

  router.get(scenariosApi.get.route, async (req, res) => {
    const id = uuidSchema.safeParse(req.params.id);
    const scenario = id.success ? await getScenarioById(services.db, { id: id.data }) : null;
    if (!scenario) throw new AppError('not_found:scenario');
    sendJson(res, scenariosApi.get, { scenario });
  });

  return router;
}
