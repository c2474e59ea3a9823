import type { z } from 'zod';
import {
  organisationsApi,
  type myOrganisationsResponse,
  type TrainerConversation,
} from '../../../../shared/api/organisations';
import { scenariosApi } from '../../../../shared/api/scenarios';
import type { TurnComment } from '../../../../shared/review';
import type { Scenario } from '../../../../shared/scenario';
import { callApi, operationUrl } from '../../lib/api';
import type { CohortSort, CohortTable, Invite } from './cohortTable';

/** The calls of the organisations page and the trainer's review page (shared/api/organisations). */

export type MyOrganisations = z.infer<typeof myOrganisationsResponse>;

export function getMyOrganisations(): Promise<MyOrganisations> {
  return callApi(organisationsApi.mine);
}

export function createOrganisation(name: string): Promise<{ id: string; name: string }> {
  return callApi(organisationsApi.create, { body: { name } });
}

export async function createCohort(organisationId: string, name: string): Promise<void> {
  await callApi(organisationsApi.createCohort, { params: { id: organisationId }, body: { name } });
}

export function createInvite(cohortId: string, days: number): Promise<Invite> {
  return callApi(organisationsApi.createInvite, { params: { id: cohortId }, body: { days } });
}

export function revokeInvite(inviteId: string): Promise<Invite> {
  return callApi(organisationsApi.revokeInvite, { params: { id: inviteId } });
}

export function leaveOrganisation(organisationId: string): Promise<void> {
  return callApi(organisationsApi.leave, { params: { id: organisationId } });
}

export async function assignScenario(
  cohortId: string,
  scenarioId: string,
  dueAt: string | null,
): Promise<void> {
  await callApi(organisationsApi.assign, { params: { id: cohortId }, body: { scenarioId, dueAt } });
}

/** Ends an assignment; conversations already practised stay the trainees'. */
export function removeAssignment(assignmentId: string): Promise<void> {
  return callApi(organisationsApi.unassign, { params: { id: assignmentId } });
}

/** The table always comes sorted by name; the page sorts it again as the trainer asks. */
export function getCohortTable(cohortId: string): Promise<CohortTable> {
  return callApi(organisationsApi.table, { params: { id: cohortId }, query: { sort: 'name' } });
}

/** A plain link (the server answers text/csv as an attachment), sorted as the table shows. */
export function cohortCsvUrl(cohortId: string, sort: CohortSort): string {
  return operationUrl(organisationsApi.exportCsv, { params: { id: cohortId }, query: { sort } });
}

/** Everything the trainer may assign: shipped, their own and scenarios shared with them. */
export async function listAssignableScenarios(): Promise<Scenario[]> {
  return (await callApi(scenariosApi.list)).scenarios;
}

export function getTrainerConversation(sessionId: string): Promise<TrainerConversation> {
  return callApi(organisationsApi.review, { params: { id: sessionId } });
}

export function overrideScore(
  sessionId: string,
  score: number,
  comment: string,
): Promise<{ score: number; comment: string }> {
  return callApi(organisationsApi.override, {
    params: { id: sessionId },
    body: { score, comment },
  });
}

export function commentOnTurn(
  sessionId: string,
  messageId: string,
  comment: string,
): Promise<TurnComment> {
  return callApi(organisationsApi.comment, {
    params: { id: sessionId },
    body: { messageId, comment },
  });
}
