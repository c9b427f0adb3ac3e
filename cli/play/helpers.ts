/**
 * The helper threads of `play --jobs N`: workers that search the bot's endgame with it,
 * sharing its transposition table (see `lib/sudoku_game/endgame_split.ts`).
 *
 * @module
 */

import type { SplitHelper } from "../../lib/sudoku_game/mod.ts";
import { workerUrl } from "../worker_url.ts";

/** A message to a helper: the shared table once, then a set to search. */
export type HelperMessage =
  | { kind: "table"; bits: number; table: SharedArrayBuffer }
  | { kind: "search"; solutions: SharedArrayBuffer; n: number; control: Int32Array };

/** Helpers for the bot, and a way to end them. */
export interface Helpers {
  readonly helpers: SplitHelper[];
  /** Stop the threads (the process cannot end while they run). */
  close(): void;
}

/**
 * Start `count` helper threads over the shared `table` (2^bits buckets). A helper whose
 * thread fails says so to the next search (`start` returns false) instead of stalling it.
 */
export function startHelpers(count: number, bits: number, table: SharedArrayBuffer): Helpers {
  const workers: Worker[] = [];
  const helpers: SplitHelper[] = [];
  for (let k = 0; k < count; k++) {
    const w = new Worker(workerUrl("play"), { type: "module" });
    workers.push(w);
    let alive = true;
    w.onerror = (e) => {
      e.preventDefault();
      alive = false;
    };
    w.postMessage({ kind: "table", bits, table } satisfies HelperMessage);
    helpers.push({
      start(sols, n, control) {
        if (!alive) return false;
        // A buffer of its own each time: a helper late to stop may still read the last one.
        const solutions = new SharedArrayBuffer(n * 81);
        new Uint8Array(solutions).set(sols.subarray(0, n * 81));
        w.postMessage({ kind: "search", solutions, n, control } satisfies HelperMessage);
        return true;
      },
    });
  }
  return {
    helpers,
    close() {
      for (const w of workers) w.terminate();
    },
  };
}
