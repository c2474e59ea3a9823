import { useId } from 'react';
import {
  categoryName,
  difficultyBadgeColour,
  difficultyName,
  type Scenario,
} from '#shared/scenario';
import { languageOf } from '#shared/languages';
import { SCENARIO_TEXT as T } from '#shared/text';
import { Badge } from '../../../components/Badge';

interface ScenarioCardProps {
  scenario: Scenario;
  onStart: (scenario: Scenario) => void;
}

/**
 * A click anywhere on the card starts the scenario (spec §2), but the button is the only
 * interactive element, so keyboards and screen readers meet one control per card.
 */
export function ScenarioCard({ scenario, onStart }: ScenarioCardProps) {
  const titleId = useId();
  const concerns = scenario.patientConcerns.filter((c) => c.trim() !== '').join(', ');
  // The scenario's own words are in its language, marked so a screen reader says them so.
  const lang = languageOf(scenario.language).tag;

  return (
    <article
      className="card card--interactive scenario-card"
      aria-labelledby={titleId}
      onClick={() => {
        // Selecting text to copy it is not a request to start.
        if (window.getSelection()?.toString()) return;
        onStart(scenario);
      }}
    >
      <div className="card__head">
        <h3 id={titleId} className="card__title scenario-card__title" lang={lang}>
          {scenario.title}
        </h3>
        <Badge colour={difficultyBadgeColour(scenario.difficulty)}>
          {difficultyName(scenario.difficulty)}
        </Badge>
      </div>
      <p className="scenario-card__description" lang={lang}>
        {scenario.description}
      </p>
      <dl className="scenario-card__facts">
        <div>
          <dt>{T.concerns}</dt>
          {concerns === '' ? <dd>{T.noConcerns}</dd> : <dd lang={lang}>{concerns}</dd>}
        </div>
        <div>
          <dt>{T.category}</dt>
          <dd>{categoryName(scenario.category)}</dd>
        </div>
        <div>
          <dt>{T.skills}</dt>
          <dd>{T.skillsLine}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--primary scenario-card__action"
        aria-describedby={titleId}
        onClick={(event) => {
          event.stopPropagation();
          onStart(scenario);
        }}
      >
        {T.start}
      </button>
    </article>
  );
}
