import { myDataApi, type RecordingSetting } from '#shared/api/myData';
import { MY_DATA_TEXT } from '#shared/text';
import { ApiError, callApi, operationUrl, responseError } from '../../../lib/api';
import { COMMON_TEXT } from '#shared/text';

export async function setRecordingSetting(keepRecordings: boolean): Promise<RecordingSetting> {
  const { recordings } = await callApi(myDataApi.setRecordings, { body: { keepRecordings } });
  return recordings;
}

/**
 * Deletes the account; the password confirms it, or for an account without one (undefined) a
 * recent sign-in. The server signs every session out.
 */
export async function deleteAccount(password: string | undefined): Promise<void> {
  await callApi(myDataApi.delete, { body: password === undefined ? {} : { password } });
}

/**
 * "Download my data": the ZIP the server streams, whole, with the name it gave it. Not JSON,
 * so not through callApi; its failures still come back as our ApiError.
 */
export async function downloadMyData(): Promise<{ blob: Blob; fileName: string }> {
  const path = operationUrl(myDataApi.export, {});
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', COMMON_TEXT.genericError);
  }
  if (!response.ok) throw await responseError(path, response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The server cut the archive short: never hand over a partial file as if it were whole.
    throw new ApiError(0, 'network', COMMON_TEXT.genericError);
  }
  return {
    blob,
    fileName: named ?? MY_DATA_TEXT.exportFileName(new Date().toISOString().slice(0, 10)),
  };
}
