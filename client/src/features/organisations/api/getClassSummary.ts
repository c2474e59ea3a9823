import { organisationsApi, type ClassSummary } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

export function getClassSummary(cohortId: string): Promise<ClassSummary> {
  return callApi(organisationsApi.summary, { params: { id: cohortId } });
}
