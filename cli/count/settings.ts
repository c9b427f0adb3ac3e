/**
 * Tuning values of counting on every core, in one place: when this thread starts a
 * worker, how batches are sized, when a lone grid is shared, and how often progress is
 * shown. The method note (`README.md`) has the measurements behind them.
 *
 * @module
 */

import type { Batch } from "./format.ts";

/** The most grids a batch holds (grids up to 9×9). */
export const MAX_BATCH = 512;

/** The most grids a batch of 10×10 to 16×16 holds; larger grids go one at a time. */
export const MAX_BATCH_16 = 8;

/** Milliseconds between two redraws of the progress line, and two reports of a worker. */
export const REDRAW_EVERY = 250;

/** A grid shows its own progress once it has run this long (ms), here or in a worker. */
export const SLOW_AFTER = 1000;

/**
 * Milliseconds this thread counts before it starts a worker when the input's size is
 * unknown (standard input): a worker costs it ~12 ms to create (Deno's `new Worker` waits
 * for the worker's runtime), and takes ~50 ms to load and more to warm up.
 */
export const START_AFTER = 100;

/**
 * Milliseconds a lone large grid runs on this thread before workers start to share its
 * search. Nothing is lost at this point, so it only keeps easy grids (25×25 ones take
 * 10–30 ms) from paying for a worker's start (12–17 ms here).
 */
export const SHARE_AFTER = 40;

/** Milliseconds a lone grid counted here runs before the progress line shows it. */
export const SLOW_GRID = 1000;

/** Grids of the first batch up to 9×9, before the pace of counting is known. */
export const FIRST_BATCH = 8;

/** Milliseconds of counting a batch of grids up to 9×9 is sized to, once the pace is known. */
export const BATCH_MS = 10;

/** Milliseconds this thread counts before it estimates the work left. */
export const ESTIMATE_AFTER = 30;

/** Milliseconds of counting left on this thread for which a worker pays (estimated). */
export const WORTH = 150;

/**
 * Batches a worker is kept in before this thread counts one itself: while it does, the
 * worker must not run dry (this thread sees the worker's results only between batches).
 */
export const QUEUE = 2;

/**
 * Milliseconds a grid of a batch of several large ones (16×16 come eight to a batch) may
 * run on this thread before the batch is handed to the workers from that grid on, and
 * with it every later large grid: the time spent on the grid here is lost. Easy 16×16 and
 * 25×25 puzzles take a few ms (the start of a worker more), hard ones seconds. From 25×25
 * up hard grids are common (minimal puzzles: 0.2 to 10 s), so the budget is shorter.
 */
export function largeBudget(batch: Batch): number {
  for (const s of batch.sizes) if (s >= 25) return LARGE_BUDGET_FROM_25;
  return LARGE_BUDGET;
}

/** {@linkcode largeBudget} of a batch below 25×25, in ms. */
export const LARGE_BUDGET = 100;
/** {@linkcode largeBudget} of a batch with a grid of 25×25 or more, in ms. */
export const LARGE_BUDGET_FROM_25 = 40;
