/** The seed of a run: the variable's value when set (to replay a run), otherwise the given default. */
export function seedFrom(env: string | undefined, fallback: number): number {
  const parsed = Number(env);
  return Number.isInteger(parsed) && env !== undefined && env !== '' ? parsed : fallback;
}
