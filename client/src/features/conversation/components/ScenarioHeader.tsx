import { Link } from 'wouter';
import { difficultyName, scenarioHeaderBadgeColour, type Scenario } from '#shared/scenario';
import { languageOf } from '#shared/languages';
import { CONVERSATION_TEXT } from '#shared/text';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/Badge';
import { ArrowLeftIcon } from '../../../components/Icons';

export function ScenarioHeader({ scenario }: { scenario: Scenario }) {
  // The scenario's own words are in its language, marked so a screen reader says them so.
  const lang = languageOf(scenario.language).tag;
  return (
    <header className="scenario-header">
      <Link href={paths.dashboard} className="back-link">
        <ArrowLeftIcon />
        {CONVERSATION_TEXT.screen.back}
      </Link>
      <div className="scenario-header__title-row">
        <h1 className="scenario-header__title" lang={lang}>
          {scenario.title}
        </h1>
        <Badge colour={scenarioHeaderBadgeColour(scenario.difficulty)}>
          {difficultyName(scenario.difficulty)}
        </Badge>
      </div>
      <p className="scenario-header__description" lang={lang}>
        {scenario.description}
      </p>
    </header>
  );
}
