/**
 * Worker thread of `count --jobs N`: counts the batches and the search parts it is sent
 * and posts back the results, each grid's as soon as a slow grid after it makes it wait.
 * While it counts a lone large grid it gives branches of the search away when another
 * worker is idle (see `pool.ts`, `Pool`).
 *
 * @module
 */

/// <reference lib="deno.worker" />

import type { SearchControl } from "../../lib/solve/mod.ts";
import { type Batch, countBatch, countGrid, type CountSettings, epochNow } from "./batch.ts";
import { PIECE } from "./format.ts";
import { type FromWorker, takeOne, type ToWorker } from "./pool.ts";
import { REDRAW_EVERY as PROGRESS_EVERY, SLOW_AFTER } from "./settings.ts";

let index = -1;
let hungry: Int32Array | undefined;
let cancel: Int32Array | undefined;
/** Jobs finished per worker, read by the pool without waiting for its messages. */
let done: Int32Array | undefined;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

/**
 * A control for the job `token` of batch `id` over `cells`: gives when a worker is idle.
 * `deadline` travels with every branch given away, so all parts of a grid stop together.
 */
function shareFor(
  id: number,
  token: number,
  cells: Uint8Array,
  size: number,
  deadline: number | undefined,
): SearchControl {
  const idle = hungry!;
  const stops = cancel!;
  return {
    poll() {
      if (Atomics.load(stops, index) === token) return "stop";
      // Claim one idle worker; another donor may have claimed it first.
      return takeOne(idle) ? "split" : "go";
    },
    give(allowed, allowedHigh, nogoods) {
      const transfer: Transferable[] = [allowed.buffer as ArrayBuffer];
      if (allowedHigh !== undefined) transfer.push(allowedHigh.buffer as ArrayBuffer);
      if (nogoods !== undefined) transfer.push(nogoods.buffer as ArrayBuffer);
      post(
        { kind: "give", id, cells: cells.slice(), size, allowed, allowedHigh, nogoods, deadline },
        transfer,
      );
    },
  };
}

/**
 * Reports the progress of a slow grid (batch `id`, puzzle `puzzle` at `line`, started at
 * `start`), at most every {@linkcode PROGRESS_EVERY} ms once it has run
 * {@linkcode SLOW_AFTER} ms; does nothing unless the settings ask for progress.
 */
function progressFor(settings: CountSettings, id: number) {
  let last = 0;
  return (puzzle: number, line: number, start: number, nodes: number, solutions: number) => {
    if (!settings.progress) return;
    const now = epochNow();
    if (now - start < SLOW_AFTER || now - last < PROGRESS_EVERY) return;
    last = now;
    post({ kind: "progress", worker: index, id, puzzle, line, nodes, solutions, start });
  };
}

function countJob(data: ToWorker): void {
  if (data.kind === "init") {
    index = data.index;
    hungry = data.hungry;
    cancel = data.cancel;
    done = data.done;
    // Loaded: the pool may send batches here instead of counting them itself.
    Atomics.store(done, index, 0);
    return;
  }
  const settings: CountSettings = data.settings;
  if (data.kind === "part") {
    const share = shareFor(data.id, data.token, data.cells, data.size, data.deadline);
    const start = epochNow();
    const progress = progressFor(settings, data.id);
    const result = countGrid(data.cells, data.size, settings, {
      allowed: data.allowed,
      allowedHigh: data.allowedHigh,
      nogoods: data.nogoods,
      share,
      deadline: data.deadline,
      onPoll: (nodes, solutions) => progress(data.puzzle, data.line, start, nodes, solutions),
    });
    post({ kind: "part", id: data.id, token: data.token, result, end: epochNow() });
    return;
  }
  const batch: Batch = data.batch;
  if (batch.sizes.length !== 1 || settings.solutions || hungry === undefined) {
    let text = "";
    let grids = 0;
    let misses = 0;
    const flush = () => {
      if (grids === 0 && text === "") return;
      post({ kind: "partial", id: batch.id, text, grids, misses });
      text = "";
      grids = 0;
      misses = 0;
    };
    const progress = progressFor(settings, batch.id);
    countBatch(batch, settings, (t, m, g) => {
      text += t;
      grids += g;
      misses += m;
      // A grid of much text goes out in its pieces: one string may not hold it.
      if (text.length >= PIECE) flush();
    }, (k, start, nodes, solutions) => {
      // A slow grid: what the batch counted before it goes out now.
      flush();
      progress(batch.indexes[k], batch.lines[k], start, nodes, solutions);
    });
    post({ kind: "text", id: batch.id, token: data.token, text, grids, misses });
    return;
  }
  // A lone grid (large sizes come one per batch): its search may be shared.
  const size = batch.sizes[0];
  const start = epochNow();
  const deadline = settings.timeLimit > 0 ? start + settings.timeLimit : undefined;
  const progress = progressFor(settings, batch.id);
  const [puzzle, line] = [batch.indexes[0], batch.lines[0]];
  const result = countGrid(batch.cells, size, settings, {
    share: shareFor(batch.id, data.token, batch.cells, size, deadline),
    deadline,
    onPoll: (nodes, solutions) => progress(puzzle, line, start, nodes, solutions),
  });
  post({ kind: "grid", batch, token: data.token, result, start, end: epochNow() });
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  try {
    countJob(e.data);
  } catch (error) {
    post({
      kind: "error",
      id: e.data.kind === "init" ? -1 : e.data.kind === "part" ? e.data.id : e.data.batch.id,
      token: e.data.kind === "init" ? -1 : e.data.token,
      error: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack !== undefined ? { stack: error.stack } : {}),
    });
  } finally {
    // After the job's last message: the pool may now count it as done.
    if (e.data.kind !== "init") Atomics.add(done!, index, 1);
  }
};
