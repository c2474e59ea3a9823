import { useId } from 'react';
import { Link } from 'wouter';
import { formatShortDate } from '#shared/format';
import { ASSIGNED_TEXT } from '#shared/text';
import { Badge } from '../../../components/Badge';
import { scenarioPath } from '../../../lib/paths';
import { useScreenResource } from '../../../lib/resource';
import { getAssignments, type Assignment } from '../api/getAssignments';

const STATUS_COLOUR = { due: 'yellow', overdue: 'red', done: 'green' } as const;

/**
 * The trainee's assignments above the library: title, due date and status, each a
 * link that opens the scenario. Nothing at all for someone with no assignment, and nothing
 * while loading or after a failure (the library below still works without it).
 */
export function AssignedScenarios() {
  const ids = useId();
  const assigned = useScreenResource<Assignment[]>(
    {
      fetch: () => getAssignments(),
      onError: (error) => {
        console.error('Could not load assignments', error);
        return { message: null };
      },
    },
    // Loaded afresh each time the screen mounts: a new user is a new mount.
    'mine',
  );
  const assignments = assigned.data ?? [];
  if (assignments.length === 0) return null;

  return (
    <section className="assigned" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="assigned__title">
        {ASSIGNED_TEXT.title}
      </h3>
      <p className="assigned__intro">{ASSIGNED_TEXT.intro}</p>
      <ul className="assigned__list">
        {assignments.map((a) => (
          <li key={a.id}>
            <Link href={scenarioPath(a.scenarioId)} className="assigned__item">
              <span className="assigned__name">{a.title}</span>
              <span className="assigned__due">
                {a.dueAt === null
                  ? ASSIGNED_TEXT.noDueDate
                  : ASSIGNED_TEXT.dueOn(formatShortDate(a.dueAt))}
              </span>
              <Badge colour={STATUS_COLOUR[a.status]}>{ASSIGNED_TEXT.status[a.status]}</Badge>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
