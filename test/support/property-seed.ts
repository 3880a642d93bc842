/**
 * The seed of a randomized run: `variable` from the environment when set (to replay a run), else a
 * fresh one, printed with the line that replays it. A fixed seed tests the same cases forever; a
 * fresh one per run covers new ground each time and stays reproducible from the printed line.
 */
export function propertySeed(variable: string, label: string): number {
  const fromEnv = process.env[variable];
  let seed: number;
  if (fromEnv !== undefined && fromEnv !== '') {
    seed = Number(fromEnv);
    if (!Number.isSafeInteger(seed)) throw new Error(`${variable} is not an integer: ${fromEnv}`);
  } else {
    seed = Math.floor(Math.random() * 2 ** 31);
  }
  console.log(`${label}: seed ${seed}; replay with ${variable}=${seed}`);
  return seed;
}

/**
 * A run count from `variable` (to search longer on demand), else `fallback`; never above `max`,
 * so a typo cannot turn the suite into a soak test.
 */
export function propertyRuns(variable: string, fallback: number, max: number): number {
  const fromEnv = process.env[variable];
  if (fromEnv === undefined || fromEnv === '') return fallback;
  const runs = Number(fromEnv);
  if (!Number.isSafeInteger(runs) || runs < 1 || runs > max) {
    throw new Error(`${variable} must be an integer from 1 to ${max}: ${fromEnv}`);
  }
  return runs;
}
