import { describe, expect, it, vi } from 'vitest';
import { withIdleDeadline } from '#server/ai/openai/idleDeadline';
import { AiProviderError } from '#server/ai/openai/errors';

async function* pieces(gapsMs: number[]): AsyncGenerator<number> {
  for (const [i, gap] of gapsMs.entries()) {
    await new Promise((resolve) => setTimeout(resolve, gap));
    yield i;
  }
}

async function* never(): AsyncGenerator<number> {
  yield 0;
  await new Promise(() => {});
}

describe('withIdleDeadline', () => {
  it('passes every piece through when none is late', async () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const done = (async () => {
      for await (const n of withIdleDeadline(pieces([10, 40, 40]), 50, () => {})) seen.push(n);
    })();
    await vi.runAllTimersAsync();
    await done;
    vi.useRealTimers();
    expect(seen).toEqual([0, 1, 2]);
  });

  it('fails with a timeout and cancels the call when the next piece never comes', async () => {
    vi.useFakeTimers();
    const onStall = vi.fn();
    const seen: number[] = [];
    const done = (async () => {
      for await (const n of withIdleDeadline(never(), 1000, onStall)) seen.push(n);
    })();
    const failed = expect(done).rejects.toSatisfy(
      (error) => error instanceof AiProviderError && error.kind === 'timeout',
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(onStall).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    vi.useRealTimers();
    expect(seen).toEqual([0]);
    expect(onStall).toHaveBeenCalledTimes(1);
  });
});
