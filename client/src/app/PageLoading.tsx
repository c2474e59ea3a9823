import { Spinner } from '../components/Spinner';

/**
 * A whole page waiting: for the sign-in check, or for the screen's own code to arrive. The
 * spinner's label is announced, so a screen reader hears why nothing is there yet.
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <main className="page page--center">
      <Spinner size="lg" label={label} />
    </main>
  );
}
