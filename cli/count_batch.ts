/**
 * Counting a batch of grids into output text: the one piece of `count` that runs both on
 * the main thread (`--jobs 1`) and in worker threads, so both print the same thing.
 *
 * @module
 */

import { countSolutions, type Variant } from "../lib/count.ts";
import { formatLine } from "../lib/parse.ts";

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

/** Count every grid of a batch and return the output text (complete lines). */
export function countBatch(batch: Batch, settings: CountSettings): string {
  let out = "";
  let offset = 0;
  const collected: string[] = [];
  for (let k = 0; k < batch.sizes.length; k++) {
    const size = batch.sizes[k];
    const cells = batch.cells.subarray(offset, offset + size * size);
    offset += size * size;
    collected.length = 0;
    const onSolution = settings.solutions
      ? (s: Uint8Array) => {
        collected.push(formatLine(s, size));
      }
      : undefined;
    const start = settings.format === "json" ? performance.now() : 0;
    const r = countSolutions(cells, size, {
      limit: settings.limit,
      variant: settings.variant,
      onSolution,
    });
    if (settings.format === "text") {
      out += r.exact ? `${r.count}\n` : `${r.count}+\n`;
      for (const s of collected) out += s + "\n";
    } else {
      const ms = Math.round((performance.now() - start) * 1000) / 1000;
      out += JSON.stringify({
        puzzle: batch.indexes[k],
        line: batch.lines[k],
        size,
        count: r.count,
        exact: r.exact,
        nodes: r.nodes,
        ms,
        ...(r.conflict === undefined ? {} : { conflict: r.conflict }),
        ...(settings.solutions ? { solutions: collected } : {}),
      }) + "\n";
    }
  }
  return out;
}
