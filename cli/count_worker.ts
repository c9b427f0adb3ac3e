/**
 * Worker thread of `count --jobs N`: counts the batches and the search parts it is sent
 * and posts back the results. While it counts a lone large grid it gives branches of the
 * search away when another worker is idle (see `count.ts`, `Pool`).
 *
 * @module
 */

/// <reference lib="deno.worker" />

import type { SearchControl } from "../lib/solve/count.ts";
import { type Batch, countBatch, countGrid, type CountSettings } from "./count_batch.ts";
import { type FromWorker, takeOne, type ToWorker } from "./count_pool.ts";

let index = -1;
let hungry: Int32Array | undefined;
let cancel: Int32Array | undefined;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

/** A control for the job `token` of batch `id` over `cells`: gives when a worker is idle. */
function controlFor(id: number, token: number, cells: Uint8Array, size: number): SearchControl {
  const idle = hungry!;
  const stops = cancel!;
  return {
    poll() {
      if (Atomics.load(stops, index) === token) return "stop";
      // Claim one idle worker; another donor may have claimed it first.
      return takeOne(idle) ? "split" : "go";
    },
    give(allowed, allowedHigh) {
      const transfer: Transferable[] = [allowed.buffer as ArrayBuffer];
      if (allowedHigh !== undefined) transfer.push(allowedHigh.buffer as ArrayBuffer);
      post({ kind: "give", id, cells: cells.slice(), size, allowed, allowedHigh }, transfer);
    },
  };
}

function now(): number {
  return performance.timeOrigin + performance.now();
}

function countJob(data: ToWorker): void {
  if (data.kind === "init") {
    index = data.index;
    hungry = data.hungry;
    cancel = data.cancel;
    return;
  }
  const settings: CountSettings = data.settings;
  if (data.kind === "part") {
    const control = controlFor(data.id, data.token, data.cells, data.size);
    const result = countGrid(
      data.cells,
      data.size,
      settings,
      data.allowed,
      data.allowedHigh,
      control,
    );
    post({ kind: "part", id: data.id, token: data.token, result, end: now() });
    return;
  }
  const batch: Batch = data.batch;
  if (batch.sizes.length !== 1 || settings.solutions || hungry === undefined) {
    post({ kind: "text", id: batch.id, token: data.token, text: countBatch(batch, settings) });
    return;
  }
  // A lone grid (large sizes come one per batch): its search may be shared.
  const size = batch.sizes[0];
  const start = now();
  const control = controlFor(batch.id, data.token, batch.cells, size);
  const result = countGrid(batch.cells, size, settings, undefined, undefined, control);
  post({ kind: "grid", batch, token: data.token, result, start, end: now() });
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
    });
  }
};
