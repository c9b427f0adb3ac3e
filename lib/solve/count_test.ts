import assert from "node:assert/strict";
import {
  collectSolutions,
  countSolutions,
  defaultVariant,
  STOP_EVERY,
  type Variant,
} from "./count.ts";
import { Rng } from "../grid/mod.ts";

/** Deterministic floats in [0, 1), so failures reproduce. */
function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

function blockSide(s: number): number {
  for (let b = 1; b * b <= s; b++) if (b * b === s) return b;
  return 0;
}

/** Whether cells i and j (distinct) constrain each other under `variant`. */
function peers(i: number, j: number, s: number, variant: Variant): boolean {
  const ri = Math.floor(i / s), ci = i % s, rj = Math.floor(j / s), cj = j % s;
  if (ri === rj || ci === cj) return true;
  if (variant === "latin") return false;
  const b = blockSide(s);
  if (Math.floor(ri / b) === Math.floor(rj / b) && Math.floor(ci / b) === Math.floor(cj / b)) {
    return true;
  }
  if (variant === "x") {
    if (ri === ci && rj === cj) return true;
    if (ri + ci === s - 1 && rj + cj === s - 1) return true;
  }
  return false;
}

/**
 * Reference counter: plain row-major backtracking that tries every value of every empty
 * cell and checks it against every other cell. Counts up to `limit`; returns the solutions.
 */
function refCount(
  grid: Uint8Array,
  s: number,
  variant: Variant,
  limit: number,
  allowed?: Uint32Array,
): { count: number; solutions: string[] } {
  const g = Array.from(grid);
  const n = s * s;
  const allows = (i: number, v: number) =>
    allowed === undefined || ((allowed[i] >>> (v - 1)) & 1) === 1;
  const fits = (i: number, v: number) => {
    for (let j = 0; j < n; j++) if (j !== i && g[j] === v && peers(i, j, s, variant)) return false;
    return true;
  };
  for (let i = 0; i < n; i++) {
    if (g[i] !== 0 && (!fits(i, g[i]) || !allows(i, g[i]))) return { count: 0, solutions: [] };
  }
  const solutions: string[] = [];
  const rec = (from: number) => {
    let i = from;
    while (i < n && g[i] !== 0) i++;
    if (i === n) {
      solutions.push(g.join(","));
      return;
    }
    for (let v = 1; v <= s && solutions.length < limit; v++) {
      if (!allows(i, v) || !fits(i, v)) continue;
      g[i] = v;
      rec(i + 1);
      g[i] = 0;
    }
  };
  rec(0);
  return { count: solutions.length, solutions };
}

/** Whether `sol` is a complete grid obeying `variant` and extending `givens`. */
function validSolution(sol: Uint8Array, givens: Uint8Array, s: number, variant: Variant): boolean {
  const n = s * s;
  if (sol.length !== n) return false;
  for (let i = 0; i < n; i++) {
    if (sol[i] < 1 || sol[i] > s) return false;
    if (givens[i] !== 0 && givens[i] !== sol[i]) return false;
    for (let j = i + 1; j < n; j++) if (sol[i] === sol[j] && peers(i, j, s, variant)) return false;
  }
  return true;
}

