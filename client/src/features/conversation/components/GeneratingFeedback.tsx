import { CONVERSATION_TEXT } from '#shared/text';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';

/** Spec §2: the overlay while the grader works. Not dismissible: the result is on its way. */
export function GeneratingFeedback() {
  return (
    <Dialog labelledBy="generating-title" describedBy="generating-text" className="dialog--busy">
      <div className="busy-overlay" aria-busy="true">
        <Spinner size="lg" />
        <p id="generating-title" className="busy-overlay__title">
          {CONVERSATION_TEXT.screen.generating}
        </p>
        <p id="generating-text" className="busy-overlay__text">
          {CONVERSATION_TEXT.screen.mayTakeMoment}
        </p>
      </div>
    </Dialog>
  );
}
