import assert from "node:assert/strict";
import { type Batch, countBatch, type CountSettings } from "./batch.ts";
import { Pool } from "./pool.ts";
import { CommandError, Output } from "../io.ts";

// JSON: each line names its puzzle, so the order shows.
const SETTINGS: CountSettings = {
  limit: 2,
  variant: undefined,
  format: "json",
  solutions: false,
  timeLimit: 0,
  progress: false,
};

/** A batch of `id` from one-per-line grids of any size ('.' empty, 1-9 then A-Z). */
function batchOf(id: number, first: number, lines: string[]): Batch {
  const sizes = Uint8Array.from(lines, (l) => Math.round(Math.sqrt(l.length)));
  const cells = new Uint8Array(lines.reduce((n, l) => n + l.length, 0));
  let i = 0;
  for (const line of lines) {
    for (const ch of line) {
      cells[i++] = ch === "." ? 0 : ch <= "9" ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 55;
    }
  }
  const at = Uint32Array.from(lines, (_, k) => first + k);
  return { id, sizes, indexes: at, lines: at.slice(), cells };
}

/** Output kept in memory, without the times. */
class Kept extends Output {
  text = "";
  override write(text: string): void {
    this.text += noTime(text);
  }
  override flush(): void {}
}

/** The 9×9 puzzles of a one-per-line file, cut into batches of `per`. */
function batches(path: string, per: number): Batch[] {
  const lines = Deno.readTextFileSync(new URL(path, import.meta.url)).split("\n")
    .filter((l) => l.length === 81);
  const out: Batch[] = [];
  for (let start = 0, id = 0; start < lines.length; start += per, id++) {
    const part = lines.slice(start, start + per);
    const cells = new Uint8Array(81 * part.length);
    part.forEach((line, k) => {
      for (let i = 0; i < 81; i++) {
        const c = line.charCodeAt(i);
        cells[81 * k + i] = c >= 49 && c <= 57 ? c - 48 : 0;
      }
    });
    out.push({
      id,
      sizes: new Uint8Array(part.length).fill(9),
      indexes: Uint32Array.from(part, (_, k) => start + k + 1),
      lines: Uint32Array.from(part, (_, k) => start + k + 1),
      cells,
    });
  }
  return out;
}

/** JSON lines without their times. */
function noTime(text: string): string {
  return text.replace(/"ms":[0-9.]+/g, "");
}

/** What one thread prints for the batches, counted in order. */
function reference(all: Batch[], settings = SETTINGS): string {
  let text = "";
  for (const b of all) countBatch(b, settings, (t) => text += noTime(t));
  return text;
}

/**
 * Runs the batches through a pool of `jobs`, this thread's share slowed by `slowMs` a
 * batch; returns what it printed, the batches this thread counted, and the workers started.
 * With `clockMsPerGrid`, the pool's clock is a fake one that advances that much for each
 * grid this thread counts, so that its choices do not depend on the machine's load.
 */
async function run(
  all: Batch[],
  jobs: number,
  slowMs: number,
  settings = SETTINGS,
  clockMsPerGrid?: number,
) {
  const out = new Kept();
  const here: number[] = [];
  let counted = 0;
  let misses = 0;
  let fake = 0;
  const pool = new Pool(
    jobs,
    settings,
    out,
    (batch, write, budget) => {
      here.push(batch.id);
      fake += (clockMsPerGrid ?? 0) * batch.sizes.length;
      const until = performance.now() + slowMs;
      while (performance.now() < until) { /* this thread is slow: a worker pays */ }
      return countBatch(batch, settings, write, undefined, budget);
    },
    () => undefined,
    (grids, missed) => {
      counted += grids;
      misses += missed;
    },
    () => {},
    clockMsPerGrid === undefined ? undefined : () => fake,
  );
  try {
    // Copies: the batches sent to workers are transferred away.
    for (const b of all) {
      // A started worker is waited for (its first load may include a type check), so
      // that the rest is shared whatever the machine's speed.
      const wait = Date.now() + 30_000;
      while (pool.started > pool.loaded && Date.now() < wait) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await pool.submit({
        ...b,
        sizes: b.sizes.slice(),
        indexes: b.indexes.slice(),
        lines: b.lines.slice(),
        cells: b.cells.slice(),
      });
    }
    await pool.drain();
  } finally {
    pool.close();
  }
  return { text: out.text, here, started: pool.started, counted, misses };
}

Deno.test("count pool: a short input is counted on this thread alone", async () => {
  const all = batches("../../testdata/count/serg_benchmark_2000.txt", 500);
  // 10 µs a grid, as on an idle core: 20 ms for the input, short of a worker's worth.
  const r = await run(all, 2, 0, SETTINGS, 0.01);
  assert.equal(r.text, reference(all));
  assert.deepEqual([r.started, r.here], [0, [0, 1, 2, 3]]);
});

Deno.test("count pool: a long input starts N - 1 workers, and both count, in input order", async () => {
  // Hard puzzles, so that the worker is still busy with earlier batches when this thread
  // counts a later one, whose output must then wait.
  const all = batches("../../testdata/count/forum_hardest_1905_11plus_2000.txt", 100);
  // 25 ms a batch: a worker starts at the fifth (100 ms). It is then given batches until
  // it holds two, this thread counts the next, and so on.
  const r = await run(all, 2, 25);
  assert.equal(r.text, reference(all));
  assert.equal(r.started, 1);
  const after = r.here.filter((id) => id > 4);
  assert.ok(after.length >= 1, `this thread counted ${r.here}`);
  assert.ok(after.length <= 12, `this thread counted ${r.here}`);
  // Still in order: the batches this thread kept are increasing.
  assert.deepEqual(r.here, [...r.here].sort((a, b) => a - b));
});

