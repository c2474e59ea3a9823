import { useId, useState } from 'react';
import type { Scenario } from '#shared/scenario';
import type { MyOrganisations } from '../api/getMyOrganisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { AssignForm } from './AssignForm';
import { CohortResults } from './CohortResults';
import { Invites } from './Invites';
import { ReminderSetting } from './ReminderSetting';

type Cohort = MyOrganisations['training'][number]['cohorts'][number];

/** One cohort as its trainer runs it: members, invites, assigning, and the results table. */
export function CohortPanel({
  cohort,
  scenarios,
  onChanged,
}: {
  cohort: Cohort;
  scenarios: readonly Scenario[] | null;
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  // Bumped by an assignment so the table shows its new column.
  const [version, setVersion] = useState(0);
  return (
    <section className="org-cohort" aria-labelledby={`${id}-name`}>
      <div className="org-cohort__head">
        <h4 id={`${id}-name`} className="org-cohort__title">
          <span className="visually-hidden">{T.cohort}: </span>
          {cohort.name}
        </h4>
        <span className="badge badge--grey">{T.members(cohort.members)}</span>
      </div>
      <Invites cohortId={cohort.id} invites={cohort.invites} onChanged={onChanged} />
      <ReminderSetting cohortId={cohort.id} />
      <AssignForm
        cohortId={cohort.id}
        scenarios={scenarios}
        onAssigned={() => setVersion((v) => v + 1)}
      />
      {/* A new member (seen when the page reloads its data) is a new row: load the table again. */}
      <CohortResults cohortId={cohort.id} version={`${version}:${cohort.members}`} />
    </section>
  );
}
