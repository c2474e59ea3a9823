import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface DialogProps {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** Escape calls this; leave it out for dialogs the user must not dismiss (work in progress). */
  onClose?: () => void;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal built on the native <dialog>: showModal() makes the page behind it inert and gives us
 * the top layer for free. Mounting opens it and unmounting closes it, so callers render it
 * conditionally. Tab is wrapped by hand because browsers let it escape to their own chrome.
 */
export function Dialog({ labelledBy, describedBy, onClose, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    (preferred ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === ref.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      tabIndex={-1}
      onKeyDown={trapTab}
      // Chrome force-closes a dialog on a second Escape even when cancel was refused; treat
      // that like a close request so the owner's state follows what the user sees.
      onClose={() => {
        // Our own cleanup closes it too (and StrictMode reopens it at once): ignore that.
        if (!ref.current?.open) onCloseRef.current?.();
      }}
      onCancel={(event) => {
        // Escape: the owner decides whether the dialog goes away (it unmounts it).
        event.preventDefault();
        onCloseRef.current?.();
      }}
    >
      {children}
    </dialog>
  );
}
