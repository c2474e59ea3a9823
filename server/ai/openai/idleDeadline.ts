import { AiProviderError } from './errors';

/**
 * What `source` yields, as it yields it, failing with a timeout when the next piece takes longer
 * than `ms`. A provider's stream that stops mid-reply (headers sent, then silence) would
 * otherwise keep the turn, and the clinician's spinner, waiting until the connection dies:
 * the SDK's own timeout ends once the headers arrive. `onStall` cancels the request.
 */
export async function* withIdleDeadline<T>(
  source: AsyncIterable<T>,
  ms: number,
  onStall: () => void,
): AsyncGenerator<T> {
  const pieces = source[Symbol.asyncIterator]();
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        onStall();
        reject(new AiProviderError('timeout', `The provider sent nothing for ${ms} ms`));
      }, ms);
    });
    let next: IteratorResult<T>;
    try {
      next = await Promise.race([pieces.next(), stalled]);
    } finally {
      clearTimeout(timer);
    }
    if (next.done) return;
    yield next.value;
  }
}
