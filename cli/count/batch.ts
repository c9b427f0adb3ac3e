/**
 * Counting a batch of grids into output text: the one piece of `count` that runs both on
 * the main thread and in worker threads, so both print the same thing.
 *
 * @module
 */

import { countSolutions, type SearchControl, type Variant } from "../../lib/solve/count.ts";
import { formatLine } from "../../lib/grid/parse.ts";

/** What `count` prints and how it counts. */
export interface CountSettings {
  /** Stop each count at this many solutions. */
  readonly limit: number;
  /** Forced rule set, or undefined for the default of each grid's size. */
  readonly variant: Variant | undefined;
  /** Output form. */
  readonly format: "text" | "json";
  /** Print the solutions found. */
  readonly solutions: boolean;
  /** The symbols solutions are written with (`--symbols`), or undefined for the default. */
  readonly symbols?: string;
  /** Milliseconds each grid may take (`--time-limit`), 0 for no limit. */
  readonly timeLimit: number;
  /** Whether slow grids report their progress (standard error is a terminal). */
  readonly progress: boolean;
}

/** Grids packed for a worker: cells of all grids back to back. */
export interface Batch {
  /** Sequence number, for putting results back in input order. */
  readonly id: number;
  /** Side length of each grid. */
  readonly sizes: Uint8Array;
  /** Input position (puzzle number) of each grid. */
  readonly indexes: Uint32Array;
  /** Line each grid starts on. */
  readonly lines: Uint32Array;
  /** All cells, grid after grid. */
  readonly cells: Uint8Array;
}

/** What counting one grid (or one part of it) found, ready to print with {@linkcode formatCount}. */
export interface GridCount {
  /** Solutions found, at most the limit. */
  count: number;
  /** Whether `count` is the exact total. */
  exact: boolean;
  /** Search nodes used. */
  nodes: number;
  /** Why the count is 0 without search. */
  conflict?: string;
  /** The solutions found, one line each, when they are printed. */
  solutions?: string[];
  /** Searches the count was shared between (worker threads), when more than one. */
  parts?: number;
  /** Whether the time limit stopped the search (then `count` is a lower bound). */
  timedOut?: boolean;
}

/** Milliseconds since the epoch, as a clock that every worker thread shares. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** The text mark of a count that is not exact: `?` when the time ran out, else `+`. */
function mark(r: GridCount): string {
  return r.exact ? "" : r.timedOut ? "?" : "+";
}

/** The output lines of one grid: the `k`-th of `batch`, counted in `ms` milliseconds. */
export function formatCount(
  r: GridCount,
  batch: Batch,
  k: number,
  ms: number,
  settings: CountSettings,
): string {
  if (settings.format === "text") {
    let out = `${r.count}${mark(r)}\n`;
    for (const s of r.solutions ?? []) out += s + "\n";
    return out;
  }
  return JSON.stringify({
    puzzle: batch.indexes[k],
    line: batch.lines[k],
    size: batch.sizes[k],
    count: r.count,
    exact: r.exact,
    nodes: r.nodes,
    ms: Math.round(ms * 1000) / 1000,
    ...(r.conflict === undefined ? {} : { conflict: r.conflict }),
    ...(r.parts === undefined || r.parts < 2 ? {} : { parts: r.parts }),
    ...(settings.timeLimit > 0 ? { timed_out: r.timedOut === true } : {}),
    ...(settings.solutions ? { solutions: r.solutions ?? [] } : {}),
  }) + "\n";
}

/** How one grid's search runs, besides what it counts. */
export interface GridSearch {
  /** Allowed digits per cell (a part of a shared search), as `countSolutions` takes them. */
  readonly allowed?: Uint32Array;
  /** Allowed digits 33..64 per cell. */
  readonly allowedHigh?: Uint32Array;
  /** Shares the search with idle workers, or stops it (another part reached the limit). */
  readonly share?: SearchControl;
  /** When the search must stop, as {@linkcode epochNow} tells; none when undefined. */
  readonly deadline?: number;
  /** Called as a long search goes on, with its nodes and solutions so far. */
  readonly onPoll?: (nodes: number, solutions: number) => void;
}

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
  const solutions: string[] = [];
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
      give: (allowed, allowedHigh) => share?.give(allowed, allowedHigh),
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
      if (settings.solutions) solutions.push(formatLine(s, size, settings.symbols));
      return !(bySolutions && (found & 1023) === 0 && check());
    }
    : undefined;
  const r = countSolutions(cells, size, {
    limit: settings.limit,
    variant: settings.variant,
    onSolution,
    allowed: search.allowed,
    allowedHigh: search.allowedHigh,
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
 * is counted. `onPoll(k, start, nodes, solutions)` hears from the long search of the
 * `k`-th grid, started at `start` ({@linkcode epochNow}; 0 unless the time is needed for
 * JSON, a time limit or progress); the deadline comes from the settings.
 *
 * With a `budget` (ms), a grid larger than 9×9 whose search runs longer is abandoned,
 * unprinted, and the batch ends there. Returns the number of grids counted.
 */
export function countBatch(
  batch: Batch,
  settings: CountSettings,
  emit: (text: string) => void,
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
  let offset = 0;
  for (; k < batch.sizes.length; k++) {
    const size = batch.sizes[k];
    const cells = batch.cells.subarray(offset, offset + size * size);
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
    emit(formatCount(r, batch, k, timed ? epochNow() - start : 0, settings));
  }
  return k;
}