/** A random full grid valid under `variant` (sudoku pattern with shuffles, or found by search). */
function randomSolution(s: number, variant: Variant, rand: () => number): Uint8Array {
  const b = blockSide(s);
  const syms = Array.from({ length: s }, (_, i) => i + 1).sort(() => rand() - 0.5);
  const g = new Uint8Array(s * s);
  if (variant === "x" && s === 9) {
    // Relabelling the symbols of a Sudoku-X solution gives another one.
    const X9 = "123456789789123456456789123637218945918534267542697831364972518871345692295861374";
    for (let i = 0; i < 81; i++) g[i] = syms[X9.charCodeAt(i) - 49];
    assert.ok(validSolution(g, new Uint8Array(81), 9, "x"));
    return g;
  }
  if (variant === "x") {
    // Randomised backtracking (small sizes only).
    const order = (i: number) => syms.map((v) => ((v + i) % s) + 1).sort(() => rand() - 0.5);
    const rec = (i: number): boolean => {
      if (i === s * s) return true;
      for (const v of order(i)) {
        let ok = true;
        for (let j = 0; j < i && ok; j++) if (g[j] === v && peers(i, j, s, "x")) ok = false;
        if (!ok) continue;
        g[i] = v;
        if (rec(i + 1)) return true;
        g[i] = 0;
      }
      return false;
    };
    assert.ok(rec(0));
    return g;
  }
  // Rows permuted within bands and bands permuted keep the sudoku property; for Latin
  // squares any row and column permutation does.
  const perm = (k: number) => Array.from({ length: k }, (_, i) => i).sort(() => rand() - 0.5);
  let rows: number[];
  let cols: number[];
  if (variant === "sudoku") {
    const bands = perm(b);
    const stacks = perm(b);
    rows = bands.flatMap((band) => perm(b).map((r) => band * b + r));
    cols = stacks.flatMap((st) => perm(b).map((c) => st * b + c));
  } else {
    rows = perm(s);
    cols = perm(s);
  }
  for (let r = 0; r < s; r++) {
    for (let c = 0; c < s; c++) {
      const rr = rows[r], cc = cols[c];
      const k = variant === "sudoku" ? (b * (rr % b) + Math.floor(rr / b) + cc) % s : (rr + cc) % s;
      g[r * s + c] = syms[k];
    }
  }
  return g;
}

/** Blank `empties` random cells of `full`, then maybe disturb a few givens. */
function puzzleFrom(full: Uint8Array, s: number, empties: number, rand: () => number, noise = 0) {
  const g = full.slice();
  const idx = Array.from({ length: s * s }, (_, i) => i).sort(() => rand() - 0.5);
  for (let k = 0; k < Math.min(empties, idx.length); k++) g[idx[k]] = 0;
  for (let k = 0; k < noise; k++) {
    g[Math.floor(rand() * s * s)] = 1 + Math.floor(rand() * s);
  }
  return g;
}

/** Compare countSolutions with the reference on one grid, for several limits. */
function check(
  grid: Uint8Array,
  s: number,
  variant: Variant,
  limits: number[],
  what: string,
  allowed?: Uint32Array,
) {
  for (const limit of limits) {
    const ref = refCount(grid, s, variant, limit, allowed);
    const seen: string[] = [];
    const r = countSolutions(grid, s, {
      limit,
      variant,
      allowed,
      onSolution: (sol) => {
        assert.ok(validSolution(sol, grid, s, variant), `${what}: invalid solution ${sol}`);
        seen.push(Array.from(sol).join(","));
      },
    });
    const msg = `${what} ${variant} limit ${limit}: ${Array.from(grid).join("")}`;
    assert.equal(r.count, ref.count, msg);
    assert.equal(r.exact, ref.count < limit, msg);
    assert.equal(seen.length, r.count, `${msg}: callbacks`);
    assert.equal(new Set(seen).size, seen.length, `${msg}: distinct solutions`);
    if (allowed !== undefined) {
      for (const sol of seen) {
        const v = sol.split(",").map(Number);
        assert.ok(
          v.every((d, i) => (allowed[i] >>> (d - 1)) & 1),
          `${msg}: solution outside allowed`,
        );
      }
    }
    if (ref.count < limit) assert.deepEqual([...seen].sort(), [...ref.solutions].sort(), msg);
  }
}

