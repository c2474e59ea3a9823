import express, { Router } from 'express';
import { MAX_SDP_BYTES, realtimeApi, SDP_CONTENT_TYPE } from '#shared/api/realtime';
import { currentUser, requireUser } from '../auth/guard';
import { abortOnClose } from '../http/abortOnClose';
import { AppError } from '../http/errors';
import { parseInput } from '../http/validate';
import type { Services } from '../services';
import { loadOwnedConversation } from './ownedConversation';

/**
 * The Realtime engine's call setup: the browser's SDP offer in, the provider's answer out. What
 * the server adds (the key, the patient's instructions) never comes back; see
 * server/realtime/realtimeCalls.ts for the call itself.
 */

/** An offer: SDP version line first, at least one audio section, printable text only. */
export function looksLikeSdpOffer(text: string): boolean {
  return text.startsWith('v=0') && /\r?\nm=audio /.test(text) && /^[\x20-\x7e\r\n\t]*$/.test(text);
}

export function realtimeRoutes(services: Services): Router {
  const { db } = services;
  const router = Router();
  router.use(requireUser(services));
  const sdpBody = express.text({ type: () => true, limit: MAX_SDP_BYTES });

  router.post(realtimeApi.call.route, async (req, res) => {
    const session = await loadOwnedConversation(db, req, res);
    const { standby } = parseInput(realtimeApi.call.query, req.query);
    if (!req.is(SDP_CONTENT_TYPE)) throw new AppError('unsupported:body');
    await new Promise<void>((resolve, reject) =>
      sdpBody(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );
    const offerSdp: unknown = req.body;
    if (typeof offerSdp !== 'string' || !looksLikeSdpOffer(offerSdp)) {
      throw new AppError('bad_request:sdp');
    }
    if (session.endedAt !== null) throw new AppError('conflict:ended');
    if (!services.ai.realtime || !services.config.ai.realtime) {
      throw new AppError('not_found:realtime');
    }
    const answer = await services.realtime.start({
      userId: currentUser(res).id,
      conversationId: session.id,
      scenarioId: session.scenarioId,
      offerSdp,
      standby: standby === '1',
      signal: abortOnClose(req, res),
    });
    res.status(201).type(SDP_CONTENT_TYPE).send(answer);
  });

  router.delete(realtimeApi.hangUp.route, async (req, res) => {
    const session = await loadOwnedConversation(db, req, res);
    const { standby } = parseInput(realtimeApi.hangUp.query, req.query);
    await services.realtime.hangUp(session.id, 'hung_up', { standbyOnly: standby === '1' });
    res.status(204).end();
  });

  return router;
}