Deno.test("count pool: workers write solutions with the symbols of the settings", async () => {
  const settings: CountSettings = {
    ...SETTINGS,
    format: "text",
    solutions: true,
    symbols: "abcdefghi",
  };
  const all = batches("../../testdata/count/forum_hardest_1905_11plus_2000.txt", 100);
  // 25 ms a batch here: a worker starts at the fifth batch and shares the rest.
  const r = await run(all, 2, 25, settings);
  assert.equal(r.started, 1);
  assert.ok(r.here.length <= all.length - 5, `this thread counted ${r.here}`);
  assert.equal(r.text, reference(all, settings));
  const lines = r.text.trimEnd().split("\n");
  assert.equal(lines.length, 2 * 2000);
  for (const [k, line] of lines.entries()) {
    assert.match(line, k % 2 === 0 ? /^1$/ : /^[a-i]{81}$/, `line ${k + 1}`);
  }
});

Deno.test("count pool: solve's shapes come out of the workers as out of this thread", async (t) => {
  // Hard puzzles (unique), then some with several solutions: the misses are those.
  const hard = batches("../../testdata/count/forum_hardest_1905_11plus_2000.txt", 100);
  const serg = batches("../../testdata/count/serg_benchmark_2000.txt", 100).slice(0, 3)
    .map((b, k) => ({ ...b, id: hard.length + k }));
  const all = [...hard, ...serg];
  for (const format of ["line", "readable", "json", "svg"] as const) {
    await t.step(format, async () => {
      const settings: CountSettings = { ...SETTINGS, command: "solve", solutions: true, format };
      const r = await run(all, 2, 25, settings);
      assert.equal(r.started, 1);
      assert.ok(r.here.length <= all.length - 5, `this thread counted ${r.here}`);
      assert.equal(r.text, reference(all, settings));
      assert.deepEqual([r.counted, r.misses], [2300, 300]);
    });
  }
});

Deno.test("count pool: a large grid that outruns its time here goes to the workers", async () => {
  // Text: a shared search's node count differs from one thread's, its count does not.
  const settings: CountSettings = { ...SETTINGS, format: "text", limit: 3000 };
  const easy = Deno.readTextFileSync(
    new URL("../../testdata/count/sudoku16_vu_kr_100.txt", import.meta.url),
  )
    .split("\n").filter((l) => l.length === 256);
  // 3,000 solutions of the empty 16×16 grid take about 0.3 s; easy puzzles a few ms.
  const all = [
    batchOf(0, 1, easy.slice(0, 8)),
    batchOf(1, 9, [easy[8], ".".repeat(256), easy[9]]),
    batchOf(2, 12, easy.slice(10, 18)),
  ];
  const want = reference(all, settings);
  assert.match(want, /^(1\n){9}3000\+\n(1\n){9}$/);
  const r = await run(all, 2, 0, settings);
  assert.equal(r.text, want);
  // The first batch and the start of the second here, then workers: two, to share it.
  assert.deepEqual([r.here, r.started], [[0, 1], 2]);
});

Deno.test("count pool: batches hold about 10 ms of counting at the pace seen", async () => {
  const all = batches("../../testdata/count/serg_benchmark_2000.txt", 4);
  const pool = new Pool(
    2,
    SETTINGS,
    new Kept(),
    (batch, write) => {
      // 5 ms a grid.
      const until = performance.now() + 5 * batch.sizes.length;
      while (performance.now() < until) { /* slow grids */ }
      return countBatch(batch, SETTINGS, write);
    },
    () => undefined,
    () => {},
  );
  try {
    assert.equal(pool.batchSize(9, 512), 8);
    assert.equal(pool.batchSize(16, 8), 8);
    await pool.submit(all[0]);
    assert.equal(pool.batchSize(9, 512), 1);
    assert.equal(pool.batchSize(4, 512), 1);
    assert.equal(pool.batchSize(16, 8), 8);
  } finally {
    pool.close();
  }
});

Deno.test("count pool: a lone large grid past its budget is shared with a worker", async () => {
  // 10,000 solutions of the empty 16×16 grid take about a second here; past 100 ms a
  // worker starts and, once loaded, is handed branches of the search.
  const settings: CountSettings = { ...SETTINGS, limit: 10_000 };
  const all = [batchOf(0, 1, [".".repeat(256)])];
  const r = await run(all, 2, 0, settings);
  // The kept text has lost its times: `"nodes":N,,"parts"`.
  const o = JSON.parse(r.text.replace(",,", ","));
  assert.deepEqual([o.puzzle, o.count, o.exact], [1, 10_000, false]);
  assert.ok(o.parts >= 2, r.text);
  // Counted by the pool itself, not through `here`; a second worker joins if the first is
  // still busy when this thread's part ends.
  assert.deepEqual(r.here, []);
  assert.ok(r.started >= 1 && r.started <= 2);
});

Deno.test("count pool: a worker's failure is a bug, an internal error with the worker's stack", async () => {
  // Grids reach workers checked; one that is not (a value of 17 in a 16×16) makes the
  // worker's count throw, as a bug there would. It must not pass for bad input (exit 2).
  const settings: CountSettings = { ...SETTINGS, limit: 10_000 };
  const all = [batchOf(0, 1, [".".repeat(256)]), batchOf(1, 2, ["H" + ".".repeat(255)])];
  await assert.rejects(() => run(all, 2, 0, settings), (e: unknown) => {
    assert.ok(e instanceof Error && !(e instanceof CommandError), String(e));
    assert.equal(e.message, "a worker failed: cell 0: value 17 is outside 0..16");
    assert.match(e.stack ?? "", /cli\/count\/worker\.ts/);
    return true;
  });
});