Deno.test("countSolutions agrees with a brute-force counter", async (t) => {
  await t.step("4×4 sudoku, x and latin: random puzzles, with conflicts and dead ends", () => {
    const rand = rng(30);
    for (const variant of ["sudoku", "x", "latin"] as const) {
      for (let k = 0; k < 120; k++) {
        const full = randomSolution(4, variant, rand);
        const g = puzzleFrom(full, 4, Math.floor(rand() * 17), rand, k % 3 === 0 ? 1 + (k % 2) : 0);
        check(g, 4, variant, [1, 2, 3, 1000], "4×4");
      }
    }
  });

  await t.step("Latin squares of order 1..6, sparse random givens", () => {
    const rand = rng(31);
    for (let s = 1; s <= 6; s++) {
      for (let k = 0; k < 40; k++) {
        const g = new Uint8Array(s * s);
        const givens = Math.floor(rand() * (s + 2));
        for (let j = 0; j < givens; j++) g[Math.floor(rand() * s * s)] = 1 + Math.floor(rand() * s);
        check(g, s, "latin", s <= 4 ? [1, 2, 1000] : [1, 2, 30], `latin ${s}`);
      }
    }
  });

  await t.step("9×9 sudoku, x and latin with few empties", () => {
    const rand = rng(32);
    for (const variant of ["sudoku", "x", "latin"] as const) {
      for (let k = 0; k < 40; k++) {
        const full = randomSolution(9, variant, rand);
        const g = puzzleFrom(full, 9, 10 + Math.floor(rand() * 30), rand, k % 4 === 0 ? 1 : 0);
        check(g, 9, variant, [1, 2, 50], "9×9");
      }
    }
  });

  await t.step("16×16 and 25×25 with few empties", () => {
    const rand = rng(33);
    for (const s of [16, 25]) {
      for (const variant of ["sudoku", "latin"] as const) {
        for (let k = 0; k < 6; k++) {
          const full = randomSolution(s, variant, rand);
          const g = puzzleFrom(full, s, 20 + Math.floor(rand() * 20), rand, k % 3 === 0 ? 1 : 0);
          check(g, s, variant, [2, 20], `${s}×${s}`);
        }
      }
    }
  });

  await t.step("sizes above 32 (two words per set): 36 sudoku, latin 33..40 and 64", () => {
    const rand = rng(34);
    for (
      const [s, variant] of [[36, "sudoku"], [33, "latin"], [37, "latin"], [40, "latin"], [
        64,
        "latin",
      ], [64, "sudoku"]] as const
    ) {
      for (let k = 0; k < 3; k++) {
        const full = randomSolution(s, variant, rand);
        const g = puzzleFrom(full, s, 15 + Math.floor(rand() * 15), rand, k === 2 ? 1 : 0);
        check(g, s, variant, [2, 10], `${s}×${s}`);
      }
    }
  });

  await t.step("allowed masks restrict empty cells (4×4, 9×9, 16×16)", () => {
    const rand = rng(35);
    for (const [s, empties] of [[4, 16], [4, 10], [9, 20], [16, 30]] as const) {
      for (let k = 0; k < 30; k++) {
        const full = randomSolution(s, "sudoku", rand);
        const g = puzzleFrom(full, s, empties, rand);
        const allowed = new Uint32Array(s * s).fill(2 ** s - 1);
        for (let j = 0; j < 3 + s; j++) {
          const c = Math.floor(rand() * s * s);
          if (g[c] === 0) allowed[c] &= ~(1 << Math.floor(rand() * s));
        }
        check(g, s, "sudoku", [1, 2, 500], `allowed ${s}×${s}`, allowed);
      }
    }
  });

  await t.step("a given outside its allowed mask counts the same for every engine", () => {
    // The Engine contract: `allowed` restricts each cell. The general engine answers 0;
    // the 9×9 sudoku engine must not answer otherwise.
    for (const [s, variant] of [[4, "sudoku"], [9, "latin"], [9, "x"], [9, "sudoku"]] as const) {
      const full = randomSolution(s, variant, rng(36));
      const g = puzzleFrom(full, s, 5, rng(37));
      const given = g.findIndex((v) => v !== 0);
      const allowed = new Uint32Array(s * s).fill(2 ** s - 1);
      allowed[given] &= ~(1 << (g[given] - 1));
      const r = countSolutions(g, s, { variant, limit: 2, allowed });
      assert.equal(
        r.count,
        0,
        `${s}×${s} ${variant}: given ${g[given]} at ${given} outside its mask`,
      );
    }
  });
});

