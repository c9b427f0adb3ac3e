/**
 * Test helper of `endgame_shared_test.ts`: a thread that calls one method of
 * {@linkcode SharedMoves} many times on state it shares with another such thread, both
 * starting together, to show that concurrent calls lose nothing.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { SharedMoves } from "./endgame_shared.ts";

/** What to do: the shared state, a start gate both threads pass, the call and how often. */
export interface HammerTask {
  /** The shared state (`SharedMoves.control`). */
  readonly control: Int32Array;
  /** `[threads arrived]`: each thread waits until all `threads` are there. */
  readonly gate: Int32Array;
  /** Threads that take part. */
  readonly threads: number;
  /** `publish`: refute move 0 with 1 node; `next`: take (or join) a move. */
  readonly call: "publish" | "next";
  /** Calls each thread makes. */
  readonly times: number;
}

self.onmessage = (e: MessageEvent<HammerTask>) => {
  const { control, gate, threads, call, times } = e.data;
  const shared = new SharedMoves(control);
  Atomics.add(gate, 0, 1);
  while (Atomics.load(gate, 0) < threads) {
    // Spin: the threads start their calls as close together as possible.
  }
  const got: number[] = [];
  for (let k = 0; k < times; k++) {
    if (call === "publish") shared.publish(0, 2, 1);
    else got.push(shared.next());
  }
  self.postMessage(got);
};
