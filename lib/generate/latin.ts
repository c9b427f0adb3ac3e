/**
 * Random Latin squares by Jacobson and Matthews' Markov chain, the generator of the
 * quasigroup-with-holes benchmarks: close to uniform over all squares of the order, where a
 * shuffled cyclic square stays in one isotopy class.
 *
 * @module
 */

import type { Rng } from "../grid/mod.ts";

/**
 * A random Latin square of order `n` (1 <= n <= 64), digits 1..n row-major, the same for the
 * same generator state on every machine. Runs the chain n³ moves from the cyclic square (the
 * usual mixing allowance), then on until the square is proper.
 */
export function randomLatinSquare(n: number, rng: Rng): Uint8Array {
  if (n === 1) return Uint8Array.of(1);
  // The incidence cube: cube[(r * n + c) * n + s] is 1 where cell (r, c) holds s, and
  // every line through the cube sums to 1. An improper square has one entry at -1.
  const cube = new Int8Array(n * n * n);
  const at = (r: number, c: number, s: number) => (r * n + c) * n + s;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) cube[at(r, c, (r + c) % n)] = 1;
  // The -1 entry of an improper square, or -1 while proper.
  let br = -1, bc = -1, bs = -1;
  const ones: number[] = [];
  /** The positions i of a line where `value(i)` is 1: one (proper) or, through -1, two. */
  const line = (value: (i: number) => number): number => {
    ones.length = 0;
    for (let i = 0; i < n; i++) if (value(i) === 1) ones.push(i);
    return ones[ones.length === 1 ? 0 : rng.below(ones.length)];
  };
  for (let step = 0, steps = n * n * n; step < steps || br >= 0; step++) {
    let r: number, c: number, s: number;
    if (br < 0) {
      // Proper: a random 0 entry of the cube.
      do {
        r = rng.below(n), c = rng.below(n), s = rng.below(n);
      } while (cube[at(r, c, s)] !== 0);
    } else {
      r = br, c = bc, s = bs;
    }
    const s1 = line((i) => cube[at(r, c, i)]);
    const c1 = line((i) => cube[at(r, i, s)]);
    const r1 = line((i) => cube[at(i, c, s)]);
    cube[at(r, c, s)]++, cube[at(r, c1, s1)]++, cube[at(r1, c, s1)]++, cube[at(r1, c1, s)]++;
    cube[at(r, c, s1)]--, cube[at(r, c1, s)]--, cube[at(r1, c, s)]--;
    if (--cube[at(r1, c1, s1)] < 0) br = r1, bc = c1, bs = s1;
    else br = -1;
  }
  const square = new Uint8Array(n * n);
  for (let cell = 0; cell < n * n; cell++) {
    for (let s = 0; s < n; s++) if (cube[cell * n + s] === 1) square[cell] = s + 1;
  }
  return square;
}
