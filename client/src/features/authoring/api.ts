import {
  authoringApi,
  type AuthoredScenarioResponse,
  type AuthoredScenarioSummary,
  type ScenarioSharing,
} from '../../../../shared/api/authoring';
import { organisationsApi } from '../../../../shared/api/organisations';
import type { ScenarioFile, ScenarioSeed } from '../../../../shared/scenarioSeed';
import { callApi } from '../../lib/api';

export async function listMyScenarios(): Promise<AuthoredScenarioSummary[]> {
  return (await callApi(authoringApi.list)).scenarios;
}

export function getMyScenario(id: string): Promise<AuthoredScenarioResponse> {
  return callApi(authoringApi.get, { params: { id } });
}

/** A create when there is no id yet, an update otherwise. */
export function saveMyScenario(
  id: string | null,
  scenario: ScenarioSeed,
  sharing: ScenarioSharing,
): Promise<AuthoredScenarioResponse> {
  return id === null
    ? callApi(authoringApi.create, { body: { scenario, sharing } })
    : callApi(authoringApi.update, { params: { id }, body: { scenario, sharing } });
}

/** The organisations the author trains: those a scenario may be shared with. */
export async function listTrainedOrganisations(): Promise<{ id: string; name: string }[]> {
  const { training } = await callApi(organisationsApi.mine);
  return training.map(({ id, name }) => ({ id, name }));
}

export function duplicateScenario(id: string): Promise<AuthoredScenarioResponse> {
  return callApi(authoringApi.duplicate, { params: { id } });
}

export async function deleteMyScenario(id: string): Promise<void> {
  await callApi(authoringApi.delete, { params: { id } });
}

export function exportScenarios(ids: string[]): Promise<ScenarioFile> {
  return callApi(authoringApi.export, { query: { ids: ids.join(',') } });
}

/** The file as the author gave it: the server checks it and names every problem. */
export async function importScenarios(file: unknown): Promise<AuthoredScenarioSummary[]> {
  return (await callApi(authoringApi.import, { body: file as ScenarioFile })).scenarios;
}