Deno.test("countSolutions known totals", async (t) => {
  await t.step("288 completions of the empty 4×4 sudoku", () => {
    assert.deepEqual(
      (({ count, exact }) => ({ count, exact }))(
        countSolutions(new Uint8Array(16), 4, { limit: 1000 }),
      ),
      { count: 288, exact: true },
    );
  });
  await t.step("576 Latin squares of order 4, 161,280 of order 5", () => {
    const r4 = countSolutions(new Uint8Array(16), 4, { limit: 1000, variant: "latin" });
    assert.equal(r4.count, 576);
    assert.equal(r4.exact, true);
    const r5 = countSolutions(new Uint8Array(25), 5, { limit: 200000 });
    assert.equal(r5.count, 161280);
    assert.equal(r5.exact, true);
  });
  await t.step("empty 4×4 Sudoku-X matches the brute-force total", () => {
    const ref = refCount(new Uint8Array(16), 4, "x", Infinity).count;
    assert.equal(countSolutions(new Uint8Array(16), 4, { limit: 1000, variant: "x" }).count, ref);
  });
  await t.step("size 1", () => {
    assert.equal(countSolutions(Uint8Array.of(0), 1).count, 1);
    assert.equal(countSolutions(Uint8Array.of(1), 1).count, 1);
    assert.equal(countSolutions(Uint8Array.of(0), 1, { variant: "x" }).exact, true);
  });
  await t.step("defaultVariant: sudoku for perfect squares, latin otherwise", () => {
    for (let s = 1; s <= 64; s++) {
      assert.equal(defaultVariant(s), blockSide(s) > 0 ? "sudoku" : "latin", `size ${s}`);
    }
  });
});

const VERDICT_SAMPLE = [
  "003900760040006009607010004200670090004305600010049007700090201300200040029008500",
  "003900760040006009600010004000670090004005600010049000700090201300200040020008500",
  "003900760040006009607010004200670090004305600010049007720090201300200040029008500",
  "003900760040006009607010004200670090004305600010049007750090201300200040029008500",
].map((line) => Uint8Array.from(line, Number));

Deno.test("countSolutions on the verdict sample", async (t) => {
  await t.step("grid 1: one solution, exact", () => {
    const r = countSolutions(VERDICT_SAMPLE[0], 9, { limit: 2 });
    assert.deepEqual([r.count, r.exact, r.conflict], [1, true, undefined]);
    assert.equal(countSolutions(VERDICT_SAMPLE[0], 9, { limit: 1 }).exact, false);
  });
  await t.step("grid 2: 2+ (limit reached, not exact)", () => {
    const r = countSolutions(VERDICT_SAMPLE[1], 9, { limit: 2 });
    assert.deepEqual([r.count, r.exact, r.conflict], [2, false, undefined]);
    const ref = refCount(VERDICT_SAMPLE[1], 9, "sudoku", 1000);
    const all = countSolutions(VERDICT_SAMPLE[1], 9, { limit: 1000 });
    assert.equal(all.count, ref.count);
    assert.equal(all.exact, ref.count < 1000);
  });
  await t.step("grid 3: a conflict, count 0 with the reason", () => {
    const r = countSolutions(VERDICT_SAMPLE[2], 9, { limit: 2 });
    assert.deepEqual(r, {
      count: 0,
      exact: true,
      nodes: 0,
      conflict: "2 is duplicated in block 7",
    });
  });
  await t.step("grid 4: legal givens, no completion", () => {
    const r = countSolutions(VERDICT_SAMPLE[3], 9, { limit: 2 });
    assert.deepEqual([r.count, r.exact, r.conflict], [0, true, undefined]);
    assert.equal(refCount(VERDICT_SAMPLE[3], 9, "sudoku", 2).count, 0);
  });
});

