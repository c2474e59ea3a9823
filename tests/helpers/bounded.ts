/**
 * Every wait in the harnesses is bounded: a promise that has not settled within `ms` rejects
 * with what it was waiting for, so a run that gives up says where it stood instead of hanging
 * (issue 25: a round once hung for ten minutes with nobody able to say which side waited).
 */
export class GaveUp extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`gave up after ${ms} ms waiting for ${what}`);
  }
}

export function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GaveUp(what, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
