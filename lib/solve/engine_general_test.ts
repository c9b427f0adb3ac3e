import assert from "node:assert/strict";
import { POLL_NODES, pollInterval, type SearchControl, type Variant } from "./engine.ts";
import { GeneralEngine, type GeneralEngineOptions } from "./engine_general.ts";

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** One puzzle per line, `.` or `0` empty, symbols 1-9 then A, B, ... */
function parseLine(line: string): { size: number; grid: Uint8Array } {
  const size = Math.round(Math.sqrt(line.length));
  assert.equal(size * size, line.length, `line of ${line.length} characters is not square`);
  const grid = new Uint8Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "." || ch === "0") continue;
    const v = SYMBOLS.indexOf(ch) + 1;
    assert.ok(v >= 1 && v <= size, `bad symbol ${ch}`);
    grid[i] = v;
  }
  return { size, grid };
}

function readSet(name: string): Uint8Array[] {
  const text = Deno.readTextFileSync(new URL(`../../testdata/count/${name}`, import.meta.url));
  return text.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => parseLine(l).grid);
}

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function boxSide(size: number): number {
  const b = Math.round(Math.sqrt(size));
  return b * b === size ? b : 0;
}

/** Whether digit v may go at (r, c) of `g` under the rules (cell itself ignored). */
function fits(g: Uint8Array, size: number, variant: Variant, r: number, c: number, v: number) {
  for (let k = 0; k < size; k++) {
    if (k !== c && g[r * size + k] === v) return false;
    if (k !== r && g[k * size + c] === v) return false;
  }
  if (variant !== "latin") {
    const b = boxSide(size);
    const r0 = r - (r % b);
    const c0 = c - (c % b);
    for (let i = r0; i < r0 + b; i++) {
      for (let j = c0; j < c0 + b; j++) {
        if ((i !== r || j !== c) && g[i * size + j] === v) return false;
      }
    }
  }
  if (variant === "x") {
    for (let k = 0; k < size; k++) {
      if (r === c && k !== r && g[k * size + k] === v) return false;
      if (r + c === size - 1 && k !== r && g[k * size + size - 1 - k] === v) return false;
    }
  }
  return true;
}

/** Plain backtracking: the obviously correct reference count, capped at `limit`. */
function bruteCount(
  grid: Uint8Array,
  size: number,
  variant: Variant,
  limit: number,
  allowed?: Uint32Array,
): number {
  const g = grid.slice();
  for (let i = 0; i < g.length; i++) {
    if (g[i] !== 0) {
      if (!fits(g, size, variant, Math.floor(i / size), i % size, g[i])) return 0;
      if (allowed !== undefined && (allowed[i] & (1 << (g[i] - 1))) === 0) return 0;
    }
  }
  let found = 0;
  const go = (i: number): void => {
    while (i < g.length && g[i] !== 0) i++;
    if (i === g.length) {
      found++;
      return;
    }
    for (let v = 1; v <= size && found < limit; v++) {
      if (allowed !== undefined && (allowed[i] & (1 << (v - 1))) === 0) continue;
      if (fits(g, size, variant, Math.floor(i / size), i % size, v)) {
        g[i] = v;
        go(i + 1);
        g[i] = 0;
      }
    }
  };
  go(0);
  return Math.min(found, limit);
}

function isSolution(s: Uint8Array, size: number, variant: Variant): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s[i] < 1 || s[i] > size) return false;
    if (!fits(s, size, variant, Math.floor(i / size), i % size, s[i])) return false;
  }
  return true;
}

/**
 * A random full grid: by randomized backtracking for small sizes; for 9×9 a random first
 * row completed by the engine (relabelling digits keeps any solution valid, so every
 * first row completes), then checked by `isSolution`.
 */
