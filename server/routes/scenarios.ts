import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { z } from 'zod';
import { scenariosApi } from '../../shared/api/scenarios';
import { uuidSchema } from '../../shared/inputChecks';
import { isConnectionError } from '../db/db';
import { getVisibleScenario, listScenarios, ownScenariosStamp } from '../db/scenarios';
import { currentUser, requireUser } from '../auth/guard';
import { compressOnce, sendEncoded, type EncodedCopies } from '../http/compression';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { Services } from '../services';

interface EncodedList {
  body: string;
  tag: string;
  encoded: EncodedCopies;
}

/** Lists kept at once: the shared shipped one and the latest of each active author. */
const MAX_CACHED_LISTS = 500;

export function scenarioRoutes(services: Services): Router {
  const router = Router();
  router.use(requireUser(services));

  // The shipped library only changes when the server seeds it at start, and an author's own
  // scenarios change only through their own edits, so a list is read, serialised, tagged and
  // compressed once per (user's scenarios stamp); a browser revalidates with If-None-Match.
  // Everyone without scenarios of their own shares one copy (24 KB of JSON, a third of that
  // with brotli). The stamp is read from the database, so every instance sees an edit at once.
  const lists = new Map<string, Promise<EncodedList>>();
  /** The list each user was last given: what they still get while the database is down. */
  const lastKeys = new Map<string, string>();

  async function listKey(userId: string): Promise<string> {
    try {
      const stamp = await ownScenariosStamp(services.db, { userId });
      return stamp === '0:' ? 'shipped' : `${userId}|${stamp}`;
    } catch (error) {
      // Unreachable database: browsing goes on with the list already in memory, as it did
      // before lists were per user (a user never seen gets the shared shipped one, if any).
      const known = lastKeys.get(userId) ?? 'shipped';
      if (isConnectionError(error) && lists.has(known)) return known;
      throw error;
    }
  }

  router.get(scenariosApi.list.route, async (req, res) => {
    const userId = currentUser(res).id;
    const key = await listKey(userId);
    lastKeys.delete(userId);
    if (lastKeys.size >= MAX_CACHED_LISTS) lastKeys.delete(lastKeys.keys().next().value!);
    lastKeys.set(userId, key);
    let list = lists.get(key);
    if (!list) {
      list = listScenarios(services.db, { userId }).then((scenarios) => {
        // Typed by the contract, not parsed: this answer is serialised once and never rebuilt.
        const answer: z.input<typeof scenariosApi.list.response> = { scenarios };
        const body = JSON.stringify(answer);
        return {
          body,
          tag: createHash('sha1').update(body).digest('base64url'),
          encoded: compressOnce(Buffer.from(body)),
        };
      });
      // A user's older copies are never asked for again once their stamp moved on.
      if (lists.size >= MAX_CACHED_LISTS) lists.delete(lists.keys().next().value!);
      lists.set(key, list);
    }
    let cached: EncodedList;
    try {
      cached = await list;
    } catch (error) {
      lists.delete(key);
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
    const scenario = id.success
      ? await getVisibleScenario(services.db, { id: id.data, userId: currentUser(res).id })
      : null;
    if (!scenario) throw new AppError('not_found:scenario');
    sendJson(res, scenariosApi.get, { scenario });
  });

  return router;
}
