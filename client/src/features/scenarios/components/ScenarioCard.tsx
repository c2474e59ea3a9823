import { useId } from 'react';
import { capitalise, difficultyBadgeColour, type Scenario } from '#shared/scenario';
import { Badge } from '../../../components/Badge';

/** Spec §2 Tab 1: the fixed skills line on every card. */
const SKILLS_LINE = 'Empathy, Clarity, Persuasion';

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
        <h3 id={titleId} className="card__title scenario-card__title">
          {scenario.title}
        </h3>
        <Badge colour={difficultyBadgeColour(scenario.difficulty)}>
          {capitalise(scenario.difficulty)}
        </Badge>
      </div>
      <p className="scenario-card__description">{scenario.description}</p>
      <dl className="scenario-card__facts">
        <div>
          <dt>Patient concerns</dt>
          <dd>{concerns === '' ? 'None listed' : concerns}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{scenario.category}</dd>
        </div>
        <div>
          <dt>Skills</dt>
          <dd>{SKILLS_LINE}</dd>
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
        Start Conversation
      </button>
    </article>
  );
}