function randomFull(size: number, variant: Variant, rand: () => number): Uint8Array {
  const g = new Uint8Array(size * size);
  if (size >= 9) {
    g.set(Array.from({ length: size }, (_, k) => k + 1).sort(() => rand() - 0.5));
    let full: Uint8Array | undefined;
    new GeneralEngine(size, variant).count(g, 1, (s) => void (full = s.slice()));
    assert.ok(full !== undefined && isSolution(full, size, variant));
    return full;
  }
  const go = (i: number): boolean => {
    if (i === g.length) return true;
    const order = Array.from({ length: size }, (_, k) => k + 1).sort(() => rand() - 0.5);
    for (const v of order) {
      if (fits(g, size, variant, Math.floor(i / size), i % size, v)) {
        g[i] = v;
        if (go(i + 1)) return true;
        g[i] = 0;
      }
    }
    return false;
  };
  assert.ok(go(0));
  return g;
}

/** A full valid grid for any size by a pattern, shuffled (sudoku if square, else latin). */
function patternFull(size: number, variant: Variant, rand: () => number): Uint8Array {
  const b = variant === "latin" ? 1 : boxSide(size);
  const perm = Array.from({ length: size }, (_, k) => k + 1).sort(() => rand() - 0.5);
  // Rows shuffled within bands and columns within stacks keep every unit intact.
  const shuffleWithin = (): number[] => {
    const out: number[] = [];
    for (let band = 0; band < size / b; band++) {
      const part = Array.from({ length: b }, (_, k) => band * b + k).sort(() => rand() - 0.5);
      out.push(...part);
    }
    return out;
  };
  const rows = variant === "latin"
    ? Array.from({ length: size }, (_, k) => k).sort(() => rand() - 0.5)
    : shuffleWithin();
  const cols = variant === "latin"
    ? Array.from({ length: size }, (_, k) => k).sort(() => rand() - 0.5)
    : shuffleWithin();
  const g = new Uint8Array(size * size);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const rr = rows[r];
      const cc = cols[c];
      const v = variant === "latin" ? (rr + cc) % size : (rr * b + Math.floor(rr / b) + cc) % size;
      g[r * size + c] = perm[v];
    }
  }
  assert.ok(isSolution(g, size, variant));
  return g;
}

function count(
  size: number,
  variant: Variant,
  grid: Uint8Array,
  limit: number,
  wide = false,
): number {
  return new GeneralEngine(size, variant, { wide }).count(grid, limit);
}

Deno.test("constructor rejects unsupported sizes and variants", () => {
  assert.throws(() => new GeneralEngine(6, "sudoku"), RangeError);
  assert.throws(() => new GeneralEngine(8, "x"), RangeError);
  assert.throws(() => new GeneralEngine(0, "latin"), RangeError);
  assert.throws(() => new GeneralEngine(65, "latin"), RangeError);
  for (const s of [1, 4, 9, 16, 25, 36, 49, 64]) {
    assert.equal(new GeneralEngine(s, "x").size, s);
  }
  assert.equal(new GeneralEngine(50, "latin").size, 50);
});

Deno.test("exhaustive totals", async (t) => {
  await t.step("empty 4x4 sudoku has 288 completions, in both cores", () => {
    assert.equal(count(4, "sudoku", new Uint8Array(16), 1e9), 288);
    assert.equal(count(4, "sudoku", new Uint8Array(16), 1e9, true), 288);
  });
  await t.step("Latin squares of order 1..5", () => {
    const expected = [1, 2, 12, 576, 161280];
    for (let s = 1; s <= 5; s++) {
      assert.equal(count(s, "latin", new Uint8Array(s * s), 1e9), expected[s - 1], `order ${s}`);
    }
    assert.equal(count(4, "latin", new Uint8Array(16), 1e9, true), 576);
    const strong = new GeneralEngine(4, "latin", { probeWidth: 2, allDifferent: true });
    assert.equal(strong.count(new Uint8Array(16), 1e9), 576);
    const shaved = new GeneralEngine(5, "latin", { shaveDepth: 1000, lookahead: true });
    assert.equal(shaved.count(new Uint8Array(25), 1e9), 161280);
  });
  await t.step("empty 4x4 Sudoku-X against brute force", () => {
    const expected = bruteCount(new Uint8Array(16), 4, "x", 1e9);
    assert.ok(expected > 0 && expected < 288);
    assert.equal(count(4, "x", new Uint8Array(16), 1e9), expected);
    assert.equal(count(4, "x", new Uint8Array(16), 1e9, true), expected);
  });
  await t.step("the 1x1 grid has one solution in every variant", () => {
    for (const v of ["sudoku", "x", "latin"] as const) {
      assert.equal(count(1, v, new Uint8Array(1), 10), 1);
      assert.equal(count(1, v, Uint8Array.of(1), 10), 1);
    }
  });
});

