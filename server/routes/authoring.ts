import express, { Router, type Response } from 'express';
import type { z } from 'zod';
import { authoringApi, IMPORT_BODY_LIMIT_BYTES, type ScenarioSharing } from '#shared/api/authoring';
import { uuidSchema } from '#shared/inputChecks';
import type { ScenarioBudget } from '#shared/scenarioBudget';
import { describeIssues, type ScenarioSeed } from '#shared/scenarioSeed';
import { AUTHORING_TEXT, INPUT_TEXT } from '#shared/text';
import { currentUser, requireUser } from '../auth/guard';
import {
  createOwnScenario,
  deleteOwnScenario,
  exportOwnScenarios,
  getCopyableSeed,
  getOwnScenario,
  importOwnScenarios,
  listOwnScenarios,
  updateOwnScenario,
  type BudgetRefusal,
} from '../db/customScenarios';
import { abortOnClose } from '../http/abortOnClose';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { copyableContent, duplicateSeed } from '../scenarios/duplicate';
import { translateScenario } from '../scenarios/translateScenario';
import type { Services } from '../services';

/**
 * Every problem of a body at once, each with its path (`scenarios[3].extras.hiddenConcerns[2]
 * .unlock: required`): an author fixing a file should not meet its problems one per attempt.
 */
function parseAll<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const problems = describeIssues(result.error, body);
  const count = INPUT_TEXT.problems(problems.length);
  throw new AppError('bad_request:validation', `${count}: ${problems.join('; ')}`);
}

/**
 * A write past the author's budget (decision 028), in words that name the limit crossed; an
 * import also says how many more would fit.
 */
function budgetError(over: BudgetRefusal, budget: ScenarioBudget, importing: boolean): AppError {
  const maxKb = Math.floor(budget.maxBytes / 1024);
  const room = Math.max(0, budget.maxScenarios - over.usage.scenarios);
  const message =
    over.exceeded === 'scenarios'
      ? importing
        ? AUTHORING_TEXT.importTooMany(over.change.scenarios, room, budget.maxScenarios)
        : AUTHORING_TEXT.tooManyScenarios(budget.maxScenarios)
      : importing
        ? AUTHORING_TEXT.importTooLarge(maxKb)
        : AUTHORING_TEXT.tooManyBytes(maxKb);
  return new AppError('conflict:scenario_budget', message);
}

/**
 * /api/authoring/scenarios. Mounted before the API's own JSON parser: a signed-in
 * author's import may be larger than any other request, and nobody else's body is read here.
 */
