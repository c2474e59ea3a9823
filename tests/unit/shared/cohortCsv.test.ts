import { describe, expect, it } from 'vitest';
import { cohortCsv, csvField } from '#shared/cohortCsv';

describe('csvField', () => {
  it.each([
    [null, ''],
    [7, '7'],
    ['Ann', 'Ann'],
    ['Smith, Ann', '"Smith, Ann"'],
    ['Say "hi"', '"Say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@sum', "'@sum"],
  ] as const)('%j → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('cohortCsv', () => {
  it('a row per trainee (the date one left), status/score/date per assignment', () => {
    const csv = cohortCsv(
      {
        cohort: { id: 'c', organisationId: 'o', name: 'Year 3' },
        assignments: [
          { id: 'a1', scenarioId: 's1', title: 'Fees', dueAt: null },
          // Past due on 2026-03-10: Ann (a member) is overdue; Bo left before it, so is not.
          { id: 'a2', scenarioId: 's2', title: 'Fear, dental', dueAt: '2026-03-10T23:59:00.000Z' },
        ],
        rows: [
          {
            userId: 'u',
            fullName: 'Ann',
            email: 'ann@example.com',
            done: 1,
            average: 7.25,
            trend: [7],
            leftAt: null,
            cells: [
              {
                conversationId: 's',
                doneAt: '2026-03-05T10:00:00.000Z',
                score: 7,
                overridden: true,
              },
              {
                conversationId: null,
                doneAt: null,
                score: null,
                overridden: false,
              },
            ],
          },
          {
            userId: 'v',
            fullName: 'Bo',
            email: 'bo@example.com',
            done: 0,
            average: null,
            trend: [],
            leftAt: '2026-03-01T09:00:00.000Z',
            cells: [
              {
                conversationId: null,
                doneAt: null,
                score: null,
                overridden: false,
              },
              {
                conversationId: null,
                doneAt: null,
                score: null,
                overridden: false,
              },
            ],
          },
        ],
      },
      new Date('2026-04-02T00:00:00.000Z'),
    );
    expect(csv.split('\r\n')).toEqual([
      'Trainee,Email,Left,Done,Average,Fees: status,Fees: score,Fees: date,"Fear, dental: status","Fear, dental: score","Fear, dental: date"',
      'Ann,ann@example.com,,1,7.3,Done,7,2026-03-05,Overdue,,',
      'Bo,bo@example.com,2026-03-01,0,,Not done,,,Not done,,',
      '',
    ]);
  });
});
