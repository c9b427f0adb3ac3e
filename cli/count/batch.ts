/**
 * Counting a batch of grids into output text: the one piece of `count` that runs both on
 * the main thread and in worker threads, so both print the same thing.
 *
 * @module
 */

import { countSolutions, type SearchControl } from "../../lib/solve/mod.ts";
import { type Batch, type CountSettings, formatCount, type GridCount, isMiss } from "./format.ts";

export type { Batch, CountSettings, GridCount } from "./format.ts";
export { formatCount } from "./format.ts";

/** Milliseconds since the epoch, as a clock that every worker thread shares. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** How one grid's search runs, besides what it counts. */
export interface GridSearch {
  /** Allowed digits per cell (a part of a shared search), as `countSolutions` takes them. */
  readonly allowed?: Uint32Array;
  /** Allowed digits 33..64 per cell. */
  readonly allowedHigh?: Uint32Array;
  /** The nogoods that came with the part (see `SearchControl.give`). */
  readonly nogoods?: Int32Array;
  /** Shares the search with idle workers, or stops it (another part reached the limit). */
  readonly share?: SearchControl;
  /** When the search must stop, as {@linkcode epochNow} tells; none when undefined. */
  readonly deadline?: number;
  /** Called as a long search goes on, with its nodes and solutions so far. */
  readonly onPoll?: (nodes: number, solutions: number) => void;
}

/** Bytes of a block of solutions kept for printing. */
const SOLUTION_BLOCK = 1 << 16;
const EMPTY = new Uint8Array(0);

/**
 * Count one grid, or with `search.allowed` the part of its search they describe.
 *
 * A long search is watched at each poll of the engine (every 256 nodes, 16
 * from 25×25 up) and, for engines that do not poll (the 9×9 one, whose searches are short
 * unless the limit is high), every 1,024 solutions when the limit is above that: there
 * it stops at the deadline and reports to `onPoll`.
 */
export function countGrid(
  cells: Uint8Array,
  size: number,
  settings: CountSettings,
  search: GridSearch = {},
): GridCount {
  const solutions: Uint8Array[] = [];
  let block = EMPTY;
  let used = 0;
  const { share, onPoll } = search;
  const deadline = search.deadline ?? Infinity;
  const watching = deadline !== Infinity || onPoll !== undefined;
  let found = 0;
  let nodes = 0;
  let timedOut = false;
  // True when the search must stop.
  const check = (): boolean => {
    if (deadline !== Infinity && epochNow() >= deadline) {
      timedOut = true;
      return true;
    }
    onPoll?.(nodes, found);
    return false;
  };
  const control: SearchControl | undefined = watching || share !== undefined
    ? {
      poll(n) {
        nodes = n;
        if (watching && check()) return "stop";
        return share === undefined ? "go" : share.poll(n);
      },
      // Only a share answers "split", so only a share is ever given a branch.
      give: (allowed, allowedHigh, nogoods) => share?.give(allowed, allowedHigh, nogoods),
    }
    : undefined;
  // Under 1,024 solutions no engine needs watching between polls; above, a 9×9 search
  // (which never polls) is watched through its solutions.
  const bySolutions = watching && settings.limit > 1024;
  // The progress line shows the solutions so far; 9×9 grids are never slow enough to
  // show it (unless the limit is high), so they keep their callback-free search.
  const counting = settings.solutions || bySolutions || (settings.progress && size > 9);
  const onSolution = counting
    ? (s: Uint8Array): boolean => {
      found++;
      // A copy, the engine reusing its buffer: into blocks of many solutions, since a
      // buffer of its own for each took 0.8 s and 250 MB more a million 9×9 solutions.
      if (settings.solutions) {
        if (used + s.length > block.length) {
          // Two solutions at first (most grids keep one or two), then twice as many a
          // block, up to SOLUTION_BLOCK bytes.
          const room = Math.min(
            Math.max(2, 2 * Math.floor(block.length / s.length)),
            Math.max(1, Math.floor(SOLUTION_BLOCK / s.length)),
          );
          block = new Uint8Array(room * s.length);
          used = 0;
        }
        block.set(s, used);
        solutions.push(block.subarray(used, used + s.length));
        used += s.length;
      }
      return !(bySolutions && (found & 1023) === 0 && check());
    }
    : undefined;
  const r = countSolutions(cells, size, {
    limit: settings.limit,
    variant: settings.variant,
    onSolution,
    allowed: search.allowed,
    allowedHigh: search.allowedHigh,
    nogoods: search.nogoods,
    control,
  });
  // `r` is this call's own object: filled in place, with no copies per grid.
  const result: GridCount = r;
  if (settings.solutions) result.solutions = solutions;
  if (timedOut && r.count < settings.limit) {
    result.timedOut = true;
    result.exact = false;
  }
  return result;
}

/**
 * Count every grid of a batch, handing each grid's output lines to `emit` as soon as it
 * is counted, with 1 as `misses` when the grid is not known to have exactly one solution
 * (what `solve` exits 1 for), else 0, and 1 as `grids`; a grid of much text comes in
 * pieces, all but the last with 0 grids and misses. `onPoll(k, start, nodes, solutions)`
 * hears from the long search of the `k`-th grid, started at `start` ({@linkcode epochNow};
 * 0 unless the time is needed for JSON, a time limit or progress); the deadline comes from
 * the settings.
 *
 * With a `budget` (ms), a grid larger than 9×9 whose search runs longer is abandoned,
 * unprinted, and the batch ends there. Returns the number of grids counted.
 */
export function countBatch(
  batch: Batch,
  settings: CountSettings,
  emit: (text: string, misses: number, grids: number) => void,
  onPoll?: (k: number, start: number, nodes: number, solutions: number) => void,
  budget?: number,
): number {
  let k = 0;
  let start = 0;
  let began = 0;
  let abandoned = false;
  // One search description for the whole batch: nothing is allocated per grid.
  const search: GridSearch = {
    ...(onPoll === undefined
      ? {}
      : { onPoll: (nodes, solutions) => onPoll(k, start, nodes, solutions) }),
    ...(budget === undefined ? {} : {
      share: {
        poll: () => {
          abandoned = epochNow() - began >= budget;
          return abandoned ? "stop" : "go";
        },
        give: () => {},
      },
    }),
  };
  const timed = settings.format === "json" || settings.timeLimit > 0 || settings.progress;
  const piece = (text: string) => emit(text, 0, 0);
  let offset = 0;
  for (; k < batch.sizes.length; k++) {
    const size = batch.sizes[k];
    const at = offset;
    const cells = batch.cells.subarray(at, at + size * size);
    offset += size * size;
    start = timed ? epochNow() : 0;
    if (budget !== undefined) began = epochNow();
    const r = countGrid(
      cells,
      size,
      settings,
      settings.timeLimit > 0 ? { ...search, deadline: start + settings.timeLimit } : search,
    );
    if (abandoned) break;
    const ms = timed ? epochNow() - start : 0;
    emit(formatCount(r, batch, k, at, ms, settings, piece), isMiss(r) ? 1 : 0, 1);
  }
  return k;
}