export function authoringRoutes(services: Services): Router {
  const { db, scenarioStamps } = services;
  const { budget } = services.config.scenarios;
  const router = Router();
  router.use(requireUser(services));
  router.post(authoringApi.import.route, express.json({ limit: IMPORT_BODY_LIMIT_BYTES }));
  router.use(express.json({ limit: services.config.limits.bodyLimitBytes }));

  /** A uuid of the author's own, or a 404 like any id that is not theirs. */
  const idParam = (id: string | undefined): string => {
    const parsed = uuidSchema.safeParse(id);
    if (!parsed.success) throw new AppError('not_found:scenario');
    return parsed.data;
  };
  const userIdOf = (res: Response) => currentUser(res).id;

  /**
   * After a write (committed or refused): the author's scenario list changes, and when the
   * scenario is or was shared with an organisation, its trainer's and members' lists too. Who
   * they are would cost a read; such writes are rare, so every list here is read again
   * (decision 036).
   */
  const written = (userId: string, shared: boolean) => {
    if (shared) scenarioStamps.forgetAll();
    else scenarioStamps.forget(userId);
  };
  const isShared = (sharing: ScenarioSharing | undefined) => sharing?.visibility === 'organisation';

  async function ownOrNotFound(userId: string, id: string) {
    const own = await getOwnScenario(db, { userId, id });
    if (!own) throw new AppError('not_found:scenario');
    return own;
  }

  router.get(authoringApi.list.route, async (_req, res) => {
    const scenarios = await listOwnScenarios(db, { userId: userIdOf(res) });
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, authoringApi.list, { scenarios });
  });

  router.get(authoringApi.export.route, async (req, res) => {
    const { ids } = parseAll(authoringApi.export.query, req.query);
    const valid = ids.map((id) => uuidSchema.safeParse(id));
    const seeds = valid.every((v) => v.success)
      ? await exportOwnScenarios(db, { userId: userIdOf(res), ids: valid.map((v) => v.data!) })
      : null;
    if (!seeds) throw new AppError('not_found:scenario');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', 'attachment; filename="chairtalk-scenarios.json"');
    sendJson(res, authoringApi.export, { scenarios: seeds });
  });

  router.post(authoringApi.import.route, async (req, res) => {
    const file = parseAll(authoringApi.import.body, req.body);
    const userId = userIdOf(res);
    const imported = await importOwnScenarios(db, { userId, seeds: file.scenarios, budget });
    written(userId, false);
    if ('refused' in imported) throw budgetError(imported, budget, true);
    const { ids } = imported;
    const mine = await listOwnScenarios(db, { userId });
    const byId = new Map(mine.map((s) => [s.id, s]));
    const scenarios = ids.flatMap((id) => byId.get(id) ?? []);
    sendJson(res, authoringApi.import, { scenarios }, 201);
  });

  router.get(authoringApi.get.route, async (req, res) => {
    const own = await ownOrNotFound(userIdOf(res), idParam(req.params.id));
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, authoringApi.get, own);
  });

  /**
   * A sharing whose organisation id is not even a uuid names nobody's organisation: not found,
   * like one the author does not train.
   */
  const checkedSharing = (sharing: ScenarioSharing | undefined) => {
    if (
      sharing?.visibility === 'organisation' &&
      !uuidSchema.safeParse(sharing.organisationId).success
    )
      throw new AppError('not_found:organisation');
    return sharing;
  };

  const create = async (
    res: Response,
    userId: string,
    seed: ScenarioSeed,
    sharing?: ScenarioSharing,
  ) => {
    const created = await createOwnScenario(db, {
      userId,
      seed,
      sharing: checkedSharing(sharing),
      budget,
    });
    written(userId, isShared(sharing));
    if ('refused' in created) {
      if (created.refused === 'organisation') throw new AppError('not_found:organisation');
      throw budgetError(created, budget, false);
    }
    sendJson(res, authoringApi.create, await ownOrNotFound(userId, created.id), 201);
  };

  router.post(authoringApi.create.route, async (req, res) => {
    const { scenario, sharing } = parseAll(authoringApi.create.body, req.body);
    await create(res, userIdOf(res), scenario, sharing);
  });

  router.post(authoringApi.update.route, async (req, res) => {
    const userId = userIdOf(res);
    const id = idParam(req.params.id);
    // Ownership before the body: another user's id is a 404 whatever was sent.
    const before = await ownOrNotFound(userId, id);
    const { scenario, sharing } = parseAll(authoringApi.update.body, req.body);
    const saved = await updateOwnScenario(db, {
      userId,
      id,
      seed: scenario,
      sharing: checkedSharing(sharing),
      budget,
    });
    written(userId, before.summary.visibility === 'organisation' || isShared(sharing));
    if (!saved.saved) {
      if (saved.reason === 'budget') throw budgetError(saved, budget, false);
      throw new AppError(
        saved.reason === 'assigned'
          ? 'conflict:assigned'
          : saved.reason === 'organisation'
            ? 'not_found:organisation'
            : 'not_found:scenario',
      );
    }
    const { versioned } = saved;
    sendJson(res, authoringApi.update, { ...(await ownOrNotFound(userId, id)), versioned });
  });

  router.post(authoringApi.duplicate.route, async (req, res) => {
    const userId = userIdOf(res);
    const original = await getCopyableSeed(db, { userId, id: idParam(req.params.id) });
    if (!original) throw new AppError('not_found:scenario');
    await create(res, userId, duplicateSeed(original.seed, { shipped: original.shipped }));
  });

  router.post(authoringApi.translate.route, async (req, res) => {
    const userId = userIdOf(res);
    // Who may read it before what was asked: another user's id is a 404 whatever the body.
    const original = await getCopyableSeed(db, { userId, id: idParam(req.params.id) });
    if (!original) throw new AppError('not_found:scenario');
    const { language } = parseAll(authoringApi.translate.body, req.body);
    const scenario = await translateScenario(services, {
      userId,
      source: copyableContent(original.seed, { shipped: original.shipped }),
      language,
      signal: abortOnClose(req, res),
    });
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, authoringApi.translate, { scenario });
  });

  router.delete(authoringApi.delete.route, async (req, res) => {
    const deleted = await deleteOwnScenario(db, {
      userId: userIdOf(res),
      id: idParam(req.params.id),
    });
    if (!deleted) throw new AppError('not_found:scenario');
    written(userIdOf(res), deleted.shared);
    sendJson(res, authoringApi.delete, { deleted: deleted.deleted });
  });

  return router;
}
