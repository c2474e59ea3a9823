import { Router, type Request, type Response } from 'express';
import { randomBytes } from 'node:crypto';
import { ltiDeepLinkApi } from '#shared/api/ltiDeepLinks';
import { currentLocale } from '#shared/i18n/translate';
import { LTI_DEEP_LINK_TEXT } from '#shared/text';
import { currentUser, requireUser, userFromRequest } from '../auth/guard';
import { assignScenario } from '../db/assignments';
import {
  answerDeepLink,
  getDeepLink,
  listAssignableScenarios,
  mayAssignToCohort,
  takeDeepLinkAnswer,
  type DeepLink,
} from '../db/ltiDeepLinks';
import { getPlatformById } from '../db/ltiPlatforms';
import { getScenarioById } from '../db/scenarios';
import { AppError } from '../http/errors';
import { escapeHtml } from '../http/escapeHtml';
import { sendJson } from '../http/respond';
import { idOr404, parseInput } from '../http/validate';
import {
  buildDeepLinkingResponse,
  sendsLineItem,
  signDeepLinkingResponse,
  type PlacedAssignment,
} from '../lti/deepLinkResponse';
import { toolUrls } from '../lti/toolUrls';
import type { Services } from '../services';

/**
 * Deep linking's second half (decision 051). The picker's API, for the instructor whose
 * request it is (anyone else, and a request answered already, is not found):
 *
 * - GET /api/lti/deep-links/:id: the course's cohort and the scenarios they may assign there.
 * - POST /api/lti/deep-links/:id: assigns the chosen scenario to the cohort (as the
 *   organisations page does), signs our LtiDeepLinkingResponse with one resource link opening
 *   that assignment, and keeps it for the posting page.
 * - POST /api/lti/deep-links/:id/cancel: the same with no item (Deep Linking 2.0 allows it), so
 *   the platform closes its dialog.
 *
 * And the posting page, outside /api: GET /lti/deep-link/:id/send renders a form posting the
 * signed answer (field `JWT`) to the platform's return URL, submitting itself. The app's CSP
 * allows forms to post to our origin only, so this page carries its own: `form-action` names
 * the return URL's origin and nothing else, and its one script runs by nonce.
 */

export const deepLinkSendPath = (id: string) => `/lti/deep-link/${encodeURIComponent(id)}/send`;