Deno.test("countSolutions conflicts and limits", async (t) => {
  await t.step("conflicts give count 0, exact, and the first duplicate described", () => {
    const g = new Uint8Array(16);
    g[0] = g[3] = 2;
    for (const variant of ["sudoku", "x", "latin"] as const) {
      const r = countSolutions(g, 4, { limit: 10, variant });
      assert.equal(r.count, 0);
      assert.equal(r.exact, true);
      assert.equal(r.conflict, "2 is repeated in row 1");
    }
    const d = new Uint8Array(16);
    d[0] = d[15] = 3;
    assert.equal(countSolutions(d, 4, { variant: "x" }).conflict, "3 is repeated on diagonal 1");
    assert.equal(countSolutions(d, 4, { variant: "sudoku" }).conflict, undefined);
  });

  await t.step("every engine stops at once on givens that clash (the reason comes after)", () => {
    // Mostly empty grids: an engine that searched instead would take many nodes.
    for (
      const [size, variant, why] of [
        [9, "sudoku", "5 is repeated in column 2"],
        [9, "x", "5 is repeated in column 2"],
        [16, "sudoku", "5 is repeated in column 2"],
        [25, "sudoku", "5 is repeated in column 2"],
        [36, "sudoku", "5 is repeated in column 2"],
        [40, "latin", "5 is repeated in column 2"],
      ] as const
    ) {
      const g = new Uint8Array(size * size);
      g[1] = g[(size - 1) * size + 1] = 5;
      const r = countSolutions(g, size, { limit: 2, variant });
      assert.deepEqual(r, { count: 0, exact: true, nodes: 0, conflict: why }, `${size} ${variant}`);
    }
  });

  await t.step("count is min(total, limit) and exact means total < limit", () => {
    for (const limit of [1, 2, 287, 288, 289, 10000]) {
      const r = countSolutions(new Uint8Array(16), 4, { limit });
      assert.equal(r.count, Math.min(288, limit), `limit ${limit}`);
      assert.equal(r.exact, 288 < limit, `limit ${limit}`);
    }
  });

  await t.step("a solution callback that stops the search does not make the count exact", () => {
    let calls = 0;
    const r = countSolutions(new Uint8Array(16), 4, {
      limit: 1000,
      onSolution: () => {
        calls++;
        return false;
      },
    });
    assert.equal(calls, 1);
    assert.equal(r.count, 1);
    // 288 completions exist: "exactly 1" would be wrong.
    assert.equal(r.exact, false);
  });

  await t.step("sudoku and x need a perfect-square size", () => {
    assert.throws(() => countSolutions(new Uint8Array(36), 6, { variant: "sudoku" }), RangeError);
    assert.throws(() => countSolutions(new Uint8Array(36), 6, { variant: "x" }), RangeError);
    assert.equal(countSolutions(new Uint8Array(36), 6, { limit: 3 }).count, 3);
  });

  await t.step("repeated calls reuse engines without carrying state over", () => {
    for (let k = 0; k < 3; k++) {
      assert.equal(countSolutions(VERDICT_SAMPLE[0], 9).count, 1);
      assert.equal(countSolutions(VERDICT_SAMPLE[3], 9).count, 0);
      assert.equal(countSolutions(new Uint8Array(16), 4, { limit: 1000 }).count, 288);
    }
  });
});

Deno.test("collectSolutions packs every solution the counter finds", async (t) => {
  for (
    const [s, variant, limit] of [[4, "sudoku", 1000], [4, "latin", 100], [5, "latin", 7]] as const
  ) {
    await t.step(`${variant} ${s}×${s}, limit ${limit}`, () => {
      const grid = new Uint8Array(s * s);
      grid[0] = 1;
      const ref = refCount(grid, s, variant, limit);
      const got = collectSolutions(grid, s, { variant, limit });
      assert.equal(got.count, ref.count);
      assert.equal(got.exact, ref.count < limit);
      assert.equal(got.solutions.length, got.count * s * s);
      const seen: string[] = [];
      for (let k = 0; k < got.count; k++) {
        const sol = got.solutions.subarray(k * s * s, (k + 1) * s * s);
        assert.ok(validSolution(sol, grid, s, variant));
        seen.push(Array.from(sol).join(","));
      }
      assert.equal(new Set(seen).size, seen.length);
      if (got.exact) assert.deepEqual(seen.sort(), [...ref.solutions].sort());
    });
  }
});

Deno.test("collectSolutions: stop ends the enumeration, inexact", async (t) => {
  const empty = new Uint8Array(81);
  await t.step("asked every STOP_EVERY solutions; true stops there", () => {
    let asked = 0;
    const got = collectSolutions(empty, 9, { limit: 100_000, stop: () => ++asked === 3 });
    assert.equal(asked, 3);
    assert.equal(got.count, 3 * STOP_EVERY);
    assert.equal(got.exact, false);
    assert.equal(got.solutions.length, got.count * 81);
  });
  await t.step("never true: the same as without it", () => {
    // Four rows and six cells given: 4,500 solutions, under the limit.
    const text = "123456789456789123789123456234567891561894" + ".".repeat(39);
    const grid = Uint8Array.from(text, (ch) => ch === "." ? 0 : Number(ch));
    const plain = collectSolutions(grid, 9, { limit: 5000 });
    const asked = collectSolutions(grid, 9, { limit: 5000, stop: () => false });
    assert.deepEqual([plain.count, plain.exact], [4500, true]);
    assert.deepEqual([asked.count, asked.exact], [plain.count, plain.exact]);
    assert.deepEqual(asked.solutions, plain.solutions);
  });
});
