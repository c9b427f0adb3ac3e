/**
 * What every chain producer of Sudoku Explainer shares: the rating increment for a chain's
 * length, and the list its hints are handed over from (easiest first: rating, complexity,
 * then SE's order of kinds, then the order found; one hint per set of removals).
 *
 * @module
 */

import type { Hint } from "./hint.ts";

/** Potentials: `(cell * 9 + digit - 1) * 2 + (on ? 1 : 0)`. */
export const POTENTIALS = 729 * 2;

/** Rating increment for a chain of `complexity` potentials (SE's length rule). */
export function lengthIncrement(complexity: number): number {
  if (complexity < INCREMENTS.length) return INCREMENTS[complexity];
  return slowIncrement(complexity);
}

function slowIncrement(complexity: number): number {
  let added = 0, ceil = 4, odd = false;
  const length = complexity - 2;
  while (length > ceil) {
    added++;
    ceil = odd ? Math.floor((ceil * 4) / 3) : Math.floor((ceil * 3) / 2);
    odd = !odd;
  }
  return added;
}

const INCREMENTS = Uint8Array.from({ length: 512 }, (_, n) => slowIncrement(n));

/** A producer's list of chain hints; see {@linkcode hintList}. */
export interface HintList {
  /** Add a hint found. */
  add: (h: Hint) => void;
  /**
   * Whether a hint of this rating, complexity and kind ({@linkcode sortKey}) would be kept:
   * always, unless only the first is wanted and it would not come before the best so far
   * (so that a producer need not build it).
   */
  wants: (rating: number, complexity: number, key: number) => boolean;
  /** The hints, easiest first, one per set of removals. */
  sorted: () => Hint[];
}

/**
 * A list of chain hints kept one per set of removals (an easier one found later replaces
 * an earlier one, and goes to the end), handed over easiest first: rating, then
 * complexity, then the order found. With `firstOnly` it keeps only the first of that
 * order, the one SE's step takes.
 */
export function hintList(firstOnly = false): HintList {
  const hints: Hint[] = [];
  let best: Hint | undefined;
  const wants = (rating: number, complexity: number, key: number): boolean =>
    !firstOnly || comesBefore(rating, complexity, key, best);
  const add = (h: Hint) => {
    if (!firstOnly) hints.push(h);
    else if (wants(h.rating, h.complexity!, sortKey(h.rule))) best = h;
  };
  const sorted = () => {
    if (firstOnly) return best === undefined ? [] : [best];
    const order = hints.map((_, i) => i).sort((i, j) =>
      hints[i].rating - hints[j].rating || hints[i].complexity! - hints[j].complexity! ||
      sortKey(hints[i].rule) - sortKey(hints[j].rule) || i - j
    );
    const seen = new Set<string>();
    const out: Hint[] = [];
    for (const i of order) {
      const key = hints[i].elims.join(",");
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(hints[i]);
    }
    return out;
  };
  return { add, wants, sorted };
}

/**
 * Whether a hint of (rating, complexity, kind: {@linkcode sortKey}) comes strictly before
 * the hint `best` (any when undefined) in SE's order.
 */
export function comesBefore(
  rating: number,
  complexity: number,
  key: number,
  best: Hint | undefined,
): boolean {
  if (best === undefined) return true;
  if (rating !== best.rating) return rating < best.rating;
  if (complexity !== best.complexity!) return complexity < best.complexity!;
  if (best !== keyOf) {
    keyOf = best;
    keyOfBest = sortKey(best.rule);
  }
  return key < keyOfBest;
}
// The kind of the last hint compared against, kept: a search compares against one best often.
let keyOf: Hint | undefined;
let keyOfBest = 0;

/** SE's order among chain hints of equal rating and complexity. */
export function sortKey(rule: string): number {
  if (rule.includes("Double")) return 1;
  if (rule.startsWith("Turbot") || rule.includes("X-")) return 2;
  if (rule.includes("Y-Cycle")) return 3;
  if (rule.includes("Cell Forcing")) return 5;
  if (rule.includes("Region Forcing")) return 6;
  if (rule.includes("Contradiction") || rule.startsWith("Nishio")) return 7;
  return 4;
}