export function ltiDeepLinkApiRoutes(services: Services): Router {
  const { db, config, scenarioStamps } = services;
  const router = Router();
  router.use(requireUser(services));
  const { launchUrl } = toolUrls(config.mail.publicUrl);

  /** The caller's request, unanswered, in time, and on a cohort they may still assign to. */
  const openRequest = async (req: Request, res: Response): Promise<DeepLink> => {
    const param = req.params.id;
    const id = idOr404(typeof param === 'string' ? param : undefined, 'not_found:lti_deep_link');
    const userId = currentUser(res).id;
    const link = await getDeepLink(db, { id, userId });
    if (!link || link.answered) throw new AppError('not_found:lti_deep_link');
    if (link.expiresAt.getTime() <= Date.now())
      throw new AppError('conflict:lti_deep_link_expired');
    if (!(await mayAssignToCohort(db, { userId, cohortId: link.cohortId })))
      throw new AppError('not_found:lti_deep_link');
    return link;
  };

  /** Signs the answer and keeps it for the posting page; a second answer is not found. */
  const answer = async (res: Response, link: DeepLink, placed: PlacedAssignment | null) => {
    const platform = await getPlatformById(db, { platformId: link.platformId });
    if (!platform) throw new AppError('not_found:lti_deep_link');
    const response = buildDeepLinkingResponse({
      clientId: platform.clientId,
      platformIssuer: platform.issuer,
      deploymentId: link.deploymentId,
      settings: link.settings,
      placed,
      launchUrl,
      nonce: randomBytes(24).toString('base64url'),
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    const responseJwt = await signDeepLinkingResponse(
      response,
      await services.ltiKeys.signingKey(),
    );
    const stored = await answerDeepLink(db, {
      id: link.id,
      userId: link.userId,
      responseJwt,
      now: new Date(),
    });
    if (!stored) throw new AppError('not_found:lti_deep_link');
    sendJson(res, ltiDeepLinkApi.choose, { sendUrl: deepLinkSendPath(link.id) });
  };

  router.get(ltiDeepLinkApi.picker.route, async (req, res) => {
    const link = await openRequest(req, res);
    const scenarios = await listAssignableScenarios(db, {
      userId: link.userId,
      cohortId: link.cohortId,
    });
    sendJson(res, ltiDeepLinkApi.picker, {
      cohortName: link.cohortName,
      scenarios,
      lineItem: sendsLineItem(link.settings),
      expiresAt: link.expiresAt.toISOString(),
    });
  });

  router.post(ltiDeepLinkApi.choose.route, async (req, res) => {
    const link = await openRequest(req, res);
    const { scenarioId, dueAt } = parseInput(ltiDeepLinkApi.choose.body, req.body);
    const due = dueAt ? new Date(dueAt) : null;
    // The organisations page's rule and code: assigning a scenario the cohort has already
    // reuses that assignment (its due date set to this one), so every link to it shares one
    // column of the cohort's table.
    const result = await assignScenario(db, {
      trainerId: link.userId,
      cohortId: link.cohortId,
      scenarioId,
      dueAt: due,
    });
    // Assigning a private scenario shares it with the organisation (decision 036).
    scenarioStamps.forgetAll();
    if (!result.assigned)
      throw new AppError(
        result.reason === 'shared_elsewhere' ? 'conflict:shared_elsewhere' : 'not_found:scenario',
      );
    const scenario = await getScenarioById(db, { id: scenarioId });
    if (!scenario) throw new AppError('not_found:scenario');
    await answer(res, link, {
      assignmentId: result.id,
      title: scenario.title,
      dueAt: due?.toISOString() ?? null,
    });
  });

  router.post(ltiDeepLinkApi.cancel.route, async (req, res) => {
    await answer(res, await openRequest(req, res), null);
  });

  return router;
}

/** A page of our own, in the reader's language, styled by nonce under its own CSP. */
function page(input: { title: string; nonce: string; body: string; script?: string }): string {
  const style = `body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2933}
main{max-width:32rem;margin:0 auto}h1{font-size:1.4rem}
button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:0;background:#0b6e69;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}`;
  return [
    `<!doctype html><html lang="${escapeHtml(currentLocale())}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.title)}</title>`,
    `<style nonce="${input.nonce}">${style}</style></head>`,
    `<body><main><h1>${escapeHtml(input.title)}</h1>${input.body}</main>`,
    input.script ? `<script nonce="${input.nonce}">${input.script}</script>` : '',
    '</body></html>',
  ].join('');
}

/** The posting page: only the form's own target is a place a form here may post to. */
export function sendPageCsp(returnUrl: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `form-action ${new URL(returnUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function ltiDeepLinkPageRoutes(services: Services): Router {
  const router = Router();
  router.get('/lti/deep-link/:id/send', async (req, res) => {
    try {
      res.setHeader('Cache-Control', 'no-store');
      const nonce = randomBytes(18).toString('base64');
      const user = await userFromRequest(services, req, res);
      const id = req.params.id;
      const answer =
        user && /^[0-9a-f-]{36}$/i.test(id)
          ? await takeDeepLinkAnswer(services.db, { id, userId: user.id })
          : null;
      if (!answer) {
        // Not the instructor's, or sent already (a reload, the browser's history).
        res.setHeader(
          'Content-Security-Policy',
          `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
        );
        res
          .status(404)
          .type('html')
          .send(
            page({
              title: LTI_DEEP_LINK_TEXT.sendTitle,
              nonce,
              body: `<p role="alert">${escapeHtml(LTI_DEEP_LINK_TEXT.nothingToSend)}</p>`,
            }),
          );
        return;
      }
      res.setHeader('Content-Security-Policy', sendPageCsp(answer.returnUrl, nonce));
      res
        .status(200)
        .type('html')
        .send(
          page({
            title: LTI_DEEP_LINK_TEXT.sendTitle,
            nonce,
            body: [
              `<p role="status">${escapeHtml(LTI_DEEP_LINK_TEXT.sending)}</p>`,
              `<form id="send" method="post" action="${escapeHtml(answer.returnUrl)}">`,
              `<input type="hidden" name="JWT" value="${escapeHtml(answer.responseJwt)}">`,
              // Without scripts (or before they run) a person sends it with this button.
              `<button type="submit">${escapeHtml(LTI_DEEP_LINK_TEXT.send)}</button></form>`,
            ].join(''),
            script: "document.getElementById('send').submit();",
          }),
        );
    } catch (error) {
      // A failure of ours is a page that says so, never an error status's JSON.
      services.logger.error('lti.deep_link_send_failed', { error });
      if (!res.headersSent) res.redirect(303, '/lti/launch-failed?reason=unavailable');
    }
  });
  return router;
}
