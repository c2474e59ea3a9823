import { Fragment, lazy, Suspense, useId, type ReactNode } from 'react';
import {
  consentEvidenceStance,
  persuasionWithoutConsent,
  type Debrief as DebriefData,
  type PatientReaction,
  type TurnNote,
} from '#shared/debrief';
import type { Message } from '#shared/conversation';
import { DEBRIEF_TEXT, FEEDBACK_TEXT } from '#shared/text';
import { turnAtPosition, turnNumbers } from '#shared/turns';
import { Spinner } from '../../../components/Spinner';
import '../debrief.css';

const DebriefChart = lazy(() => import('./DebriefChart'));

type TurnMessage = Pick<Message, 'id' | 'role' | 'content'>;

interface DebriefProps {
  debrief: DebriefData;
  messages: readonly TurnMessage[];
  persuasionScore: number;
  /** Heading level of the section titles: 3 inside the report dialog, 2 on a page. */
  level?: 2 | 3;
  /** The scenario's language (BCP-47): its hidden concerns are its own words (WCAG 3.1.2). */
  scenarioLang?: string | undefined;
}

/**
 * The debrief of an ended conversation, in the report: the transcript with notes on the
 * clinician's turns and the patient's reactions and thoughts on hers, then the overview.
 */
export function Debrief({
  debrief,
  messages,
  persuasionScore,
  level = 3,
  scenarioLang,
}: DebriefProps) {
  const ids = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const SubHeading = level === 2 ? 'h3' : 'h4';
  const turns = turnNumbers(messages);
  return (
    <section className="debrief" aria-labelledby={`${ids}-title`}>
      <Heading id={`${ids}-title`} className="report__section-title debrief__title">
        {DEBRIEF_TEXT.title}
      </Heading>
      <section aria-labelledby={`${ids}-turns`}>
        <SubHeading id={`${ids}-turns`} className="debrief__subtitle">
          {DEBRIEF_TEXT.turnByTurn}
        </SubHeading>
        <ol className="debrief-turns">
          {messages.map((message, index) => (
            <li
              key={message.id}
              className={`debrief-turn debrief-turn--${message.role === 'user' ? 'user' : 'patient'}`}
            >
              <p className="debrief-turn__speaker">
                {DEBRIEF_TEXT.turn(turns[index] ?? null)} ·{' '}
                {message.role === 'user' ? DEBRIEF_TEXT.you : DEBRIEF_TEXT.patient}
              </p>
              <p className="debrief-turn__text">
                {message.role === 'user'
                  ? highlight(message.content, notesOn(debrief, message))
                  : message.content}
              </p>
              <TurnAnnotations debrief={debrief} message={message} turn={turns[index] ?? null} />
            </li>
          ))}
        </ol>
      </section>
      <DebriefOverview
        debrief={debrief}
        messages={messages}
        persuasionScore={persuasionScore}
        level={level}
        scenarioLang={scenarioLang}
        nested
      />
    </section>
  );
}

function notesOn(debrief: DebriefData, message: TurnMessage): TurnNote[] {
  return debrief.notes.filter((n) => n.messageId === message.id);
}

/** Under one turn of a transcript: its notes, or the patient's reaction and thought. */
export function TurnAnnotations({
  debrief,
  message,
  turn,
}: {
  debrief: DebriefData;
  message: TurnMessage;
  /** The line's turn by shared/turns.ts; null: the patient's opening. */
  turn: number | null;
}) {
  const notes = notesOn(debrief, message);
  const reactions = debrief.reactions.filter((r) => r.messageId === message.id);
  const thought = debrief.thoughts.find((t) => t.messageId === message.id);
  if (notes.length === 0 && reactions.length === 0 && thought === undefined) return null;
  return (
    <div className="turn-debrief">
      {notes.length > 0 ? (
        <ul className="chips" aria-label={DEBRIEF_TEXT.notesOnTurn(turn)}>
          {notes.map((note, i) => (
            <NoteChip key={i} note={note} />
          ))}
        </ul>
      ) : null}
      {reactions.length > 0 ? (
        <ul className="chips" aria-label={DEBRIEF_TEXT.reactionsOnTurn(turn)}>
          {reactions.map((reaction, i) => (
            <ReactionChip key={i} reaction={reaction} />
          ))}
        </ul>
      ) : null}
      {thought ? (
        <p className="turn-debrief__thought">
          <span className="turn-debrief__thought-label">{DEBRIEF_TEXT.thinking}: </span>
          <q>{thought.text}</q>
        </p>
      ) : null}
    </div>
  );
}

