/**
 * How many generated cases each property over a route or a socket message tries. The suite
 * runs 250 (about two minutes of the CI budget, decision 047); fast-check draws a new seed on
 * every run, so runs add up over time. `PROPERTY_RUNS=1000 npx vitest run <file>` goes deeper
 * before a release or after changing a contract.
 */
export const PROPERTY_RUNS = runsFromEnv(process.env.PROPERTY_RUNS);

function runsFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 250;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`PROPERTY_RUNS must be a whole number above 0, not "${value}"`);
  }
  return runs;
}
