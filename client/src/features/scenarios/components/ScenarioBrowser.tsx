import { AUTHORING_TEXT, SCENARIO_TEXT } from '#shared/text';
import { useId, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { DIFFICULTIES, filterScenarios, foundLine, type Scenario } from '#shared/scenario';
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
        {SCENARIO_TEXT.browserTitle}
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
            {SCENARIO_TEXT.searchLabel}
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            className="input input--search"
            placeholder={SCENARIO_TEXT.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-difficulty`} className="visually-hidden">
            {SCENARIO_TEXT.difficultyFilter}
          </label>
          <select
            id={`${ids}-difficulty`}
            className="select"
            value={difficulty}
            onChange={(e) => setDifficulty(e.target.value as DifficultyChoice)}
          >
            <option value="" disabled hidden>
              {SCENARIO_TEXT.difficultyFilter}
            </option>
            <option value="all">{SCENARIO_TEXT.allDifficulties}</option>
            {DIFFICULTIES.map((level) => (
              <option key={level} value={level}>
                {SCENARIO_TEXT.difficulty[level]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {/* The live region stays mounted so the count is announced as the user types. */}
      <div className={found ? 'found-line' : 'found-line found-line--empty'}>
        <span role="status">{found ?? ''}</span>
        {found ? (
          <button type="button" className="button button--ghost button--sm" onClick={clearFilters}>
            {SCENARIO_TEXT.clearFilters}
          </button>
        ) : null}
      </div>

      {!library.settled ? (
        <p className="loading-line">
          <Spinner />
          {SCENARIO_TEXT.loading}
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
