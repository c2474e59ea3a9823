import { LTI_DEEP_LINK_TEXT } from '#shared/text';
import { DeepLinkPicker } from '../../features/ltiDeepLink/components/DeepLinkPicker';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Where an instructor's deep-linking request from their course lands (decision 051). */
export function LtiDeepLinkPage({ deepLinkId }: { deepLinkId: string }) {
  useDocumentTitle(LTI_DEEP_LINK_TEXT.title);
  return (
    <main className="page">
      <DeepLinkPicker deepLinkId={deepLinkId} />
    </main>
  );
}
