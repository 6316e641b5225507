import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * A seeded generator: pure-rand's xoroshiro128+, the generator fast-check draws its values with. The same seed
 * gives the same values on every machine, so that a run (a demo catalogue, a sample log, a test) can be replayed.
 */
export function seededRandom(seed: number) {
  const source = xoroshiro128plus(seed);
  /** A number in [0, 1). */
  const next = () => uniformFloat64(source);
  /** An integer in [min, max]. */
  const int = (min: number, max: number) => uniformInt(source, min, max);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
