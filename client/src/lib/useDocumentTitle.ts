import { useEffect } from 'react';

const PRODUCT = 'ChairTalk';

/** Each screen names itself in the tab and for screen readers announcing the page change. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}
