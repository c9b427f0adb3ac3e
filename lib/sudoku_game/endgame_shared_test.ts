import assert from "node:assert/strict";
import { SharedMoves } from "./endgame_shared.ts";
import type { HammerTask } from "./endgame_shared_test_worker.ts";

const LOSS = 2;

/** Run `task` in two threads at once; what `next` returned in each. */
async function hammer(task: Omit<HammerTask, "gate" | "threads">): Promise<number[][]> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const url = new URL("./endgame_shared_test_worker.ts", import.meta.url);
  const workers = [0, 1].map(() => new Worker(url, { type: "module" }));
  try {
    return await Promise.all(workers.map((w) =>
      new Promise<number[]>((resolve, reject) => {
        w.onmessage = (e) => resolve(e.data);
        w.onerror = (e) => {
          e.preventDefault();
          reject(new Error(e.message));
        };
        w.postMessage({ ...task, gate, threads: 2 } satisfies HammerTask);
      })
    ));
  } finally {
    for (const w of workers) w.terminate();
  }
}

/** `k` (at most 729) distinct open moves. */
function openMoves(k: number) {
  return Array.from({ length: k }, (_, i) => ({ cell: i / 9 | 0, digit: 1 + i % 9, status: 0 }));
}

Deno.test("shared moves: refutations published by two threads at once all count", async () => {
  // Join rule 1 × the mean refutation: the threshold is that mean, 1 node when every
  // refutation took 1; an update lost between a load and a store makes it less.
  // (Whether the threads overlap is up to the machine: on a busy one they may take turns,
  // and then this cannot catch a lost update; the window of `next` below is far wider.)
  const shared = SharedMoves.create(openMoves(1), 0, { factor: 1, floor: 0 });
  const times = 300_000;
  await hammer({ control: shared.control, call: "publish", times });
  assert.equal(shared.nodes(0), 2 * times);
  assert.equal(shared.joinThreshold, 1);
});

Deno.test("shared moves: of two threads asking at once, one joins each long move", async () => {
  const k = 720;
  const shared = SharedMoves.create(openMoves(k), 0, { factor: 0, floor: 1 });
  // This thread takes every move (none is long yet), then each reports a long search,
  // move i the i-th longest, so both threads want the same move at the same time.
  for (let i = 0; i < k; i++) assert.equal(shared.next(), i);
  for (let i = 0; i < k; i++) shared.progress(i, 1 + i);
  const got = await hammer({ control: shared.control, call: "next", times: k / 2 });
  // k calls, k long moves with one joiner each: every move exactly once.
  assert.deepEqual(got.flat().sort((a, b) => a - b), Array.from({ length: k }, (_, i) => i));
});

Deno.test("shared moves: named by cell and digit, matched in any order", () => {
  const moves = [
    { cell: 80, digit: 9, status: 0 },
    { cell: 0, digit: 1, status: LOSS },
    { cell: 40, digit: 5, status: 0 },
  ];
  const shared = SharedMoves.create(moves, 1);
  assert.deepEqual(
    moves.map((_, i) => [shared.cell(i), shared.digit(i), shared.status(i)]),
    moves.map((m) => [m.cell, m.digit, m.status]),
  );
  const mine = [...moves].reverse().map((m) => ({ cell: m.cell, digit: m.digit }));
  assert.deepEqual(shared.order(mine), moves.map((m) => ({ cell: m.cell, digit: m.digit })));
  // More moves than the list's are fine (the rest are not shared); one missing is not.
  assert.deepEqual(shared.order([...mine, { cell: 3, digit: 3 }])?.length, 3);
  assert.equal(shared.order(mine.slice(1)), undefined);
  assert.equal(shared.order(mine.map((m) => ({ ...m, digit: m.digit === 9 ? 8 : 9 }))), undefined);
});

Deno.test("shared moves: a wait for idle helpers needs a deadline", () => {
  const shared = SharedMoves.create(openMoves(2), 1);
  assert.throws(() => shared.waitIdle(Infinity), RangeError);
  assert.throws(() => shared.waitIdle(NaN), RangeError);
  // A helper that never reports done: the wait ends at its deadline, saying so.
  assert.equal(shared.waitIdle(1), false);
  shared.done();
  assert.equal(shared.waitIdle(0), true);
});