Deno.test("agreement with brute force on random partial grids", async (t) => {
  const cases: [Variant, number][] = [];
  for (let s = 1; s <= 6; s++) cases.push(["latin", s]);
  cases.push(["sudoku", 1], ["sudoku", 4], ["sudoku", 9], ["x", 1], ["x", 4], ["x", 9]);
  for (const [variant, size] of cases) {
    await t.step(`${variant} ${size}x${size}`, () => {
      const rand = rng(1000 * size + variant.length);
      const narrow = new GeneralEngine(size, variant);
      const wide = new GeneralEngine(size, variant, { wide: true });
      // The filters that only switch on at 16×16 and 25×25 by default, checked here too.
      const strong = new GeneralEngine(size, variant, { probeWidth: 2, allDifferent: true });
      const wideProbe = new GeneralEngine(size, variant, { wide: true, probeWidth: 3 });
      // Shaving bivalent literals along their implications, with and without the
      // matching filter, and shaving every candidate.
      const shaved = new GeneralEngine(size, variant, { shaveDepth: 1000, lookahead: true });
      const shavedStrong = new GeneralEngine(size, variant, {
        shaveDepth: 1000,
        lookahead: true,
        allDifferent: true,
      });
      const shavedAll = new GeneralEngine(size, variant, {
        shaveDepth: 1000,
        lookahead: true,
        shaveAll: true,
      });
      const wideShaved = new GeneralEngine(size, variant, { wide: true, shaveDepth: 3 });
      // The two-word core with everything its large sudokus use.
      const wideStrong = new GeneralEngine(size, variant, {
        wide: true,
        shaveDepth: 1000,
        lookahead: true,
        allDifferent: true,
      });
      // Restarts at every failure once a run is one decision deep (the allowance doubling,
      // or along Luby's sequence): from nodes of every depth, with solutions found before
      // and after, and right after one; the nogoods keep every count exact.
      const restarted = new GeneralEngine(size, variant, {
        shaveDepth: 1000,
        lookahead: true,
        restartDepth: 1,
        restartFailures: 0,
      });
      const wideRestarted = new GeneralEngine(size, variant, {
        wide: true,
        restartDepth: 1,
        restartFailures: 0,
        luby: true,
      });
      // The filters turned on after a few nodes without a solution: from the root again
      // when none was found yet, in place after one.
      const escalating = new GeneralEngine(size, variant, { escalateAfter: 2 });
      const wideEscalating = new GeneralEngine(size, variant, { wide: true, escalateAfter: 3 });
      let restarts = 0;
      let escalations = 0;
      const rounds = size >= 9 ? 25 : 60;
      for (let round = 0; round < rounds; round++) {
        const full = randomFull(size, variant, rand);
        // Dense enough that brute force stays quick on grids without solutions.
        const keep = size >= 9 ? 0.4 + 0.35 * rand() : 0.15 + 0.6 * rand();
        const grid = full.map((v) => (rand() < keep ? v : 0));
        // Sometimes change a given to another value that repeats nothing.
        if (round % 3 === 2) {
          const i = Math.floor(rand() * grid.length);
          if (grid[i] !== 0) {
            const r = Math.floor(i / size);
            const c = i % size;
            const old = grid[i];
            grid[i] = 0;
            const v = 1 + Math.floor(rand() * size);
            grid[i] = fits(grid, size, variant, r, c, v) ? v : old;
          }
        }
        let allowed: Uint32Array | undefined;
        if (round % 4 === 3) {
          allowed = new Uint32Array(grid.length).map(() => {
            let m = 0;
            for (let d = 0; d < size; d++) if (rand() < 0.8) m |= 1 << d;
            return m >>> 0;
          });
        }
        const limit = 50;
        const expected = bruteCount(grid, size, variant, limit, allowed);
        const label = `round ${round}: ${grid.join("")}`;
        assert.equal(narrow.count(grid, limit, undefined, allowed), expected, label);
        assert.equal(wide.count(grid, limit, undefined, allowed), expected, `wide ${label}`);
        assert.equal(strong.count(grid, limit, undefined, allowed), expected, `strong ${label}`);
        assert.equal(wideProbe.count(grid, limit, undefined, allowed), expected, `probe ${label}`);
        assert.equal(shaved.count(grid, limit, undefined, allowed), expected, `shave ${label}`);
        assert.equal(
          shavedStrong.count(grid, limit, undefined, allowed),
          expected,
          `shave+match ${label}`,
        );
        assert.equal(
          shavedAll.count(grid, limit, undefined, allowed),
          expected,
          `shave all ${label}`,
        );
        assert.equal(
          wideShaved.count(grid, limit, undefined, allowed),
          expected,
          `wide shave ${label}`,
        );
        assert.equal(
          wideStrong.count(grid, limit, undefined, allowed),
          expected,
          `wide shave+match ${label}`,
        );
        // A restarting search hands each solution over once.
        const seen = new Set<string>();
        let calls = 0;
        restarted.count(grid, limit, (s) => {
          seen.add(s.join(","));
          calls++;
        }, allowed);
        assert.equal(calls, expected, `restart, solutions ${label}`);
        assert.equal(seen.size, expected, `restart, distinct solutions ${label}`);
        for (const lim of [1, 2, 3, limit]) {
          const want = Math.min(expected, lim);
          assert.equal(restarted.count(grid, lim, undefined, allowed), want, `restart ${label}`);
          restarts += restarted.restarts;
          assert.equal(
            wideRestarted.count(grid, lim, undefined, allowed),
            want,
            `wide restart ${label}`,
          );
          restarts += wideRestarted.restarts;
          assert.equal(escalating.count(grid, lim, undefined, allowed), want, `escalate ${label}`);
          if (escalating.escalated) escalations++;
          assert.equal(
            wideEscalating.count(grid, lim, undefined, allowed),
            want,
            `wide escalate ${label}`,
          );
          if (wideEscalating.escalated) escalations++;
        }
      }
      if (size >= 4) assert.ok(restarts > 0, "no count restarted");
      if (size >= 4) assert.ok(escalations > 0, "no count escalated");
    });
  }
});

