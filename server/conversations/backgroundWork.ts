// After the grace period, aborted work only has to store what it has; never hang shutdown on it.
const ABORT_SETTLE_MS = 2_000;

/**
 * Every long job of this instance's conversations (turns, transcriptions, read-alouds): what
 * shutdown waits for and, past its grace period, aborts.
 */
export interface BackgroundWork {
  /** True once draining started: no new turn is admitted. */
  readonly draining: boolean;
  /** Tracks a job until it settles; a failure goes to `onError` (the job runs on regardless). */
  run(job: Promise<void>, onError: (error: unknown) => void): void;
  /** Lets shutdown abort this work; call the returned function when the work is over. */
  abortOnShutdown(controller: AbortController): () => void;
  /**
   * Stops admitting turns, lets running work finish for up to `graceMs`, then aborts it (a
   * reply cut short is stored partial) and waits a little for it to store what it has.
   */
  drain(options: { graceMs: number }): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<AbortController>();
  /** Every job, settled or not. */
  const inFlight = new Set<Promise<void>>();
  let draining = false;

  return {
    get draining() {
      return draining;
    },
    run(job, onError) {
      const settled = job.catch(onError);
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
    },
    abortOnShutdown(controller) {
      running.add(controller);
      return () => running.delete(controller);
    },
    async drain({ graceMs }) {
      draining = true;
      // A reply already streaming is finished and stored whole when it can be; past the grace
      // period it is cut short, and runTurn stores it partial.
      const abortAll = () => {
        for (const controller of running) controller.abort();
      };
      const settled = Promise.all(inFlight);
      const abortTimer = setTimeout(abortAll, graceMs);
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        settled,
        new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs + ABORT_SETTLE_MS))),
      ]);
      clearTimeout(abortTimer);
      clearTimeout(giveUp);
      abortAll();
    },
  };
}
