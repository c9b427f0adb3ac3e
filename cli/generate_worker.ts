/**
 * Worker thread of `generate --jobs N`: generates the puzzles it is sent, one a message,
 * and posts back each one's line.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import {
  type GenerateSettings,
  type Maker,
  makerFor,
  renderPuzzle,
  type WorkerJob,
  type WorkerReply,
} from "./generate.ts";

let generator: Maker | undefined;
let made: GenerateSettings | undefined;

self.onmessage = (e: MessageEvent<WorkerJob>) => {
  const { settings, index, seed } = e.data;
  // One run sends the same settings every time: the generator is built once.
  if (generator === undefined || JSON.stringify(settings) !== JSON.stringify(made)) {
    generator = makerFor(settings);
    made = settings;
  }
  const reply: WorkerReply = { index, text: renderPuzzle(generator, settings, seed) };
  self.postMessage(reply);
};
