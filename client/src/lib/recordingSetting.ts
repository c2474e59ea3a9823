import { myDataApi, type RecordingSetting } from '#shared/api/myData';
import { callApi } from './api';

/**
 * "Keep recordings of my voice turns" and the server's retention: read by the account page and
 * by voice mode's recording notice (two features, so the call lives here).
 */
export async function getRecordingSetting(): Promise<RecordingSetting> {
  const { recordings } = await callApi(myDataApi.recordings);
  return recordings;
}