Deno.test("16x16 and 25x25 sets", async (t) => {
  await t.step("janko 16x16: a handful unique", () => {
    const set = readSet("sudoku16_gecode_janko.txt");
    const engine = new GeneralEngine(16, "sudoku");
    for (const grid of set.slice(0, 10)) assert.equal(engine.count(grid, 2), 1);
  });
  await t.step("vu_kr 16x16: a handful unique", () => {
    const set = readSet("sudoku16_vu_kr_100.txt");
    const engine = new GeneralEngine(16, "sudoku");
    for (const grid of set.slice(0, 10)) assert.equal(engine.count(grid, 2), 1);
  });
  await t.step("jxa3695 25x25 unique, valid solution", () => {
    const [grid] = readSet("sudoku25_jxa3695_1.txt");
    const engine = new GeneralEngine(25, "sudoku");
    let solution: Uint8Array | undefined;
    assert.equal(engine.count(grid, 2, (s) => void (solution = s.slice())), 1);
    assert.ok(solution !== undefined && isSolution(solution, 25, "sudoku"));
    for (let i = 0; i < grid.length; i++) if (grid[i] !== 0) assert.equal(solution[i], grid[i]);
  });
  await t.step("frisch 25x25 (shaving, lookahead) agrees with the plain search", () => {
    const set = readSet("sudoku25_gecode_frisch.txt");
    const shaved = new GeneralEngine(25, "sudoku");
    const plain = new GeneralEngine(25, "sudoku", { shaveDepth: -1, lookahead: false });
    // Puzzles 17 and 18 are the quick ones for both; dropping givens of 18 gives 1 or 2.
    for (const grid of [set[16], set[17]]) {
      let solution: Uint8Array | undefined;
      assert.equal(shaved.count(grid, 2, (s) => void (solution = s.slice())), 1);
      assert.ok(solution !== undefined && isSolution(solution, 25, "sudoku"));
      for (let i = 0; i < grid.length; i++) if (grid[i] !== 0) assert.equal(solution[i], grid[i]);
    }
    // A count does not depend on what the engine counted before.
    shaved.count(set[2], 2);
    const nodes = shaved.nodes;
    shaved.count(set[17], 2);
    shaved.count(set[2], 2);
    assert.equal(shaved.nodes, nodes);
    const counts: number[] = [];
    for (const k of [1, 2, 4]) {
      const grid = set[17].slice();
      grid[k] = 0;
      const expected = plain.count(grid, 2);
      assert.equal(shaved.count(grid, 2), expected, `puzzle 18 without given ${k}`);
      counts.push(expected);
    }
    assert.deepEqual(counts, [2, 1, 2]);
  });
});

