import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

export type Assignment = Awaited<ReturnType<typeof getAssignments>>[number];

/** The scenarios assigned to the cohorts the user is in now, soonest due first. */
export async function getAssignments() {
  const { assignments } = await callApi(organisationsApi.assignments);
  return assignments;
}
