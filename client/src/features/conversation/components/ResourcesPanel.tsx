import { resourceFor } from '#shared/illustrations';
import type { Scenario } from '#shared/scenario';
import { CONVERSATION_TEXT } from '#shared/text';
import { ResourceArt } from '../art/ResourceArt';

/**
 * Spec §2 resources panel: one picture to explain the treatment at the chair, under the
 * author's caption when the scenario has one.
 */
export function ResourcesPanel({ scenario }: { scenario: Scenario }) {
  const { kind, caption } = resourceFor(scenario);
  return (
    <section className="card resources" aria-labelledby="resources-title">
      <h2 id="resources-title" className="card__title">
        {CONVERSATION_TEXT.screen.resources}
      </h2>
      <figure className="resources__figure">
        <ResourceArt kind={kind} />
        <figcaption>{caption}</figcaption>
      </figure>
    </section>
  );
}
