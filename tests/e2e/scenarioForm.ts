import type { Locator, Page } from 'playwright-core';
import { AUTHORING_TEXT } from '#shared/text';

/**
 * Filling the authoring form as a person would: every required field of a scenario
 * with one hidden concern, which an open question about childcare or the twins brings out.
 */

export const REVEAL = 'Honestly, I have no one to mind my twins while I sit in the chair.';

/** A row of the form (a stated or hidden concern), found by its heading. */
export function row(page: Page, heading: string): Locator {
  return page
    .locator('.authoring-row')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
}

export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(label, { exact: true });

export async function fillRequiredButTitle(page: Page) {
  await field(page, 'Description').fill('A parent who keeps postponing her filling.');
  await field(page, 'Difficulty').selectOption('beginner');
  await field(page, 'Category').selectOption('Restorative');
  await field(page, 'Patient profile').fill('Maya, 34, works shifts and has two small children.');
  await field(page, 'Key concerns').fill('Time off work\nThe cost of the filling');
  await field(page, 'Opening line').fill('I know, I keep cancelling. Things are busy.');
  await field(page, 'What the clinician hopes the patient agrees to').fill('Book the filling');
  await field(page, "The patient's ideas").fill('A small hole can wait.');
  await field(page, "The patient's concerns").fill('Missing a shift.');
  await field(page, "The patient's expectations").fill('A quick fix one day.');

  const stated = [
    [
      'Time off work',
      'shift\nwork',
      'I cannot miss a shift.\nMy manager is strict.',
      'An early slot works.',
    ],
    ['The cost of the filling', 'cost\nprice', 'How much is it?\nMoney is tight.', 'That is fair.'],
  ];
  for (const [i, [concern, keywords, lines, settled]] of stated.entries()) {
    const r = row(page, `Stated concern ${i + 1}`);
    await field(r, 'Concern (one of the key concerns, word for word)').fill(concern!);
    await field(r, 'Keywords').fill(keywords!);
    await field(r, 'What the patient says about it').fill(lines!);
    await field(r, 'What the patient says once it is settled').fill(settled!);
  }

  const hidden = row(page, 'Hidden concern 1');
  await field(hidden, 'The concern (for the coach)').fill('Has no childcare for her twins');
  await field(hidden, 'What unlocks it').selectOption('open_question');
  await field(hidden, 'Keywords the unlocking turn must touch').fill('childcare\ntwins');
  await field(hidden, 'What the patient says when it comes out').fill(REVEAL);
  await field(hidden, 'A coaching hint').fill('Ask what makes an appointment hard to keep.');

  for (const kind of ['acceptance', 'deferral', 'pushback', 'confusion', 'neutral']) {
    await field(page, `Lines of ${kind}`).fill(`Okay, ${kind} one.\nRight, ${kind} two.`);
  }
  // The topic answers are folded away (optional): opened by their heading.
  const topics = page.locator('details').filter({ hasText: AUTHORING_TEXT.topicsSection });
  if ((await topics.getAttribute('open')) === null)
    await topics.getByText(AUTHORING_TEXT.topicsSection).click();
  await field(page, 'Asked about cost').fill('It worries me a bit.\nI have to budget.');
}
