import { Router } from 'express';
import type { z } from 'zod';
import { scenariosApi } from '#shared/api/scenarios';
import { uuidSchema } from '#shared/inputChecks';
import { isConnectionError } from '../db/db';
import { getVisibleScenario, listScenarios, ownScenariosStamp } from '../db/scenarios';
import { currentUser, requireUser } from '../auth/guard';
import { sendEncoded } from '../http/compression';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { EncodedList } from '../scenarios/listCache';
import type { Services } from '../services';

/** The key of the list everyone without scenarios of their own shares. */
const SHARED = 'shipped';
/** The stamp of a user with no scenarios of their own and no organisation's. */
const NOTHING_OF_THEIR_OWN = '0:';

/** Typed by the contract, not parsed: this answer is serialised once and never rebuilt. */
const serialise = (scenarios: z.input<typeof scenariosApi.list.response>['scenarios']) =>
  Buffer.from(JSON.stringify({ scenarios } satisfies z.input<typeof scenariosApi.list.response>));

export function scenarioRoutes(services: Services): Router {
  const { db, scenarioLists, scenarioStamps } = services;
  const router = Router();
  router.use(requireUser(services));

  // The shipped library only changes when the server seeds it at start, and an author's own
  // scenarios change only through their own edits, so a list is read, serialised, tagged and
  // compressed once per (user, stamp); a browser revalidates with If-None-Match. The stamp is
  // read from the database and then trusted for SCENARIO_LIST_CACHE_SECONDS: every write on
  // this instance forgets it once committed, so only another instance's edit can take that long
  // to show (decision 036). Everyone without scenarios
  // of their own shares one copy (24 KB of JSON, a third of that with brotli), read without any
  // user's id: a scenario written between their stamp and the list can never land in it.
  async function listFor(userId: string): Promise<EncodedList> {
    let stamp: string;
    try {
      stamp = await scenarioStamps.get(userId, () => ownScenariosStamp(db, { userId }));
    } catch (error) {
      // Unreachable database: browsing goes on with the list already in memory (a user whose
      // own list is not kept gets the shared one, if that is).
      const kept = scenarioLists.lastKept(userId) ?? scenarioLists.lastKept(SHARED);
      if (isConnectionError(error) && kept) return kept;
      throw error;
    }
    if (stamp === NOTHING_OF_THEIR_OWN) {
      // Their old list (scenarios since deleted) is never right again.
      scenarioLists.forget(userId);
      return scenarioLists.get(SHARED, '', async () => serialise(await listScenarios(db)));
    }
    return scenarioLists.get(userId, stamp, async () =>
      serialise(await listScenarios(db, { userId })),
    );
  }

  router.get(scenariosApi.list.route, async (req, res) => {
    const list = await listFor(currentUser(res).id);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.type('json');
    await sendEncoded(req, res, {
      tag: list.tag,
      encoded: list.encoded,
      identity: () => {
        res.send(list.bytes);
      },
    });
  });

  router.get(scenariosApi.get.route, async (req, res) => {
    const id = uuidSchema.safeParse(req.params.id);
    const scenario = id.success
      ? await getVisibleScenario(db, { id: id.data, userId: currentUser(res).id })
      : null;
    if (!scenario) throw new AppError('not_found:scenario');
    sendJson(res, scenariosApi.get, { scenario });
  });

  return router;
}