Deno.test("Sudoku-X sets", async (t) => {
  await t.step("andrebarbosa_8: unique as x, 2+ as sudoku", () => {
    for (const grid of readSet("sudokuX9_andrebarbosa_8.txt")) {
      assert.equal(count(9, "x", grid, 2), 1);
      assert.equal(count(9, "sudoku", grid, 2), 2);
    }
  });
  await t.step("misc_2: no X solution then unique X", () => {
    const [first, second] = readSet("sudokuX9_misc_2.txt");
    assert.equal(count(9, "x", first, 2), 0);
    assert.equal(count(9, "sudoku", first, 2), 1);
    assert.equal(count(9, "x", second, 2), 1);
    assert.equal(count(9, "sudoku", second, 2), 2);
  });
  await t.step("X16 andrebarbosa_2: unique as x", () => {
    for (const grid of readSet("sudokuX16_andrebarbosa_2.txt")) {
      let solution: Uint8Array | undefined;
      assert.equal(count(16, "x", grid, 2), 1);
      new GeneralEngine(16, "x").count(grid, 2, (s) => void (solution = s.slice()));
      assert.ok(solution !== undefined && isSolution(solution, 16, "x"));
    }
  });
});

Deno.test("large sizes: 25, 32 (latin, all 32 bits), 36, 49, 50 (latin), 64", async (t) => {
  const cases: [Variant, number][] = [
    ["sudoku", 25],
    ["latin", 32],
    ["sudoku", 36],
    ["sudoku", 49],
    ["sudoku", 64],
    ["latin", 50],
    ["latin", 64],
  ];
  for (const [variant, size] of cases) {
    await t.step(`${variant} ${size}x${size}`, () => {
      const rand = rng(size * 7 + variant.length);
      const engine = new GeneralEngine(size, variant);
      const full = patternFull(size, variant, rand);
      // Many cells removed: still completable. (Much sparser random grids of these sizes,
      // Latin ones above all, can send a depth-first search into a very long detour.)
      const sparse = full.map((v) => (rand() < (variant === "latin" ? 0.85 : 0.7) ? v : 0));
      let solution: Uint8Array | undefined;
      assert.equal(engine.count(sparse, 1, (s) => void (solution = s.slice())), 1);
      assert.ok(solution !== undefined && isSolution(solution, size, variant));
      // A few cells removed: the count matches brute force.
      for (let round = 0; round < 3; round++) {
        const grid = full.slice();
        for (let k = 0; k < 12; k++) grid[Math.floor(rand() * grid.length)] = 0;
        const expected = bruteCount(grid, size, variant, 50);
        assert.equal(engine.count(grid, 50), expected);
      }
      // Givens whose only conflict shows after propagation: 0.
      const bad = new Uint8Array(size * size);
      for (let c = 2; c < size; c++) bad[c] = c + 1;
      const step = variant === "latin" ? 1 : boxSide(size);
      bad[step * size + 0] = 1;
      bad[2 * step * size + 1] = 1;
      assert.equal(engine.count(bad, 2), 0);
      assert.equal(bruteCountRows(bad, size), 0);
    });
  }
});

