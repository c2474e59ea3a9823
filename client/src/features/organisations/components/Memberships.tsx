import { useId, useState } from 'react';
import { formatShortDate } from '#shared/format';
import { ConfirmAction } from '../../../components/ConfirmAction';
import type { MyOrganisations } from '../api/getMyOrganisations';
import { leaveOrganisation } from '../api/leaveOrganisation';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';

type Membership = MyOrganisations['memberships'][number];

/** The cohorts the user is in as a trainee, by organisation, each organisation with "Leave". */
export function Memberships({
  memberships,
  onChanged,
}: {
  memberships: readonly Membership[];
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const byOrganisation = new Map<string, Membership[]>();
  for (const m of memberships) {
    byOrganisation.set(m.organisationId, [...(byOrganisation.get(m.organisationId) ?? []), m]);
  }
  return (
    <section className="org-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {T.memberships}
      </h2>
      {memberships.length === 0 ? (
        <p className="empty-state__text">{T.membershipsEmpty}</p>
      ) : (
        <ul className="org-list">
          {[...byOrganisation.values()].map((cohorts) => (
            <MembershipCard key={cohorts[0]!.organisationId} cohorts={cohorts} onLeft={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MembershipCard({
  cohorts,
  onLeft,
}: {
  cohorts: readonly Membership[];
  onLeft: () => Promise<void>;
}) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const { organisationId, organisationName } = cohorts[0]!;

  return (
    <li className="card org-card" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="card__title">
        <span className="visually-hidden">{T.organisation}: </span>
        {organisationName}
      </h3>
      <table className="org-table org-table--plain">
        <thead>
          <tr>
            <th scope="col">{T.cohort}</th>
            <th scope="col">{T.joined}</th>
          </tr>
        </thead>
        <tbody>
          {cohorts.map((m) => (
            <tr key={m.cohortId}>
              <td>{m.cohortName}</td>
              <td>
                <time dateTime={m.joinedAt}>{formatShortDate(m.joinedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="org-actions">
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => setAsking(true)}
        >
          {T.leave}
          <span className="visually-hidden"> {organisationName}</span>
        </button>
      </div>
      {asking ? (
        <ConfirmAction
          title={T.confirmLeaveTitle(organisationName)}
          body={T.confirmLeaveBody}
          confirmLabel={T.leave}
          onClose={() => setAsking(false)}
          // The list reloads without this organisation, and this card goes with it.
          onConfirm={async () => {
            await leaveOrganisation(organisationId);
            await onLeft();
          }}
        />
      ) : null}
    </li>
  );
}
