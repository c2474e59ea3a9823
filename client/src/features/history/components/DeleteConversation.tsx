import { useState } from 'react';
import { MY_DATA_TEXT as T } from '#shared/text';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { deleteConversation } from '../api/deleteConversation';

interface DeleteConversationProps {
  conversationId: string;
  /** Names the conversation to screen readers when several delete buttons share a page. */
  title?: string;
  className?: string;
  /** After the server deleted it: the caller takes it off the screen. */
  onDeleted: () => void;
}

/**
 * "Delete conversation", asked once more in a dialog: the transcript, recordings, feedback and
 * reviews go for good; its branches stay (decision 045).
 */
export function DeleteConversation({
  conversationId,
  title,
  className = 'button button--danger-outline button--sm',
  onDeleted,
}: DeleteConversationProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    setBusy(true);
    setError(null);
    deleteConversation(conversationId)
      .then(() => {
        setBusy(false);
        setAsking(false);
        onDeleted();
      })
      .catch((failure: unknown) => {
        console.error('Could not delete the conversation', failure);
        setError(errorMessage(failure, T.deleteConversationFailed));
        setBusy(false);
      });
  };

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={title ? T.deleteConversationOf(title) : undefined}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {T.deleteConversation}
      </button>
      {asking ? (
        <ConfirmDialog
          title={T.deleteConversationTitle}
          body={T.deleteConversationBody}
          confirmLabel={T.deleteConversationConfirm}
          cancelLabel={T.cancel}
          busyLabel={T.deletingConversation}
          busy={busy}
          error={error}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
