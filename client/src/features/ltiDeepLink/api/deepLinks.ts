import { ltiDeepLinkApi, type DeepLinkChoice, type DeepLinkPicker } from '#shared/api/ltiDeepLinks';
import { callApi } from '../../../lib/api';

/** The deep-linking request the server kept for this instructor (decision 051). */
export async function getDeepLinkPicker(id: string, signal?: AbortSignal): Promise<DeepLinkPicker> {
  return callApi(ltiDeepLinkApi.picker, { params: { id }, ...(signal ? { signal } : {}) });
}

/** Places the choice; resolves to our page that posts the signed answer to the platform. */
export async function chooseDeepLink(id: string, choice: DeepLinkChoice): Promise<string> {
  const { sendUrl } = await callApi(ltiDeepLinkApi.choose, { params: { id }, body: choice });
  return sendUrl;
}

/** Places nothing; resolves to the same posting page with an empty answer. */
export async function cancelDeepLink(id: string): Promise<string> {
  const { sendUrl } = await callApi(ltiDeepLinkApi.cancel, { params: { id } });
  return sendUrl;
}
