import { reportText } from './reportText';
import { usesFearTactic } from './turnNotes';
import { onTaskTurns } from './rubric';
import type { SentenceAnalysis } from './analyseTurn';
import type { ClinicianTurnReplay, ConversationReplay } from './patientState';
import type { ConsentItem, ConsentStatus, DebriefDraft } from '#shared/debrief';

/**
 * The informed-consent checklist, kept apart from the scores: persuading a patient and the
 * patient deciding freely and knowingly are different things. Each item is met, partly met or
 * not met, with the sentence that shows it. Pressure and fear tactics are flagged whether or
 * not the patient went on to agree.
 */

export type DraftConsent = DebriefDraft['consent'];
type DraftCheck = DraftConsent['checks'][number];

/** A cost stated: a figure, or that it is free or fully covered. */
const STATED_COST =
  /[$£€]\s?\d|\b\d[\d,.]*\s?(pounds|dollars|euros|quid|bucks)\b|\b(free of charge|no charge|costs? (you )?nothing|won't cost (you )?anything|fully covered|covered in full|nhs band \d|band \d)\b/;
/** Leaving the decision to the patient, in words. */
const RESPECTS_CHOICE =
  /\b(your (choice|decision|call)|up to you|it's for you to decide|take (your|some) time|no rush|(don't|do not|doesn't|won't) (need|have) to decide|think it over|think about it|whatever you decide|talk it over|when you're ready|in your own time|no pressure)\b/;

interface Found {
  turn: ClinicianTurnReplay;
  sentence: SentenceAnalysis;
}

function find(
  turns: readonly ClinicianTurnReplay[],
  test: (sentence: SentenceAnalysis, turn: ClinicianTurnReplay) => boolean,
): Found | undefined {
  for (const turn of turns) {
    const sentence = turn.analysis.sentences.find((s) => test(s, turn));
    if (sentence !== undefined) return { turn, sentence };
  }
  return undefined;
}

function check(item: ConsentItem, status: ConsentStatus, found: Found | undefined): DraftCheck {
  return {
    item,
    status,
    evidence:
      found === undefined
        ? null
        : { turn: found.turn.historyIndex + 1, quote: found.sentence.text },
  };
}

const fair = (s: SentenceAnalysis) => !s.pressure && !usesFearTactic(s);

function options(turns: readonly ClinicianTurnReplay[]): DraftCheck {
  const waiting = find(turns, (s) => s.noTreatment && fair(s));
  const choices = find(turns, (s) => s.options && fair(s));
  if (waiting !== undefined && choices !== undefined) return check('options', 'met', waiting);
  const either = waiting ?? choices;
  return either === undefined
    ? check('options', 'not_met', undefined)
    : check('options', 'partly_met', either);
}

function risksAndBenefits(turns: readonly ClinicianTurnReplay[]): DraftCheck {
  const risks = find(turns, (s) => s.topics.includes('risks') && fair(s));
  const benefits = find(turns, (s) => s.benefit && fair(s));
  if (risks !== undefined && benefits !== undefined) return check('risks_benefits', 'met', risks);
  const either = risks ?? benefits;
  return either === undefined
    ? check('risks_benefits', 'not_met', undefined)
    : check('risks_benefits', 'partly_met', either);
}

function cost(turns: readonly ClinicianTurnReplay[]): DraftCheck {
  const concrete = find(turns, (s) => s.cost && fair(s) && STATED_COST.test(s.text.toLowerCase()));
  if (concrete !== undefined) return check('cost', 'met', concrete);
  // Partly met by a line about the cost (the model and the cost words agree) that states none:
  // "we can go through the fees and a payment plan".
  const mentioned = find(turns, (s) => s.cost && s.topics.includes('cost') && fair(s));
  return mentioned === undefined
    ? check('cost', 'not_met', undefined)
    : check('cost', 'partly_met', mentioned);
}

/** A check after something was explained is a real check; one before it checks nothing yet. */
function understanding(turns: readonly ClinicianTurnReplay[]): DraftCheck {
  let explained = false;
  let early: Found | undefined;
  for (const turn of turns) {
    const sentences = turn.analysis.sentences;
    for (const [i, sentence] of sentences.entries()) {
      if (sentence.checksUnderstanding) {
        const found = { turn, sentence };
        if (explained || sentences.slice(0, i).some((s) => s.explanation)) {
          return check('understanding', 'met', found);
        }
        early ??= found;
      }
    }
    if (turn.analysis.explanation) explained = true;
  }
  return early === undefined
    ? check('understanding', 'not_met', undefined)
    : check('understanding', 'partly_met', early);
}

function decisionRespected(
  replay: ConversationReplay,
  turns: readonly ClinicianTurnReplay[],
): DraftCheck {
  const pushed = find(turns, (s) => s.pressure || usesFearTactic(s) || s.runsDownOthers);
  if (pushed !== undefined) return check('decision_respected', 'not_met', pushed);
  const respected = find(turns, (s) => RESPECTS_CHOICE.test(s.text.toLowerCase()));
  const hurried =
    replay.final.earlyAskCount > 0 || replay.final.dismissalCount > 0
      ? find(turns, (s) => s.dismissal || s.proposal)
      : undefined;
  if (hurried !== undefined) return check('decision_respected', 'partly_met', hurried);
  if (respected !== undefined) return check('decision_respected', 'met', respected);
  // Asking, without pushing, leaves the decision with the patient; never getting that far
  // shows nothing, and an item nothing shows is not met.
  const asked = find(turns, (s) => s.proposal);
  return check('decision_respected', asked === undefined ? 'not_met' : 'met', asked);
}

export function consentChecklist(replay: ConversationReplay): DraftConsent {
  const turns = onTaskTurns(replay);
  const flags = turns.flatMap((turn) =>
    turn.analysis.sentences.flatMap((sentence) => {
      const at = { turn: turn.historyIndex + 1, quote: sentence.text };
      return [
        ...(sentence.pressure
          ? [{ ...at, kind: 'pressure' as const, label: reportText('note.pressure') }]
          : []),
        ...(usesFearTactic(sentence)
          ? [{ ...at, kind: 'fear_tactic' as const, label: reportText('note.fearTactic') }]
          : []),
      ];
    }),
  );
  return {
    checks: [
      options(turns),
      risksAndBenefits(turns),
      cost(turns),
      understanding(turns),
      decisionRespected(replay, turns),
    ],
    flags,
  };
}
