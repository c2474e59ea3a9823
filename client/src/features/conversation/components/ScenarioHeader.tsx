import { Link } from 'wouter';
import { difficultyName, scenarioHeaderBadgeColour, type Scenario } from '#shared/scenario';
import { CONVERSATION_TEXT } from '#shared/text';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/Badge';
import { ArrowLeftIcon } from '../../../components/Icons';

export function ScenarioHeader({ scenario }: { scenario: Scenario }) {
  return (
    <header className="scenario-header">
      <Link href={paths.dashboard} className="back-link">
        <ArrowLeftIcon />
        {CONVERSATION_TEXT.screen.back}
      </Link>
      <div className="scenario-header__title-row">
        <h1 className="scenario-header__title">{scenario.title}</h1>
        <Badge colour={scenarioHeaderBadgeColour(scenario.difficulty)}>
          {difficultyName(scenario.difficulty)}
        </Badge>
      </div>
      <p className="scenario-header__description">{scenario.description}</p>
    </header>
  );
}
