import type { RTCPeerConnection } from 'werift';
import {
  createLoopbackPeerConnection,
  waitForConnection,
  waitForIceGathering,
} from '../fixtures/realtimePeer/loopbackPeer';
import { FRAME_MS, createOpusCodec } from '../fixtures/realtimePeer/opusAudio';
import {
  createPacedOpusSender,
  type PacedOpusSender,
} from '../fixtures/realtimePeer/pacedOpusSender';
import { pcmRms } from '../fixtures/realtimePeer/speechDetector';

/**
 * A browser's side of a Realtime call, in Node (werift), for integration tests and the bench:
 * one sendrecv Opus audio transceiver and no data channel, as our client makes it; the offer is
 * sent whole (ICE gathered first), the answer applied on 201. The mic sends silence or a tone,
 * and the patient's audio is decoded and measured.
 */

export interface OpenRealtimeCallOptions {
  /** Where the offer is POSTed as `application/sdp` (our server's call endpoint). */
  url?: string;
  /** E.g. cookie and origin for our server. */
  headers?: Record<string, string>;
  /** What the mic sends between tones: silence frames (a live mic) or nothing. Default silence. */
  sendAudio?: 'silence' | 'none';
  /** Sends the offer some other way, e.g. straight to the stub with `postOfferToStub`. */
  post?: (offerSdp: string) => Promise<Response>;
  /** Also opens a data channel, as the provider's own examples do and our browser must not. */
  dataChannel?: boolean;
  /** RMS (0..1) of a received 20 ms frame that counts as loud. Default 0.02. */
  loudThreshold?: number;
}

export interface ReceivedEnergy {
  /** RTP packets received on the remote audio track. */
  packets: number;
  /** Received audio at or above the threshold, in ms. */
  loudMs: number;
  /** Received audio below it, in ms. */
  quietMs: number;
  peakRms: number;
}

export interface RealtimeCallClient {
  status: number;
  /** The SDP answer on 201, else the response body. */
  answerText: string;
  /** The parsed JSON error body when the status is not 201 (the connection is then closed). */
  error: unknown;
  /** The Location header (the provider's call URL, when posting to the stub). */
  location: string | null;
  contentType: string | null;
  offerSdp: string;
  pc: RTCPeerConnection;
  waitConnected(timeoutMs?: number): Promise<void>;
  /** Sends a tone of `ms` on the mic track (20 ms Opus frames); resolves when its last is sent. */
  sendTone(ms: number, amplitude?: number): Promise<void>;
  receivedEnergy(): ReceivedEnergy;
  /** Messages received on the data channel, if one was opened. */
  dataChannelMessages: string[];
  close(): Promise<void>;
}

export async function openRealtimeCall(
  options: OpenRealtimeCallOptions,
): Promise<RealtimeCallClient> {
  const threshold = options.loudThreshold ?? 0.02;
  const pc = createLoopbackPeerConnection();
  const transceiver = pc.addTransceiver('audio', { direction: 'sendrecv' });
  const dataChannelMessages: string[] = [];
  if (options.dataChannel) {
    const channel = pc.createDataChannel('oai-events');
    channel.onMessage.subscribe((data) => dataChannelMessages.push(data.toString()));
  }
  const codec = createOpusCodec();
  const energy: ReceivedEnergy = { packets: 0, loudMs: 0, quietMs: 0, peakRms: 0 };
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      const rms = pcmRms(codec.decode(rtp.payload));
      energy.packets++;
      energy.peakRms = Math.max(energy.peakRms, rms);
      if (rms >= threshold) energy.loudMs += FRAME_MS;
      else energy.quietMs += FRAME_MS;
    });
  });

  let sender: PacedOpusSender | null = null;
  const tonesPlaying = new Set<() => void>();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    sender?.close();
    for (const resolve of tonesPlaying) resolve();
    codec.free();
    await pc.close().catch(() => undefined);
  };

  await pc.setLocalDescription(await pc.createOffer());
  await waitForIceGathering(pc);
  const offerSdp = pc.localDescription?.sdp ?? '';
  const response = options.post
    ? await options.post(offerSdp)
    : await fetch(requiredUrl(options.url), {
        method: 'POST',
        headers: { ...options.headers, 'content-type': 'application/sdp' },
        body: offerSdp,
      });
  const answerText = await response.text();
  let error: unknown = null;
  if (response.status === 201) {
    await pc.setRemoteDescription({ type: 'answer', sdp: answerText });
    sender = createPacedOpusSender(transceiver.sender, options.sendAudio ?? 'silence');
  } else {
    try {
      error = JSON.parse(answerText);
    } catch {
      error = answerText;
    }
    await close();
  }

  return {
    status: response.status,
    answerText,
    error,
    location: response.headers.get('location'),
    contentType: response.headers.get('content-type'),
    offerSdp,
    pc,
    waitConnected: (timeoutMs) => waitForConnection(pc, timeoutMs),
    sendTone(ms, amplitude = 0.3) {
      const playing = sender;
      if (!playing || closed) return Promise.reject(new Error('The call is not open'));
      // A new tone replaces the one playing, which is then over too.
      for (const resolve of tonesPlaying) resolve();
      return new Promise((resolve) => {
        const done = () => {
          tonesPlaying.delete(done);
          resolve();
        };
        tonesPlaying.add(done);
        playing.playTone(ms, amplitude, done);
      });
    },
    receivedEnergy: () => ({ ...energy }),
    dataChannelMessages,
    close,
  };
}

/**
 * Posts an offer straight to the stub's `/v1/realtime/calls` the way our server relays it:
 * multipart `sdp` and `session` with the key.
 */
export function postOfferToStub(options: {
  /** The stub's base URL, with /v1. */
  baseUrl: string;
  session?: Record<string, unknown>;
  apiKey?: string | null;
}): (offerSdp: string) => Promise<Response> {
  return (offerSdp) => {
    const form = new FormData();
    form.set('sdp', offerSdp);
    form.set('session', JSON.stringify(options.session ?? { type: 'realtime' }));
    const apiKey = options.apiKey === undefined ? 'sk-test-realtime' : options.apiKey;
    return fetch(`${options.baseUrl}/realtime/calls`, {
      method: 'POST',
      headers: apiKey === null ? {} : { authorization: `Bearer ${apiKey}` },
      body: form,
    });
  };
}

function requiredUrl(url: string | undefined): string {
  if (!url) throw new Error('openRealtimeCall needs `url` or `post`');
  return url;
}
