import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useState } from 'react';
import { createResource, useResource } from '../../../lib/resource';
import { getMyOrganisations, type MyOrganisations } from '../api/getMyOrganisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { CoTaughtCohorts } from './CoTaughtCohorts';
import { Memberships } from './Memberships';
import { TrainerOrganisations } from './TrainerOrganisations';
import '../organisations.css';

/**
 * /organisations: the cohorts the user co-instructs (first, when there are any: an LMS
 * instructor lands here, decision 052), what they run as a trainer and the cohorts they are in
 * as a trainee. Anyone may create an organisation (and so become its trainer), so the last two
 * parts always show.
 */
export function OrganisationsScreen({ userId }: { userId: string }) {
  const [resource] = useState(() =>
    createResource<MyOrganisations>({
      fetch: () => getMyOrganisations(),
      onError: (error) => {
        console.error('Could not load organisations', error);
        return { message: errorMessage(error, T.loadFailed) };
      },
    }),
  );
  const mine = useResource(resource, userId);
  // Every change reloads the page's data; what is on screen stays until the answer arrives.
  const refresh = () => resource.load(userId);

  return (
    <main className="page org-page">
      <h1 className="org-page__title">{T.title}</h1>
      {mine.error !== null && mine.data === null ? (
        <Alert>{mine.error}</Alert>
      ) : mine.data === null ? (
        <p className="loading-line loading-line--page">
          <Spinner label={T.loading} size="lg" />
        </p>
      ) : (
        <>
          {mine.error !== null ? <Alert>{mine.error}</Alert> : null}
          <CoTaughtCohorts cohorts={mine.data.coTeaching} onChanged={refresh} />
          <TrainerOrganisations training={mine.data.training} onChanged={refresh} />
          <Memberships memberships={mine.data.memberships} onChanged={refresh} />
        </>
      )}
    </main>
  );
}
