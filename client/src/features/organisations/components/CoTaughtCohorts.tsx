import { useId } from 'react';
import type { Scenario } from '#shared/scenario';
import { listScenarios } from '../../../lib/listScenarios';
import { useScreenResource } from '../../../lib/resource';
import type { MyOrganisations } from '../api/getMyOrganisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { CohortPanel } from './CohortPanel';

type CoTaught = MyOrganisations['coTeaching'][number];

/**
 * The cohorts the user co-instructs (decision 052): an LMS course's other instructor teaches
 * that course's cohort with the organisation's trainer. Each opens the same cohort workspace
 * without the owner's controls (the server refuses those anyway). Shown only to one who has.
 */
export function CoTaughtCohorts({
  cohorts,
  onChanged,
}: {
  cohorts: readonly CoTaught[];
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const teaches = cohorts.length > 0;
  // What they may assign, as for a trainer: shipped, their own, and the organisation's shared.
  const scenarios = useScreenResource<Scenario[]>(
    {
      fetch: () => listScenarios(),
      onError: (cause) => {
        console.error('Could not load scenarios', cause);
        return { message: null, data: [] };
      },
    },
    teaches ? 'assignable' : null,
  ).data;
  if (!teaches) return null;
  return (
    <section className="org-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {T.coTeaching}
      </h2>
      <p className="muted">{T.coTeachingHelp}</p>
      <ul className="org-list">
        {cohorts.map((cohort) => (
          <li key={cohort.id} className="card org-card" aria-labelledby={`${id}-${cohort.id}`}>
            <div className="org-card__head">
              <h3 id={`${id}-${cohort.id}`} className="org-card__title">
                <span className="visually-hidden">{T.organisation}: </span>
                {cohort.organisationName}
              </h3>
            </div>
            <CohortPanel cohort={cohort} scenarios={scenarios} onChanged={onChanged} owner={null} />
          </li>
        ))}
      </ul>
    </section>
  );
}
