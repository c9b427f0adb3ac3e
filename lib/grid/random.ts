/**
 * A small seeded pseudo-random generator (mulberry32) for reproducible bots and tests.
 *
 * @module
 */

/** Seeded 32-bit generator: the same seed gives the same sequence on every platform. */
export class Rng {
  #s: number;

  /** A generator for `seed` (any integer; only its low 32 bits count). */
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    let t = (this.#s = (this.#s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A uniform integer in 0..n-1 (n >= 1). */
  below(n: number): number {
    return Math.floor((this.next() / 4294967296) * n);
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Shuffle `items` in place (Fisher–Yates) and return it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }
}