/** The patient's state across the turns, the hidden concerns, and the consent checklist. */
export function DebriefOverview({
  debrief,
  messages,
  persuasionScore,
  level = 3,
  nested = false,
  scenarioLang,
}: {
  debrief: DebriefData;
  /** The transcript, to read the debrief's places as turns (shared/turns.ts). */
  messages: readonly Pick<Message, 'role'>[];
  persuasionScore: number;
  level?: 2 | 3;
  /** Inside the full debrief, which has its own title. */
  nested?: boolean;
  /** The scenario's language (BCP-47): its hidden concerns are its own words (WCAG 3.1.2). */
  scenarioLang?: string | undefined;
}) {
  const ids = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const SubHeading = level === 2 ? 'h3' : 'h4';
  const estimated = debrief.states.some((s) => s.estimated);
  // The debrief points at lines by their place in the transcript; people read turns.
  const turnAt = (position: number) => turnAtPosition(messages, position);
  return (
    <div className="debrief-overview">
      {nested ? null : (
        <Heading className="card__title debrief__title">{DEBRIEF_TEXT.title}</Heading>
      )}
      {debrief.states.length > 0 ? (
        <section aria-labelledby={`${ids}-state`}>
          <SubHeading id={`${ids}-state`} className="debrief__subtitle">
            {DEBRIEF_TEXT.stateTitle}
            {estimated ? (
              <span className="debrief__estimated"> ({DEBRIEF_TEXT.estimated})</span>
            ) : null}
          </SubHeading>
          <Suspense
            fallback={
              <p className="loading-line">
                <Spinner />
              </p>
            }
          >
            <DebriefChart
              states={debrief.states}
              labels={debrief.states.map((s) => DEBRIEF_TEXT.turn(turnAt(s.turn)))}
            />
          </Suspense>
        </section>
      ) : null}

      {debrief.hiddenConcerns.length > 0 ? (
        <section aria-labelledby={`${ids}-hidden`}>
          <SubHeading id={`${ids}-hidden`} className="debrief__subtitle">
            {DEBRIEF_TEXT.hiddenTitle}
          </SubHeading>
          <ul className="debrief-concerns">
            {debrief.hiddenConcerns.map((concern) => (
              <li
                key={concern.id}
                className={`debrief-concern debrief-concern--${concern.uncoveredAt ? 'uncovered' : 'missed'}`}
              >
                <span className="debrief-concern__status">
                  {concern.uncoveredAt
                    ? DEBRIEF_TEXT.uncoveredAt(turnAt(concern.uncoveredAt.turn))
                    : DEBRIEF_TEXT.missed}
                </span>
                <p className="debrief-concern__text" lang={scenarioLang}>
                  {concern.concern}
                </p>
                <p className="debrief-concern__opened">
                  <strong>{DEBRIEF_TEXT.openedBy}</strong> {concern.openedBy}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ConsentChecklist
        debrief={debrief}
        turnAt={turnAt}
        persuasionScore={persuasionScore}
        heading={SubHeading}
      />
    </div>
  );
}

function NoteChip({ note }: { note: TurnNote }) {
  return (
    <li className={`chip chip--${note.tone}`}>
      <span className="visually-hidden">
        {note.tone === 'good' ? DEBRIEF_TEXT.goodNote : DEBRIEF_TEXT.concernNote}:{' '}
      </span>
      <span className="chip__label">{note.label}</span>
      <span className="chip__quote">
        {' '}
        {DEBRIEF_TEXT.noteOn} <q>{note.quote}</q>
      </span>
    </li>
  );
}

function ReactionChip({ reaction }: { reaction: PatientReaction }) {
  const good = /_up$/.test(reaction.kind)
    ? reaction.kind !== 'anxiety_up'
    : reaction.kind === 'anxiety_down' || ['revealed', 'settled', 'agreed'].includes(reaction.kind);
  return (
    <li className={`chip chip--reaction chip--${good ? 'good' : 'concern'}`}>{reaction.label}</li>
  );
}

/** The turn's text with each noted quote marked, so a note points at the very words. */
function highlight(text: string, notes: readonly TurnNote[]): ReactNode {
  const spans: Array<[number, number]> = [];
  for (const note of notes) {
    const start = text.indexOf(note.quote);
    if (start === -1) continue;
    const end = start + note.quote.length;
    if (!spans.some(([from, to]) => start < to && end > from)) spans.push([start, end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const out: ReactNode[] = [];
  let at = 0;
  spans.forEach(([start, end], i) => {
    out.push(<Fragment key={`t${i}`}>{text.slice(at, start)}</Fragment>);
    out.push(<mark key={`m${i}`}>{text.slice(start, end)}</mark>);
    at = end;
  });
  out.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return out;
}

function ConsentChecklist({
  debrief,
  turnAt,
  persuasionScore,
  heading: SubHeading,
}: {
  debrief: DebriefData;
  turnAt: (position: number) => number | null;
  persuasionScore: number;
  heading: 'h3' | 'h4';
}) {
  const id = useId();
  const { checks, flags } = debrief.consent;
  return (
    <section aria-labelledby={id} className="consent">
      <SubHeading id={id} className="debrief__subtitle">
        {DEBRIEF_TEXT.consentTitle}
      </SubHeading>
      <p className="muted">{DEBRIEF_TEXT.consentIntro}</p>
      {persuasionWithoutConsent(persuasionScore, debrief.consent) ? (
        <p className="report__note consent__insight" role="note">
          {DEBRIEF_TEXT.persuasionWithoutConsent}
        </p>
      ) : null}
      <ul className="consent__list">
        {checks.map((check) => (
          <li key={check.item} className={`consent__item consent__item--${check.status}`}>
            <span className="consent__label">{DEBRIEF_TEXT.consentItems[check.item]}</span>
            <span className={`consent__status consent__status--${check.status}`}>
              {DEBRIEF_TEXT.consentStatus[check.status]}
            </span>
            {check.evidence ? (
              <blockquote
                className={`report__quote consent__evidence--${consentEvidenceStance(check.status)}`}
              >
                <p className="consent__stance">
                  {DEBRIEF_TEXT.evidenceStance[consentEvidenceStance(check.status)]}
                </p>
                <p>{FEEDBACK_TEXT.quoted(check.evidence.quote)}</p>
                <footer>— {DEBRIEF_TEXT.turn(turnAt(check.evidence.turn))}</footer>
              </blockquote>
            ) : (
              <p className="muted consent__none">{DEBRIEF_TEXT.noEvidence}</p>
            )}
          </li>
        ))}
      </ul>
      {flags.length > 0 ? (
        <>
          <p className="consent__flags-title">{DEBRIEF_TEXT.flagsTitle}</p>
          <ul className="consent__flags">
            {flags.map((flag, i) => (
              <li key={i} className="consent__flag">
                <strong>{DEBRIEF_TEXT.flagKinds[flag.kind]}</strong>,{' '}
                {DEBRIEF_TEXT.flagAt(turnAt(flag.turn))}: <q>{flag.quote}</q>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