Deno.test("filters agree at 25 to 40, where positions fill a word or spill into a second", async (t) => {
  const cases: [Variant, number][] = [
    ["latin", 32],
    ["latin", 25],
    ["sudoku", 25],
    ["x", 25],
    ["sudoku", 36],
    ["latin", 40],
  ];
  for (const [variant, size] of cases) {
    await t.step(`${variant} ${size}x${size}`, () => {
      const rand = rng(size * 13 + variant.length);
      const plain = new GeneralEngine(size, variant, {
        shaveDepth: -1,
        lookahead: false,
        allDifferent: false,
        probeWidth: 0,
      });
      const engines = [
        new GeneralEngine(size, variant),
        new GeneralEngine(size, variant, { allDifferent: true }),
        new GeneralEngine(size, variant, { shaveDepth: 1000, lookahead: true }),
        new GeneralEngine(size, variant, { shaveDepth: 1000, lookahead: true, allDifferent: true }),
        new GeneralEngine(size, variant, { wide: true }),
        new GeneralEngine(size, variant, {
          wide: true,
          shaveDepth: 1000,
          lookahead: true,
          allDifferent: true,
        }),
      ];
      for (let round = 0; round < 6; round++) {
        const full = variant === "x"
          ? randomFull(size, variant, rand)
          : patternFull(size, variant, rand);
        // Latin squares of order 40 near 40% empty can take minutes (quasigroup completion
        // is hardest there): denser for them.
        const keep = variant === "latin" && size > 32 ? 0.8 : 0.6;
        const grid = full.map((v) => (rand() < keep ? v : 0));
        // Every other round, one given changed to a digit its row lacks: often no solution.
        if (round % 2 === 1) {
          const i = Math.floor(rand() * grid.length);
          grid[i] = 1 + (grid[i] % size);
        }
        const expected = plain.count(grid, 3);
        engines.forEach((engine, k) => {
          assert.equal(engine.count(grid, 3), expected, `engine ${k}, round ${round}`);
        });
      }
    });
  }
});

/** Row 0 of the conflict grid has only cells 0 and 1 free, both needing digit 1 or 2. */
function bruteCountRows(g: Uint8Array, size: number): number {
  let n = 0;
  for (const [x, y] of [[1, 2], [2, 1]]) {
    let ok = true;
    for (let r = 1; r < size; r++) {
      if (g[r * size] === x || g[r * size + 1] === y) ok = false;
    }
    if (ok) n++;
  }
  return n;
}

Deno.test("solutions are valid and distinct; limits and early stops hold", async (t) => {
  await t.step("all 288 solutions of the empty 4x4 sudoku", () => {
    const seen = new Set<string>();
    const engine = new GeneralEngine(4, "sudoku");
    const n = engine.count(new Uint8Array(16), 1000, (s) => {
      assert.ok(isSolution(s, 4, "sudoku"));
      seen.add(s.join(""));
    });
    assert.equal(n, 288);
    assert.equal(seen.size, 288);
  });
  await t.step("order-5 Latin squares with a fixed first row, wide core, empty allowedHigh", () => {
    const seen = new Set<string>();
    const engine = new GeneralEngine(5, "latin", { wide: true });
    const grid = new Uint8Array(25);
    grid.set([1, 2, 3, 4, 5]);
    const n = engine.count(
      grid,
      1e6,
      (s) => {
        assert.ok(isSolution(s, 5, "latin"));
        seen.add(s.join(""));
      },
      undefined,
      new Uint32Array(25),
    );
    assert.equal(n, 161280 / 120);
    assert.equal(seen.size, n);
  });
  await t.step("limit and callback stop the search", () => {
    const engine = new GeneralEngine(9, "sudoku");
    assert.equal(engine.count(new Uint8Array(81), 7), 7);
    let calls = 0;
    assert.equal(engine.count(new Uint8Array(81), 100, () => ++calls < 3), 3);
    assert.equal(calls, 3);
    assert.equal(engine.count(new Uint8Array(81), 0), 0);
  });
  await t.step("allowed masks restrict cells and contradict givens", () => {
    const engine = new GeneralEngine(4, "sudoku");
    const allowed = new Uint32Array(16).fill(0xf);
    allowed[0] = 1;
    assert.equal(engine.count(new Uint8Array(16), 1000, undefined, allowed), 288 / 4);
    const grid = new Uint8Array(16);
    grid[0] = 2;
    assert.equal(engine.count(grid, 1000, undefined, allowed), 0);
  });
  await t.step("bad arguments throw", () => {
    const engine = new GeneralEngine(4, "sudoku");
    assert.throws(() => engine.count(new Uint8Array(15), 2), RangeError);
    assert.throws(() => engine.count(new Uint8Array(16).fill(5), 2), RangeError);
  });
});

