import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apiGet,
  eventually,
  pathOf,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  textsOf,
  useBrowserApp,
  waitForPath,
} from './browser';
import { AUTHORING_TEXT } from '#shared/text';
import { field, fillRequiredButTitle, REVEAL, row } from './scenarioForm';

describe.skipIf(skipBrowserSuite)('writing a scenario in the browser', () => {
  const app = useBrowserApp();

  it('by keyboard: the top bar, required fields first, folded sections a refused save opens, and no problem about a field out of sight', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    await page.goto('/authoring/new');
    // The app's top bar is on the editor page.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.locator('header.top-bar').count()).toBe(1);

    // The engine's defaulted fields are folded away under a plain heading.
    const voice = page.locator('details').filter({ hasText: AUTHORING_TEXT.voiceSection });
    const trust = field(page, 'Starting trust (0–100)');
    expect(await trust.isVisible()).toBe(false);
    // Required fields come first: the title is the first field, the folded ones the last.
    const labels = await page
      .locator('.authoring-form label')
      .evaluateAll((ls) => ls.map((l) => l.textContent));
    expect(labels[0]).toBe('Title');
    expect(labels.indexOf('Starting trust (0–100)')).toBeGreaterThan(
      labels.indexOf('Lines of neutral'),
    );

    // Opened by keyboard: Tab to its heading, Enter.
    await voice.getByText(AUTHORING_TEXT.voiceSection).focus();
    await page.keyboard.press('Enter');
    await trust.waitFor();
    await trust.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('150');
    // Folded again by keyboard, with the bad value inside.
    await voice.getByText(AUTHORING_TEXT.voiceSection).focus();
    await page.keyboard.press('Enter');
    await eventually(() => trust.isVisible()).toBe(false);

    // A blank save, by Enter in the title: the title is named and focused, the folded section
    // with a problem opens, and nothing about a field the author cannot see (no "slug").
    const title = field(page, 'Title');
    await title.focus();
    await page.keyboard.press('Enter');
    await eventually(() => title.getAttribute('aria-invalid')).toBe('true');
    await eventually(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    await trust.waitFor();
    expect(await trust.getAttribute('aria-invalid')).toBe('true');
    const alert = page.getByRole('alert').filter({ hasText: AUTHORING_TEXT.fixProblems });
    await alert.waitFor();
    expect(await alert.getByRole('listitem').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toMatch(/slug/i);
    // Every problem shown sits at a field on screen.
    const invalid = page.locator('[aria-invalid="true"]');
    for (let i = 0; i < (await invalid.count()); i++)
      expect(await invalid.nth(i).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // On a phone the form fits the width, the top bar too.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Filled in and fixed by keyboard, then saved with Enter in the title.
    await trust.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('40');
    await fillRequiredButTitle(page);
    await title.focus();
    await page.keyboard.type('Saved by keyboard');
    await page.keyboard.press('Enter');
    await eventually(() => pathOf(page)).toMatch(/^\/authoring\/[0-9a-f-]{36}$/);
    const id = pathOf(page).split('/').pop()!;
    const saved = (await apiGet(page, `/api/authoring/scenarios/${id}`)).scenario;
    expect(saved).toMatchObject({ title: 'Saved by keyboard', slug: 'saved-by-keyboard' });
    expect(saved.extras.start.trust).toBe(0.4);
  });

  it('writes a scenario with a hidden concern, keeps the draft, saves, tries it, and the offline patient reveals the concern', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Write a scenario' }).click();
    await waitForPath(page, '/authoring/new');

    await fillRequiredButTitle(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // The missing title is named next to its field, and nothing was saved.
    const title = field(page, 'Title');
    await eventually(() => title.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await title.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('Required.');
    expect((await apiGet(page, '/api/authoring/scenarios')).scenarios).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await title.fill('Too busy for a filling');
    await title.blur();
    await eventually(() => title.getAttribute('aria-invalid')).toBe(null);

    // A reload brings the draft back, as typed.
    await page.reload();
    await page.getByText('Restored your unsaved draft.').waitFor();
    expect(await field(page, 'Title').inputValue()).toBe('Too busy for a filling');
    const hidden = row(page, 'Hidden concern 1');
    expect(await field(hidden, 'What the patient says when it comes out').inputValue()).toBe(
      REVEAL,
    );
    expect(await field(hidden, 'Keywords the unlocking turn must touch').inputValue()).toBe(
      'childcare\ntwins',
    );

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => pathOf(page)).toMatch(/^\/authoring\/[0-9a-f-]{36}$/);
    const id = pathOf(page).split('/').pop()!;
    const mine = (await apiGet(page, '/api/authoring/scenarios')).scenarios;
    expect(mine.map((s: { id: string; title: string }) => [s.id, s.title])).toEqual([
      [id, 'Too busy for a filling'],
    ]);
    const saved = (await apiGet(page, `/api/authoring/scenarios/${id}`)).scenario;
    expect(saved.extras.hiddenConcerns[0]).toMatchObject({
      unlock: 'open_question',
      keywords: ['childcare', 'twins'],
      reveal: REVEAL,
    });
    // Saved: the edit page opens from the server's copy, with no draft notice.
    await field(page, 'Title').waitFor();
    expect(await page.getByText('Restored your unsaved draft.').count()).toBe(0);

    await page.getByRole('button', { name: 'Try it', exact: true }).click();
    await waitForPath(page, `/scenario/${id}`);
    const messages = page.getByRole('region', { name: 'Conversation messages' });
    const patient = messages.getByRole('listitem').filter({ hasText: 'Patient said:' });
    await eventually(() => patient.count()).toBe(1);
    expect(await textsOf(patient.getByRole('paragraph'))).toEqual([
      'I know, I keep cancelling. Things are busy.',
    ]);

    const composer = page.getByRole('textbox', { name: 'Your message to the patient' });
    await composer.fill('What would make childcare for the twins easier on the day?');
    await composer.press('Enter');
    await eventually(() => patient.count()).toBe(2);
    await eventually(() => page.getByText('Patient is replying…').count()).toBe(0);
    // The question is answered first; the concern it unlocked follows in the same reply.
    const reply = (await textsOf(patient.getByRole('paragraph'))).at(-1) ?? '';
    expect(reply.endsWith(REVEAL)).toBe(true);
    expect(reply.length).toBeGreaterThan(REVEAL.length);
  });

  it('imports nothing from a file with a bad field, and names the field by its path', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const shipped = (await apiGet(page, '/api/scenarios')).scenarios[0];
    // A copy of a shipped scenario, made from the list, opens in the form.
    await page.goto('/authoring');
    await page.getByText('You have not written a scenario yet.').waitFor();
    await page
      .getByLabel('Start from a copy of a scenario', { exact: true })
      .selectOption(shipped.id);
    await page.getByRole('button', { name: 'Make a copy', exact: true }).click();
    await eventually(() => pathOf(page)).toMatch(/^\/authoring\/[0-9a-f-]{36}$/);
    const copyId = pathOf(page).split('/').pop()!;
    expect(copyId).not.toBe(shipped.id);
    await field(page, 'Title').waitFor();
    const summary = (await apiGet(page, '/api/authoring/scenarios')).scenarios[0];
    expect(summary.id).toBe(copyId);
    expect(await field(page, 'Title').inputValue()).toBe(summary.title);
    const file = await apiGet(page, `/api/authoring/scenarios/export?ids=${summary.id}`);
    const good = file.scenarios[0];
    const bad = structuredClone(good);
    delete bad.extras.hiddenConcerns[0].unlock;

    await page.goto('/authoring');
    await page.getByRole('heading', { name: summary.title }).waitFor();
    await page.getByTestId('import-file').setInputFiles({
      name: 'scenarios.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ scenarios: [good, bad] })),
    });
    const alert = page.getByRole('alert');
    await alert.getByText('Nothing was imported.', { exact: false }).waitFor();
    expect(await textsOf(alert.getByRole('listitem'))).toEqual([
      'scenarios[1].extras.hiddenConcerns[0].unlock: required',
    ]);
    expect((await apiGet(page, '/api/authoring/scenarios')).scenarios).toHaveLength(1);

    // The good one alone imports.
    await page.getByTestId('import-file').setInputFiles({
      name: 'scenarios.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ scenarios: [good] })),
    });
    await page.getByText('Imported 1 scenario.').waitFor();
    await eventually(
      async () => (await apiGet(page, '/api/authoring/scenarios')).scenarios.length,
    ).toBe(2);
    await eventually(() => page.getByRole('heading', { name: summary.title }).count()).toBe(2);

    // Export both as one file, then delete one after confirming.
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export selected', exact: true }).click();
    const exported = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
    expect(exported.scenarios.map((s: { title: string }) => s.title)).toEqual([
      summary.title,
      summary.title,
    ]);
    await page
      .getByRole('button', { name: `Delete ${summary.title}` })
      .first()
      .click();
    const ask = page.getByRole('dialog', { name: `Delete “${summary.title}”?` });
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(() => page.getByRole('heading', { name: summary.title }).count()).toBe(1);
    expect((await apiGet(page, '/api/authoring/scenarios')).scenarios).toHaveLength(1);
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const page = await app.newPage({ viewport: { width: 375, height: 740 } });
    await signUpByApi(page);
    // Each page once its widest part is there: the copy picker lists every scenario's title.
    const ready = {
      '/authoring': page.getByLabel('Start from a copy of a scenario', { exact: true }),
      '/authoring/new': page.getByRole('button', { name: 'Add a hidden concern' }),
    };
    for (const [path, widest] of Object.entries(ready)) {
      await page.goto(path);
      await widest.waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
