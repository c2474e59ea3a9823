import { useId } from 'react';
import type { Scenario } from '#shared/scenario';
import { listScenarios } from '../../../lib/listScenarios';
import { useScreenResource } from '../../../lib/resource';
import { createCohort } from '../api/createCohort';
import { createOrganisation } from '../api/createOrganisation';
import type { MyOrganisations } from '../api/getMyOrganisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { CohortPanel } from './CohortPanel';
import { NameForm } from './NameForm';

type Organisation = MyOrganisations['training'][number];

/** The organisations the user runs, with their cohorts; and a form for a new one. */
export function TrainerOrganisations({
  training,
  onChanged,
}: {
  training: readonly Organisation[];
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const trains = training.length > 0;

  // Everything the trainer may assign: shipped, their own and scenarios shared with them. It is
  // needed only to assign, so only a trainer loads it.
  const scenarios = useScreenResource<Scenario[]>(
    {
      fetch: () => listScenarios(),
      onError: (cause) => {
        console.error('Could not load scenarios', cause);
        return { message: null, data: [] };
      },
    },
    trains ? 'assignable' : null,
  ).data;

  return (
    <section className="org-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {T.training}
      </h2>
      {trains ? null : <p className="empty-state__text">{T.trainingEmpty}</p>}
      <NameForm
        label={T.organisationName}
        submitLabel={T.createOrganisation}
        onSubmit={async (name) => {
          await createOrganisation(name);
          await onChanged();
        }}
      />
      <ul className="org-list">
        {training.map((organisation) => (
          <OrganisationCard
            key={organisation.id}
            organisation={organisation}
            scenarios={scenarios}
            onChanged={onChanged}
          />
        ))}
      </ul>
    </section>
  );
}

function OrganisationCard({
  organisation,
  scenarios,
  onChanged,
}: {
  organisation: Organisation;
  scenarios: readonly Scenario[] | null;
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  return (
    <li className="card org-card" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="org-card__title">
        {organisation.name}
      </h3>
      {organisation.cohorts.length === 0 ? <p className="muted">{T.noCohorts}</p> : null}
      <NameForm
        label={T.cohortName}
        submitLabel={T.createCohort}
        onSubmit={async (name) => {
          await createCohort(organisation.id, name);
          await onChanged();
        }}
      />
      {organisation.cohorts.map((cohort) => (
        <CohortPanel key={cohort.id} cohort={cohort} scenarios={scenarios} onChanged={onChanged} />
      ))}
    </li>
  );
}
