import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';
import type { CohortTable } from '../cohortTable';

/** The table always comes sorted by name; the page sorts it again as the trainer asks. */
export function getCohortTable(cohortId: string): Promise<CohortTable> {
  return callApi(organisationsApi.table, { params: { id: cohortId }, query: { sort: 'name' } });
}
