import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackgroundWork } from '#server/conversations/backgroundWork';

/** A job that ends when told to, or (like a reply cut short) when its signal aborts. */
function job(controller: AbortController) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
    controller.signal.addEventListener('abort', () => resolve());
  });
  return { done, finish };
}

describe('background work and the shutdown drain', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for running work, which finishes untouched within the grace period', async () => {
    const work = createBackgroundWork();
    const controller = new AbortController();
    const { done, finish } = job(controller);
    work.abortOnShutdown(controller);
    work.run(done, () => {});
    let drained = false;
    const draining = work.drain({ graceMs: 5_000 }).then(() => (drained = true));
    expect(work.draining).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drained).toBe(false);
    expect(controller.signal.aborted).toBe(false);
    // The drain ends with the job, without the clock reaching the grace period.
    finish();
    await draining;
    expect(drained).toBe(true);
  });

  it('aborts work still running when the grace period ends', async () => {
    const work = createBackgroundWork();
    const controller = new AbortController();
    const { done } = job(controller);
    work.abortOnShutdown(controller);
    work.run(done, () => {});
    const draining = work.drain({ graceMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(controller.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.signal.aborted).toBe(true);
    await draining;
  });

  it('does not wait forever for work that ignores the abort', async () => {
    const work = createBackgroundWork();
    work.run(new Promise<void>(() => {}), () => {});
    let drained = false;
    const draining = work.drain({ graceMs: 1_000 }).then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drained).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    await draining;
    expect(drained).toBe(true);
  });

  it('reports a failed job and no longer waits for it', async () => {
    const work = createBackgroundWork();
    const failures: unknown[] = [];
    const error = new Error('database down');
    work.run(Promise.reject(error), (e) => failures.push(e));
    await work.drain({ graceMs: 0 });
    expect(failures).toEqual([error]);
  });

  it('leaves released work alone', async () => {
    const work = createBackgroundWork();
    const controller = new AbortController();
    const release = work.abortOnShutdown(controller);
    release();
    await work.drain({ graceMs: 0 });
    expect(controller.signal.aborted).toBe(false);
  });
});
