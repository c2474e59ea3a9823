import { AUTHORING_TEXT, SCENARIO_TEXT } from '#shared/text';
import { useId, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { filterScenarios, foundLine, type Scenario } from '#shared/scenario';
import { paths, scenarioPath } from '../../../lib/paths';
import { Spinner } from '../../../components/Spinner';
import { useResource } from '../../../lib/resource';
import {
  chosenDifficulty,
  LIBRARY_KEY,
  scenarioLibrary,
  useScenarioBrowser,
  type DifficultyChoice,
} from '../store';
import { AssignedScenarios } from './AssignedScenarios';
import { ScenarioCard } from './ScenarioCard';
import '../scenarios.css';

export function ScenarioBrowser() {
  const { search, difficulty, setSearch, setDifficulty, clearFilters } = useScenarioBrowser();
  const library = useResource(scenarioLibrary, LIBRARY_KEY);
  const [, navigate] = useLocation();
  const ids = useId();

  const filters = useMemo(
    () => ({ search, difficulty: chosenDifficulty(difficulty) }),
    [search, difficulty],
  );
  const scenarios = library.data;
  const visible = useMemo(() => filterScenarios(scenarios ?? [], filters), [scenarios, filters]);
  const found = foundLine(visible.length, filters);

  const start = (scenario: Scenario) => navigate(scenarioPath(scenario.id));

  return (
    <section className="panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="section-title">
        Choose a Scenario to Practice
      </h2>
      <p className="authoring-links">
        <Link href={paths.authoringNew} className="button button--secondary button--sm">
          {AUTHORING_TEXT.write}
        </Link>{' '}
        <Link href={paths.authoring} className="button button--ghost button--sm">
          {AUTHORING_TEXT.mine}
        </Link>
      </p>

      <AssignedScenarios />

      <div className="filters" role="search">
        <div className="field field--grow">
          <label htmlFor={`${ids}-search`} className="visually-hidden">
            Search scenarios
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            className="input input--search"
            placeholder="Search scenarios (e.g. crown, whitening, bridge)"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-difficulty`} className="visually-hidden">
            Filter by Difficulty
          </label>
          <select
            id={`${ids}-difficulty`}
            className="select"
            value={difficulty}
            onChange={(e) => setDifficulty(e.target.value as DifficultyChoice)}
          >
            <option value="" disabled hidden>
              Filter by Difficulty
            </option>
            <option value="all">All Difficulties</option>
            <option value="beginner">Beginner</option>
            <option value="intermediate">Intermediate</option>
            <option value="advanced">Advanced</option>
          </select>
        </div>
      </div>

      {/* The live region stays mounted so the count is announced as the user types. */}
      <div className={found ? 'found-line' : 'found-line found-line--empty'}>
        <span role="status">{found ?? ''}</span>
        {found ? (
          <button type="button" className="button button--ghost button--sm" onClick={clearFilters}>
            Clear All Filters
          </button>
        ) : null}
      </div>

      {!library.settled ? (
        <p className="loading-line">
          <Spinner />
          Loading scenarios...
        </p>
      ) : visible.length > 0 ? (
        <ul className="scenario-grid">
          {visible.map((scenario) => (
            <li key={scenario.id}>
              <ScenarioCard scenario={scenario} onStart={start} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <p className="empty-state__text">
            {found ? SCENARIO_TEXT.noneMatch : SCENARIO_TEXT.noneInLibrary}
          </p>
        </div>
      )}
    </section>
  );
}
