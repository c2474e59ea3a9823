import { create } from 'zustand';
import { DIFFICULTIES, type Difficulty, type Scenario } from '#shared/scenario';
import { createResource } from '../../lib/resource';
import { listScenarios } from '../../lib/listScenarios';

/** '' is "nothing chosen" (the control reads 'Filter by Difficulty'); 'all' was chosen explicitly. */
export type DifficultyChoice = '' | 'all' | Difficulty;

/** Every scenario is in everyone's library: one key for all. */
export const LIBRARY_KEY = 'library';

/** The scenario library; kept across tab switches so a refresh does not flash the grid. */
export const scenarioLibrary = createResource<Scenario[]>({
  fetch: () => listScenarios(),
  onError: (error) => {
    // Spec §8: a failed scenario load is only logged; the list stays as it was (empty at first).
    console.error('Could not load scenarios', error);
    return { message: null };
  },
});

interface ScenarioBrowserState {
  search: string;
  difficulty: DifficultyChoice;
  setSearch: (search: string) => void;
  setDifficulty: (difficulty: DifficultyChoice) => void;
  clearFilters: () => void;
}

/** Filters live here, not in the component, so they survive a tab switch or a trip to a scenario. */
export const useScenarioBrowser = create<ScenarioBrowserState>()((set) => ({
  search: '',
  difficulty: '',

  setSearch: (search) => set({ search }),
  setDifficulty: (difficulty) => set({ difficulty }),
  clearFilters: () => set({ search: '', difficulty: '' }),
}));

export function chosenDifficulty(choice: DifficultyChoice): Difficulty | null {
  return (DIFFICULTIES as readonly string[]).includes(choice) ? (choice as Difficulty) : null;
}
