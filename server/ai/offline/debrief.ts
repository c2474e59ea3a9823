import { consentChecklist } from './consent';
import {
  hiddenConcernOutcomes,
  patientMoments,
  reactionsOf,
  stateOf,
  thoughtOf,
} from './patientDebrief';
import { replayConversation } from './patientState';
import { turnNotes } from './turnNotes';
import type { ConversationSoFar } from '../types';
import type { DebriefDraft } from '#shared/debrief';

/** The offline debrief: the engine's own replay of the conversation, read back turn by turn. */
export function debriefConversation(context: ConversationSoFar): DebriefDraft {
  const { scenario, history } = context;
  const replay = replayConversation(scenario, history);
  let before = replay.initial;
  const notes = replay.turns.flatMap((turn) => {
    const out = turnNotes(scenario, turn, before);
    before = turn.state;
    return out;
  });
  const moments = patientMoments(replay, history);
  return {
    source: 'offline',
    notes,
    reactions: moments.flatMap((moment) => reactionsOf(scenario, moment)),
    states: moments.map(stateOf),
    thoughts: moments.map((moment) => ({ turn: moment.turn, text: thoughtOf(scenario, moment) })),
    hiddenConcerns: hiddenConcernOutcomes(scenario, moments),
    consent: consentChecklist(replay),
  };
}
