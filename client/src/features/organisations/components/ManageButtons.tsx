import { useState } from 'react';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { RenameDialog } from './RenameDialog';

/**
 * Rename and Delete for something a trainer runs (an organisation, a cohort), each in a dialog
 * (decision 044): the new name, or what deleting does and a confirmation.
 */
export function ManageButtons({
  name,
  deleteLabel,
  confirmTitle,
  confirmText,
  onRename,
  onDelete,
}: {
  name: string;
  deleteLabel: string;
  confirmTitle: string;
  confirmText: string;
  onRename: (name: string) => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const [open, setOpen] = useState<'rename' | 'delete' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="org-actions org-manage">
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => setOpen('rename')}
      >
        {T.rename}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button
        type="button"
        className="button button--ghost button--sm org-manage__delete"
        onClick={() => setOpen('delete')}
      >
        {deleteLabel}
        <span className="visually-hidden"> {name}</span>
      </button>
      {open === 'rename' ? (
        <RenameDialog
          title={T.renameWhich(name)}
          current={name}
          onClose={close}
          onSave={async (newName) => {
            await onRename(newName);
            close();
          }}
        />
      ) : null}
      {open === 'delete' ? (
        <ConfirmAction
          title={confirmTitle}
          body={confirmText}
          confirmLabel={T.deleteButton}
          onClose={close}
          // The owner reloads on success and this component goes with what it deleted.
          onConfirm={onDelete}
        />
      ) : null}
    </div>
  );
}
