/**
 * Sudoku Explainer's producers in the order it asks them: the first that finds anything
 * gives the step (each hands its finds easiest first).
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import {
  directHiddenSets,
  fish,
  hiddenSets,
  hiddenSingles,
  intersections,
  nakedSets,
  nakedSingles,
  wings,
} from "./basics.ts";
import type { Sink } from "./hint.ts";
import { forcingChainsAndCycles } from "./chains.ts";
import { dynamicForcingChains, multipleForcingChains, nishioChains } from "./multiple.ts";
import { bug, uniqueLoops } from "./unique.ts";
import { alignedPairs, alignedTriplets } from "./aligned.ts";

/**
 * One producer: searches the board, handing each find to the sink until it says stop;
 * `all: false` promises that only the first is wanted (some producers then search less).
 */
export type Producer = (b: SeBoard, sink: Sink, all?: boolean) => boolean;

/** The producers, in SE's order. */
export const PRODUCERS: readonly Producer[] = [
  hiddenSingles,
  (b, s) => intersections(b, true, s),
  (b, s) => directHiddenSets(b, 2, s),
  nakedSingles,
  (b, s) => directHiddenSets(b, 3, s),
  (b, s) => intersections(b, false, s),
  (b, s) => nakedSets(b, 2, s),
  (b, s) => fish(b, 2, s),
  (b, s) => hiddenSets(b, 2, s),
  (b, s) => nakedSets(b, 3, s),
  (b, s) => fish(b, 3, s),
  (b, s) => hiddenSets(b, 3, s),
  (b, s) => wings(b, false, s),
  (b, s) => wings(b, true, s),
  uniqueLoops,
  (b, s) => nakedSets(b, 4, s),
  (b, s) => fish(b, 4, s),
  (b, s) => hiddenSets(b, 4, s),
  bug,
  alignedPairs,
  forcingChainsAndCycles,
  alignedTriplets,
  nishioChains,
  multipleForcingChains,
  dynamicForcingChains,
];
