import { useId, useRef, useState } from 'react';
import type { Scenario } from '#shared/scenario';
import { listScenarios } from '../../../lib/listScenarios';
import { useScreenResource } from '../../../lib/resource';
import { createCohort } from '../api/createCohort';
import { createOrganisation } from '../api/createOrganisation';
import { deleteCohort } from '../api/deleteCohort';
import { deleteOrganisation } from '../api/deleteOrganisation';
import { renameCohort } from '../api/renameCohort';
import { renameOrganisation } from '../api/renameOrganisation';
import type { MyOrganisations } from '../api/getMyOrganisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { CohortPanel, type CohortActions } from './CohortPanel';
import { LtiPlatforms } from './LtiPlatforms';
import { ManageButtons } from './ManageButtons';
import { NameForm } from './NameForm';
import { PasswordSignInSetting } from './PasswordSignInSetting';

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
  // What was deleted is gone from the page: the status line says so and the heading takes the
  // focus the dialog would have given back to a button that no longer exists.
  const [done, setDone] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = async (name: string) => {
    await onChanged();
    setDone(T.deleted(name));
    heading.current?.focus();
  };

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
      <h2 id={`${id}-title`} className="section-title" ref={heading} tabIndex={-1}>
        {T.training}
      </h2>
      <p className="org-ok" role="status">
        {done}
      </p>
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
            onDeleted={deleted}
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
  onDeleted,
}: {
  organisation: Organisation;
  scenarios: readonly Scenario[] | null;
  onChanged: () => Promise<void>;
  onDeleted: (name: string) => Promise<void>;
}) {
  const id = useId();
  const cohortActions: CohortActions = {
    rename: async (cohortId, name) => {
      await renameCohort(cohortId, name);
      await onChanged();
    },
    remove: async (cohortId, name) => {
      await deleteCohort(cohortId);
      await onDeleted(name);
    },
  };
  return (
    <li className="card org-card" aria-labelledby={`${id}-name`}>
      <div className="org-card__head">
        <h3 id={`${id}-name`} className="org-card__title">
          {organisation.name}
        </h3>
        <ManageButtons
          name={organisation.name}
          deleteLabel={T.deleteOrganisation}
          confirmTitle={T.confirmDeleteOrganisationTitle(organisation.name)}
          confirmText={T.confirmDeleteOrganisation}
          onRename={async (name) => {
            await renameOrganisation(organisation.id, name);
            await onChanged();
          }}
          onDelete={async () => {
            await deleteOrganisation(organisation.id);
            await onDeleted(organisation.name);
          }}
        />
      </div>
      <PasswordSignInSetting
        organisationId={organisation.id}
        passwordSignIn={organisation.passwordSignIn}
        onChanged={onChanged}
      />
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
        <CohortPanel
          key={cohort.id}
          cohort={cohort}
          scenarios={scenarios}
          onChanged={onChanged}
          owner={{
            actions: cohortActions,
            invites: cohort.invites,
            instructors: cohort.instructors,
          }}
        />
      ))}
      <LtiPlatforms organisationId={organisation.id} />
    </li>
  );
}
