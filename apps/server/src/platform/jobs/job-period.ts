/**
 * A job's period from the environment, in seconds (`name`), as milliseconds: `defaultS` when it is
 * not set, checked once at start against the range the job was designed for.
 */
export function jobPeriodMsFromEnv(
  env: NodeJS.ProcessEnv,
  name: string,
  { defaultS, minS, maxS }: { defaultS: number; minS: number; maxS: number },
): number {
  const raw = env[name]?.trim();
  if (!raw) return defaultS * 1000;
  const s = Number(raw);
  if (!Number.isFinite(s) || s < minS || s > maxS)
    throw new Error(`${name} "${raw}" is not a number of seconds from ${minS} to ${maxS}`);
  return Math.round(s * 1000);
}
