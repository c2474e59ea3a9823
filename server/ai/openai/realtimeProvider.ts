import type OpenAI from 'openai';
import type {
  RealtimeClientEvent,
  RealtimeServerEvent,
  RealtimeSessionCreateRequest,
} from 'openai/resources/realtime/realtime';
import WebSocket from 'ws';
import type { RealtimeProvider, RealtimeSideband } from '../types';
import { AiProviderError, kindForStatus } from './errors';

/**
 * The provider's side of a Realtime call (OpenAI's "unified interface"): the browser's SDP offer
 * goes to `POST /realtime/calls` with the session configuration, and the server keeps a sideband
 * WebSocket on the same call. Hang-up uses the SDK. The call itself has no SDK method for
 * creating it (the answer is SDP text, not JSON), and the SDK's `OpenAIRealtimeWS` forces
 * `wss://`, which a local compatible server does not speak (MACHINE-NOTES): both go direct,
 * with the SDK's event types as the contract.
 */

export interface OpenAiRealtimeConfig {
  apiKey: string;
  /** Ends in /v1, as the SDK's does. */
  baseURL: string;
  /** Longest wait for the SDP answer, and for the sideband to open. */
  timeoutMs: number;
}

/** `…/v1/realtime/calls/rtc_abc` (or a bare id): the call id is the last path segment. */
export function callIdFromLocation(location: string | null): string | null {
  if (!location) return null;
  const id = location.split('?')[0]!.split('/').filter(Boolean).pop() ?? '';
  return /^[A-Za-z0-9_-]{1,128}$/.test(id) ? id : null;
}

/** http→ws, https→wss, on the realtime path under the base URL, joined to the call. */
export function sidebandUrl(baseURL: string, callId: string): string {
  const url = new URL(baseURL);
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/realtime`;
  url.search = `?call_id=${encodeURIComponent(callId)}`;
  url.hash = '';
  return url.toString();
}

async function providerMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${response.status}`;
}

export function createOpenAiRealtime(
  client: OpenAI,
  config: OpenAiRealtimeConfig,
): RealtimeProvider {
  const base = config.baseURL.replace(/\/+$/, '');
  const auth = { Authorization: `Bearer ${config.apiKey}` };

  return {
    async createCall({ offerSdp, session }, { signal }) {
      const form = new FormData();
      form.set('sdp', offerSdp);
      form.set('session', JSON.stringify(session satisfies RealtimeSessionCreateRequest));
      let response: Response;
      try {
        response = await fetch(`${base}/realtime/calls`, {
          method: 'POST',
          headers: auth,
          body: form,
          signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)]),
        });
      } catch (error) {
        if (signal.aborted) throw new AiProviderError('aborted', 'call setup aborted');
        const timeout = (error as { name?: string }).name === 'TimeoutError';
        throw new AiProviderError(
          timeout ? 'timeout' : 'connection',
          'realtime call setup failed',
          { cause: error },
        );
      }
      if (response.status !== 201 && response.status !== 200) {
        const message = await providerMessage(response);
        throw new AiProviderError(kindForStatus(response.status), message, {
          status: response.status,
        });
      }
      const callId = callIdFromLocation(response.headers.get('location'));
      const answerSdp = await response.text();
      if (!callId || !answerSdp.startsWith('v=0')) {
        throw new AiProviderError('server', 'realtime call answer without SDP or call id');
      }
      return { answerSdp, callId };
    },

    openSideband(callId) {
      return openSideband(sidebandUrl(base, callId), auth, config.timeoutMs);
    },

    async hangUp(callId) {
      await client.realtime.calls.hangup(callId);
    },
  };
}

function openSideband(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<RealtimeSideband> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: timeoutMs });
    const early: RealtimeServerEvent[] = [];
    const listeners = {
      event: [] as Array<(e: RealtimeServerEvent) => void>,
      close: [] as Array<() => void>,
    };
    socket.once('unexpected-response', (_req, res) => {
      reject(
        new AiProviderError(kindForStatus(res.statusCode ?? 502), 'sideband refused', {
          status: res.statusCode ?? null,
        }),
      );
      socket.terminate();
    });
    socket.once('error', (error) => {
      reject(new AiProviderError('connection', 'sideband failed', { cause: error }));
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let event: RealtimeServerEvent;
      try {
        event = JSON.parse(data.toString()) as RealtimeServerEvent;
      } catch {
        return;
      }
      if (typeof (event as { type?: unknown }).type !== 'string') return;
      // Events that arrive before anyone listens (session.created, at once) wait for them.
      if (listeners.event.length === 0) early.push(event);
      for (const listener of listeners.event) listener(event);
    });
    socket.once('open', () => {
      // After the open, errors only end the socket; 'close' reports it.
      socket.on('error', () => socket.terminate());
      resolve({
        send(event: RealtimeClientEvent) {
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
        },
        onEvent(listener) {
          listeners.event.push(listener);
          for (const event of early.splice(0)) listener(event);
        },
        onClose: (listener) => listeners.close.push(listener),
        close() {
          if (socket.readyState === WebSocket.CLOSED) return;
          socket.close(1000);
          // A provider that never answers the close frame is not waited for.
          setTimeout(() => socket.terminate(), 1_000).unref();
        },
      });
    });
    socket.once('close', () => {
      for (const listener of listeners.close) listener();
    });
  });
}
