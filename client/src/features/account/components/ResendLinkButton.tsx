import { ACCOUNT_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { resendVerification } from '../api/accountCalls';
import { useAction } from '../useAction';

/** "Send the link again" for the address waiting to be confirmed, and what came of it. */
export function ResendLinkButton() {
  const resend = useAction();
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--sm"
        disabled={resend.busy}
        onClick={() =>
          void resend.run(async () => {
            const sent = await resendVerification();
            return T.sentAgain(sent.email, sent.hours);
          })
        }
      >
        {resend.busy ? <Spinner /> : null}
        {T.sendAgain}
      </button>
      {resend.error ? <Alert>{resend.error}</Alert> : null}
      {resend.done ? <Alert tone="info">{resend.done}</Alert> : null}
    </>
  );
}
