import { create } from 'zustand';
import { DIFFICULTIES, type Difficulty, type Scenario } from '../../../../shared/scenario';
import { getScenarios } from './api/getScenarios';

/** '' is "nothing chosen" (the control reads 'Filter by Difficulty'); 'all' was chosen explicitly. */
export type DifficultyChoice = '' | 'all' | Difficulty;

interface ScenarioBrowserState {
  scenarios: Scenario[];
  /** `loaded` stays set through later refreshes so the grid does not flash back to loading. */
  status: 'idle' | 'loading' | 'loaded';
  search: string;
  difficulty: DifficultyChoice;
  load: () => Promise<void>;
  setSearch: (search: string) => void;
  setDifficulty: (difficulty: DifficultyChoice) => void;
  clearFilters: () => void;
}

/** Filters live here, not in the component, so they survive a tab switch or a trip to a scenario. */
export const useScenarioBrowser = create<ScenarioBrowserState>()((set, get) => ({
  scenarios: [],
  status: 'idle',
  search: '',
  difficulty: '',

  load: async () => {
    if (get().status === 'idle') set({ status: 'loading' });
    try {
      set({ scenarios: await getScenarios(), status: 'loaded' });
    } catch (error) {
      // Spec §8: a failed scenario load is only logged; the list stays as it was (empty at first).
      console.error('Could not load scenarios', error);
      set({ status: 'loaded' });
    }
  },

  setSearch: (search) => set({ search }),
  setDifficulty: (difficulty) => set({ difficulty }),
  clearFilters: () => set({ search: '', difficulty: '' }),
}));

export function chosenDifficulty(choice: DifficultyChoice): Difficulty | null {
  return (DIFFICULTIES as readonly string[]).includes(choice) ? (choice as Difficulty) : null;
}
