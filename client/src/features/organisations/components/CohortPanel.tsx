import { useId, useState } from 'react';
import type { Scenario } from '#shared/scenario';
import type { MyOrganisations } from '../api/getMyOrganisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { Tabs, type TabItem } from '../../../components/Tabs';
import { AssignForm } from './AssignForm';
import { CoInstructors } from './CoInstructors';
import { ClassSummary } from './ClassSummary';
import { CohortResults } from './CohortResults';
import { Invites } from './Invites';
import { ReminderSetting } from './ReminderSetting';
import { FailedPassbacks } from './FailedPassbacks';
import { RosterSync } from './RosterSync';
import { ManageButtons } from './ManageButtons';

type OwnedCohort = MyOrganisations['training'][number]['cohorts'][number];
/** What anyone who teaches the cohort sees of it: its trainer or a co-instructor (052). */
type Cohort = Pick<OwnedCohort, 'id' | 'name' | 'members' | 'former' | 'lmsRoster'>;

/** What only the organisation's trainer (its owner) has of a cohort: none for a co-instructor. */
export interface CohortOwner {
  actions: CohortActions;
  invites: OwnedCohort['invites'];
  instructors: OwnedCohort['instructors'];
}

/** What the organisation's card does when a cohort is renamed or deleted. */
export interface CohortActions {
  rename: (cohortId: string, name: string) => Promise<void>;
  remove: (cohortId: string, name: string) => Promise<void>;
}

type View = 'results' | 'summary';
/** Read when rendered: a label kept in a module constant would stay in the first language. */
function views(): TabItem<View>[] {
  return [
    { id: 'results', label: T.tabResults },
    { id: 'summary', label: T.tabSummary },
  ];
}

/**
 * One cohort as whoever teaches it works on it: for its trainer rename and delete, invites and
 * co-instructors; for everyone who teaches it (a co-instructor too, decision 052) reminders,
 * roster, passbacks, assigning, then the results table or the class summary (each loaded when
 * its tab is opened).
 */
export function CohortPanel({
  cohort,
  scenarios,
  onChanged,
  owner,
}: {
  cohort: Cohort;
  scenarios: readonly Scenario[] | null;
  onChanged: () => Promise<void>;
  /** Null for a co-instructor: the owner's controls are not shown. */
  owner: CohortOwner | null;
}) {
  const id = useId();
  // Bumped by an assignment so the table shows its new column.
  const [version, setVersion] = useState(0);
  const [view, setView] = useState<View>('results');
  return (
    <section className="org-cohort" aria-labelledby={`${id}-name`}>
      <div className="org-cohort__head">
        <h4 id={`${id}-name`} className="org-cohort__title">
          <span className="visually-hidden">{T.cohort}: </span>
          {cohort.name}
        </h4>
        <span className="badge badge--grey">
          {T.membersAndFormer(cohort.members, cohort.former)}
        </span>
        {owner !== null ? (
          <ManageButtons
            name={cohort.name}
            deleteLabel={T.deleteCohort}
            confirmTitle={T.confirmDeleteCohortTitle(cohort.name)}
            confirmText={T.confirmDeleteCohort}
            onRename={(name) => owner.actions.rename(cohort.id, name)}
            onDelete={() => owner.actions.remove(cohort.id, cohort.name)}
          />
        ) : null}
      </div>
      {owner !== null ? (
        <>
          <Invites cohortId={cohort.id} invites={owner.invites} onChanged={onChanged} />
          <CoInstructors
            cohortId={cohort.id}
            instructors={owner.instructors}
            onChanged={onChanged}
          />
        </>
      ) : null}
      <ReminderSetting cohortId={cohort.id} />
      {cohort.lmsRoster ? <RosterSync cohortId={cohort.id} onSynced={onChanged} /> : null}
      <FailedPassbacks cohortId={cohort.id} />
      <AssignForm
        cohortId={cohort.id}
        scenarios={scenarios}
        onAssigned={() => setVersion((v) => v + 1)}
      />
      <Tabs
        label={`${T.cohortViews}: ${cohort.name}`}
        tabs={views()}
        selected={view}
        onSelect={setView}
      >
        {view === 'results' ? (
          // A new member (seen when the page reloads its data) is a new row: load it again.
          <CohortResults
            cohortId={cohort.id}
            version={`${version}:${cohort.members}:${cohort.former}`}
          />
        ) : (
          <ClassSummary cohortId={cohort.id} version={`${version}:${cohort.members}`} />
        )}
      </Tabs>
    </section>
  );
}
