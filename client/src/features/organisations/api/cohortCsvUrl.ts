import { organisationsApi } from '#shared/api/organisations';
import { operationUrl } from '../../../lib/api';
import type { CohortSort } from '../cohortTable';

/** A plain link (the server answers text/csv as an attachment), sorted as the table shows. */
export function cohortCsvUrl(cohortId: string, sort: CohortSort): string {
  return operationUrl(organisationsApi.exportCsv, { params: { id: cohortId }, query: { sort } });
}
