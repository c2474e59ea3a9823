import { z } from 'zod';
import { resource } from './endpoint';

/**
 * The Realtime engine's call setup, under /api/conversations/:id/realtime. The browser posts its
 * WebRTC offer as raw SDP (`Content-Type: application/sdp`) and gets the provider's SDP answer
 * back the same way (201): only the answer, never the key, the instructions or the call id. The
 * server keeps the call on its sideband. Errors are the usual JSON error body.
 */

export const SDP_CONTENT_TYPE = 'application/sdp';
/** A browser's offer with one audio track is 3–6 KB; anything near this is not one. */
export const MAX_SDP_BYTES = 32 * 1024;

/**
 * `?standby=1` on the call: set up ahead, when Voice Mode opens, with the microphone muted. It
 * does not replace a call in use, and it is not paid for unless the clinician starts it (the
 * socket's `realtime_start`, or the provider hearing them speak). On the hang-up: only a call
 * not started yet is hung up. See decision 034.
 */
export const realtimeStandbyQuery = z.object({ standby: z.literal('1').optional() });

export const realtimeApi = resource('/conversations', {
  /** Body: the SDP offer (text). Answer: 201 with the SDP answer (text). */
  call: { method: 'POST', route: '/:id/realtime', query: realtimeStandbyQuery, response: null },
  /** Hangs up the conversation's call, if one is running: 204 either way. */
  hangUp: { method: 'DELETE', route: '/:id/realtime', query: realtimeStandbyQuery, response: null },
});
