import { describe, expect, it } from 'vitest';
import { AUTHORING_TEXT } from '#shared/text';
import {
  apiGet,
  apiPost,
  eventually,
  pathOf,
  signUpByApi,
  skipBrowserSuite,
  useBrowserApp,
  waitForPath,
} from './browser';
import { field, fillRequiredButTitle } from './scenarioForm';

/** The authoring screens say why a scenario past the author's budget was refused (decision 028). */

describe.skipIf(skipBrowserSuite)('the scenario storage budget in the browser', () => {
  const app = useBrowserApp({ env: () => ({ SCENARIOS_PER_USER: '1' }) });

  it('shows the sentence for a copy, an import and a new scenario past the count, and saves none', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const shipped = (await apiGet(page, '/api/scenarios')).scenarios[0];
    const made = await apiPost(page, `/api/authoring/scenarios/${shipped.id}/duplicate`);
    const file = await apiGet(page, `/api/authoring/scenarios/export?ids=${made.summary.id}`);
    const full = AUTHORING_TEXT.tooManyScenarios(1);

    await page.goto('/authoring');
    await page.getByRole('heading', { name: made.summary.title }).waitFor();
    await page.getByRole('button', { name: `Duplicate ${made.summary.title}` }).click();
    await page.getByRole('alert').getByText(full).waitFor();

    await page.getByTestId('import-file').setInputFiles({
      name: 'scenarios.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page
      .getByRole('alert')
      .getByText(AUTHORING_TEXT.importTooMany(1, 0, 1))
      .waitFor();

    await page.getByRole('link', { name: 'Write a scenario' }).click();
    await waitForPath(page, '/authoring/new');
    await fillRequiredButTitle(page);
    await field(page, 'Title').fill('One too many');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(full).waitFor();
    expect(pathOf(page)).toBe('/authoring/new');

    await eventually(
      async () => (await apiGet(page, '/api/authoring/scenarios')).scenarios.length,
    ).toBe(1);
  });
});
