/**
 * Worker thread of `count --jobs N`: counts the batches it is sent and posts back the text.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { type Batch, countBatch, type CountSettings } from "./count_batch.ts";

self.onmessage = (e: MessageEvent<{ batch: Batch; settings: CountSettings }>) => {
  const { batch, settings } = e.data;
  try {
    self.postMessage({ id: batch.id, text: countBatch(batch, settings) });
  } catch (error) {
    self.postMessage({
      id: batch.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
