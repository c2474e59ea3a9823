import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** Ends an assignment; conversations already practised stay the trainees'. */
export function removeAssignment(assignmentId: string): Promise<void> {
  return callApi(organisationsApi.unassign, { params: { id: assignmentId } });
}