/**
 * Count `grid` while giving a branch away at every poll (at most `fanout` per search),
 * then count the branches given away the same way, `levels` deep: the parts' sum.
 */
function splitCount(
  make: () => GeneralEngine,
  grid: Uint8Array,
  limit: number,
  levels: number,
  fanout: number,
  allowed?: Uint32Array,
  allowedHigh?: Uint32Array,
  nogoods?: Int32Array,
): { sum: number; parts: number; carried: number } {
  const given: [Uint32Array, Uint32Array | undefined, Int32Array | undefined][] = [];
  const control: SearchControl = {
    poll: () => levels > 0 && given.length < fanout ? "split" : "go",
    give: (lo, hi, nogoods) => void given.push([lo, hi, nogoods]),
  };
  let sum = make().count(grid, limit, undefined, allowed, allowedHigh, control, nogoods);
  let parts = 1;
  // Branches given with nogoods (after a restart).
  let carried = 0;
  for (const [lo, hi, ng] of given) {
    const r = splitCount(make, grid, limit, levels - 1, fanout, lo, hi, ng);
    sum += r.sum;
    parts += r.parts;
    carried += r.carried + (ng === undefined ? 0 : 1);
  }
  return { sum, parts, carried };
}

Deno.test("a search split into given-away branches counts the same", async (t) => {
  const cases: [string, number, Variant, boolean, () => Uint8Array, number][] = [
    ["latin 5, empty", 5, "latin", false, () => new Uint8Array(25), 1_000_000],
    ["latin 5, empty, two-word core", 5, "latin", true, () => new Uint8Array(25), 1_000_000],
  ];
  const rand = rng(77);
  // Holes made one at a time until the search takes a few thousand nodes.
  const holed = (full: Uint8Array, size: number, variant: Variant, limit: number) => {
    const g = full.slice();
    const engine = new GeneralEngine(size, variant);
    while (engine.nodes < 4 * POLL_NODES) {
      g[Math.floor(rand() * g.length)] = 0;
      engine.count(g, limit);
    }
    return () => g;
  };
  for (let k = 0; k < 3; k++) {
    const grid = holed(randomFull(9, "sudoku", rand), 9, "sudoku", 100_000);
    cases.push([`sudoku 9, random holes ${k}`, 9, "sudoku", false, grid, 100_000]);
  }
  // Digits above 32 travel in the high masks.
  const big = holed(patternFull(36, "latin", rand), 36, "latin", 3000);
  cases.push(["latin 36, random holes", 36, "latin", false, big, 3000]);
  for (const [name, size, variant, wide, grid, limit] of cases) {
    await t.step(name, () => {
      const make = () => new GeneralEngine(size, variant, { wide });
      const plain = make().count(grid(), limit);
      const { sum, parts } = splitCount(make, grid(), limit, 2, 4);
      assert.ok(parts > 1, "the search gave nothing away");
      assert.equal(Math.min(sum, limit), plain);
      if (plain < limit) assert.equal(sum, plain);
    });
  }
  // Latin squares of order 10 under random masks with fewer than 64 solutions and plain
  // searches long enough to be split at several polls.
  const masked: { allowed: Uint32Array; want: number }[] = [];
  const pick = rng(310);
  for (let k = 0; k < 400 && masked.length < 3; k++) {
    const allowed = new Uint32Array(100).map(() => {
      let m = 0;
      for (let d = 0; d < 10; d++) if (pick() < 0.5) m |= 1 << d;
      return m >>> 0;
    });
    const plain = new GeneralEngine(10, "latin", { escalateAfter: 0 });
    const want = plain.count(new Uint8Array(100), 64, undefined, allowed);
    if (want < 64 && plain.nodes >= 8 * POLL_NODES) masked.push({ allowed, want });
  }
  assert.equal(masked.length, 3);
  const splitsAgree = (
    options: GeneralEngineOptions,
    happened: (e: GeneralEngine) => boolean,
    what: string,
  ): number => {
    let carried = 0;
    for (const [k, { allowed, want }] of masked.entries()) {
      for (const wide of [false, true]) {
        const engines: GeneralEngine[] = [];
        const make = () => {
          const e = new GeneralEngine(10, "latin", { ...options, wide });
          engines.push(e);
          return e;
        };
        const r = splitCount(make, new Uint8Array(100), 64, 2, 4, allowed);
        assert.ok(r.parts > 1, "the search gave nothing away");
        assert.ok(engines.some(happened), `no part ${what}`);
        assert.equal(r.sum, want, `case ${k}${wide ? ", two-word core" : ""}`);
        carried += r.carried;
      }
    }
    return carried;
  };
  await t.step("restarts within the part a search keeps", () => {
    // Restarts at every failure, branches given away at every poll, some of them with the
    // nogoods of restarts before, without which their parts count solutions twice.
    for (const luby of [false, true]) {
      const restarting = { restartDepth: 1, restartFailures: 0, escalateAfter: 0, luby };
      assert.ok(splitsAgree(restarting, (e) => e.restarts > 0, "restarted") > 0);
    }
  });
  await t.step("escalation within the part a search keeps", () => {
    // Parts escalate after the first branches were given away (at the first poll), from
    // the shallowest node they own when they have no solution yet.
    splitsAgree({ escalateAfter: POLL_NODES + 1 }, (e) => e.escalated, "escalated");
  });
  await t.step("escalation lasts one count", () => {
    // An order-10 square under random masks whose plain search runs long without a
    // solution escalates; an easy count after it is the same as before it.
    const pick = rng(312);
    const easy = patternFull(10, "latin", pick).map((v) => (pick() < 0.6 ? 0 : v));
    const engine = new GeneralEngine(10, "latin");
    const easyCount = engine.count(easy, 2);
    const easyNodes = engine.nodes;
    assert.ok(!engine.escalated && easyCount > 0);
    let escalated = false;
    for (let k = 0; k < 500 && !escalated; k++) {
      const allowed = new Uint32Array(100).map(() => {
        let m = 0;
        for (let d = 0; d < 10; d++) if (pick() < 0.5) m |= 1 << d;
        return m >>> 0;
      });
      const want = new GeneralEngine(10, "latin", { escalateAfter: 0 }).count(
        new Uint8Array(100),
        2,
        undefined,
        allowed,
      );
      assert.equal(engine.count(new Uint8Array(100), 2, undefined, allowed), want);
      escalated = engine.escalated;
    }
    assert.ok(escalated, "no count escalated");
    assert.equal(engine.count(easy, 2), easyCount);
    assert.equal(engine.nodes, easyNodes);
    assert.ok(!engine.escalated);
  });
  await t.step("stop returns a lower bound at once", () => {
    const engine = new GeneralEngine(5, "latin");
    let polls = 0;
    const n = engine.count(new Uint8Array(25), 1_000_000, undefined, undefined, undefined, {
      poll: () => (++polls === 3 ? "stop" : "go"),
      give: () => assert.fail("nothing was asked for"),
    });
    assert.equal(polls, 3);
    assert.equal(engine.nodes, 3 * POLL_NODES);
    assert.ok(n > 0 && n < 161_280);
  });
  await t.step("polls come every pollInterval nodes, with the nodes so far", () => {
    for (const size of [5, 25]) {
      const engine = new GeneralEngine(size, size === 25 ? "sudoku" : "latin");
      const seen: number[] = [];
      engine.count(new Uint8Array(size * size), 1_000_000, undefined, undefined, undefined, {
        poll: (nodes) => (seen.push(nodes) === 3 ? "stop" : "go"),
        give: () => assert.fail("nothing was asked for"),
      });
      const every = pollInterval(size);
      assert.deepEqual(seen, [every, 2 * every, 3 * every], `size ${size}`);
      assert.equal(engine.nodes, 3 * every);
    }
    assert.equal(pollInterval(5), POLL_NODES);
    assert.ok(pollInterval(25) < POLL_NODES);
  });
});
