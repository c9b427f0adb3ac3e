import assert from "node:assert/strict";
import { repoPath, runCli } from "../test_util.ts";

const DIR = "testdata/count/";

const SUDOKU = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

function read(path: string): string {
  return Deno.readTextFileSync(repoPath(path));
}

/** Puzzle lines of a one-per-line file ('#' and blank lines skipped). */
function puzzles(path: string): string[] {
  return read(path).split(/\r?\n/).map((l) => l.trim()).filter((l) =>
    l !== "" && !l.startsWith("#")
  );
}

const SYMBOLS = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The janko 16×16 puzzles (unique, from the data's README), written 1-9A-G. */
const JANKO = puzzles(DIR + "sudoku16_gecode_janko.txt");
/** The same written 0-F, as `--symbols 0123456789ABCDEF` reads them. */
const JANKO_HEX = JANKO.map((p) => toHex(p));

/** A grid of 1-9A-G (or a solution of them) written with 0-F instead, '.' kept. */
function toHex(line: string): string {
  return Array.from(line, (ch) => ch === "." ? "." : "0123456789ABCDEF"[SYMBOLS.indexOf(ch) - 1])
    .join("");
}

/** Values of a one-line grid ('0' and '.' empty). */
function values(line: string): number[] {
  return Array.from(line.toUpperCase(), (ch) => (ch === "0" ? 0 : SYMBOLS.indexOf(ch)));
}

/** Whether `sol` is a complete sudoku (or x / latin) grid that extends `puzzle`. */
function solves(
  sol: string,
  puzzle: string,
  variant: "sudoku" | "x" | "latin" = "sudoku",
): boolean {
  const s = Math.round(Math.sqrt(sol.length));
  if (s * s !== sol.length || sol.length !== puzzle.length) return false;
  const v = values(sol);
  const p = values(puzzle);
  const b = Math.round(Math.sqrt(s));
  for (let i = 0; i < v.length; i++) {
    if (v[i] < 1 || v[i] > s || (p[i] !== 0 && p[i] !== v[i])) return false;
    for (let j = i + 1; j < v.length; j++) {
      if (v[i] !== v[j]) continue;
      const [ri, ci, rj, cj] = [Math.floor(i / s), i % s, Math.floor(j / s), j % s];
      if (ri === rj || ci === cj) return false;
      if (variant === "latin") continue;
      if (Math.floor(ri / b) === Math.floor(rj / b) && Math.floor(ci / b) === Math.floor(cj / b)) {
        return false;
      }
      if (
        variant === "x" && ((ri === ci && rj === cj) || (ri + ci === s - 1 && rj + cj === s - 1))
      ) {
        return false;
      }
    }
  }
  return true;
}

/** Completions of a 4×4 sudoku (row-major values, 0 empty), by brute force up to `limit`. */
function brute4(g: number[], limit: number): number {
  const peer = (i: number, j: number) =>
    i !== j && (Math.floor(i / 4) === Math.floor(j / 4) || i % 4 === j % 4 ||
      (Math.floor(i / 8) === Math.floor(j / 8) &&
        Math.floor((i % 4) / 2) === Math.floor((j % 4) / 2)));
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) if (g[i] !== 0 && g[i] === g[j] && peer(i, j)) return 0;
  }
  let n = 0;
  const rec = (i: number) => {
    if (n >= limit) return;
    if (i === 16) {
      n++;
      return;
    }
    if (g[i] !== 0) return rec(i + 1);
    for (let v = 1; v <= 4; v++) {
      if (g.some((w, j) => w === v && peer(i, j))) continue;
      g[i] = v;
      rec(i + 1);
      g[i] = 0;
    }
  };
  rec(0);
  return n;
}

Deno.test("count known totals", async (t) => {
  const runs = {
    // The empty 4×4, then the empty 9×9.
    sudoku4: runCli(
      ["count", "--limit", "1000", "--jobs", "1"],
      "................\n" + ".".repeat(81) + "\n",
    ),
    latin4: runCli(
      ["count", "--variant", "latin", "--limit", "1000", "--jobs", "1"],
      "................\n",
    ),
    limit288: runCli(["count", "--limit", "288", "--jobs", "1"], "................\n"),
    dflt: runCli(["count", "--jobs", "1"], "................\n" + "1234341221434321\n"),
  };
  await t.step("--limit 1000 on the empty 4×4: 288", async () => {
    const r = await runs.sudoku4;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.equal(r.stdout.split("\n")[0], "288");
  });
  await t.step("--variant latin on 16 dots: 576", async () => {
    const r = await runs.latin4;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "576\n"]);
  });
  await t.step("the limit reached prints N+ (1000+, 288+, 2+)", async () => {
    assert.deepEqual((await runs.sudoku4).stdout, "288\n1000+\n");
    assert.deepEqual((await runs.limit288).stdout, "288+\n");
    assert.deepEqual((await runs.dflt).stdout, "2+\n1\n");
  });
});

Deno.test("count on the puzzle sets, --jobs 1 and --jobs 2 alike", async (t) => {
  // From the data's README: every 17-clue puzzle is unique; every serg puzzle has 2+.
  const sets: [string, string][] = [
    ["17_clue_2000.txt", "1"],
    ["serg_benchmark_2000.txt", "2+"],
  ];
  const files = [...sets.map(([f]) => f), "case_mixed.txt"];
  // The three files in one run of each: a file's counts follow the file's before it.
  const runs = {
    one: runCli(["count", "--jobs", "1", ...files.map((f) => DIR + f)]),
    two: runCli(["count", "--jobs", "2", ...files.map((f) => DIR + f)]),
  };
  /** The count lines of `--jobs 1` for file k. */
  const linesOf = async (k: number) => {
    const start = files.slice(0, k).reduce((n, f) => n + puzzles(DIR + f).length, 0);
    const all = (await runs.one).stdout.trimEnd().split("\n");
    return all.slice(start, start + puzzles(DIR + files[k]).length);
  };
  await t.step("--jobs 1 and --jobs 2: the same output, a line a puzzle", async () => {
    const one = await runs.one;
    const two = await runs.two;
    assert.deepEqual([one.code, one.stderr], [0, ""]);
    assert.deepEqual([two.code, two.stderr], [0, ""]);
    const total = files.reduce((n, f) => n + puzzles(DIR + f).length, 0);
    assert.equal(one.stdout.trimEnd().split("\n").length, total);
    assert.equal(two.stdout, one.stdout);
  });
  for (const [k, [f, want]] of sets.entries()) {
    await t.step(f, async () => {
      const lines = await linesOf(k);
      assert.equal(lines.length, puzzles(DIR + f).length);
      assert.ok(lines.every((l) => l === want), `${f}: ${new Set(lines)}`);
    });
  }
  await t.step("case_mixed.txt: known answers line by line", async () => {
    // 17-clue puzzles are unique, serg puzzles have 2+, the janko 16×16 are unique (data
    // README); the 4×4 lines are counted by brute force here.
    const clue17 = new Set(puzzles(DIR + "17_clue_2000.txt"));
    const serg = new Set(puzzles(DIR + "serg_benchmark_2000.txt"));
    const lines = await linesOf(2);
    const ps = puzzles(DIR + "case_mixed.txt");
    assert.equal(lines.length, ps.length);
    let checked = 0;
    for (const [i, p] of ps.entries()) {
      let want: string | undefined;
      if (clue17.has(p)) want = "1";
      else if (serg.has(p)) want = "2+";
      else if (p.length === 256) want = "1";
      else if (p.length === 16) {
        const n = brute4(values(p), 2);
        want = n >= 2 ? "2+" : String(n);
      }
      if (want === undefined) continue;
      checked++;
      assert.equal(lines[i], want, `line ${i + 2}: ${p}`);
    }
    assert.ok(checked >= 70, `checked ${checked}`);
  });
});

Deno.test("count --solutions prints valid solutions", async (t) => {
  const sample = ["17_clue_2000.txt", "serg_benchmark_2000.txt"]
    .flatMap((f) => puzzles(DIR + f).slice(0, 20));
  const runs = {
    nine: runCli(["count", "--solutions", "--jobs", "2"], sample.join("\n") + "\n"),
    four: runCli(["count", "--solutions", "--limit", "1000", "--jobs", "1"], "................\n"),
    x: runCli([
      "count",
      "--solutions",
      "--variant",
      "x",
      "--jobs",
      "1",
      DIR + "case_sudoku_x9_misc_2.txt",
    ]),
    json: runCli(
      ["count", "--solutions", "--format", "json", "--limit", "3", "--jobs", "1"],
      sample.slice(18, 22).join("\n"),
    ),
  };
  await t.step("9×9: count line, then that many solutions", async () => {
    const r = await runs.nine;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const out = r.stdout.trimEnd().split("\n");
    let at = 0;
    for (const p of sample) {
      const head = out[at++];
      const n = parseInt(head);
      assert.match(head, /^[12]\+?$/);
      const sols = out.slice(at, at + n);
      at += n;
      assert.equal(new Set(sols).size, n);
      for (const s of sols) assert.ok(solves(s, p), `${s} does not solve ${p}`);
    }
    assert.equal(at, out.length);
  });
  await t.step("all 288 4×4 sudokus, distinct and valid", async () => {
    const r = await runs.four;
    const out = r.stdout.trimEnd().split("\n");
    assert.equal(out[0], "288");
    assert.equal(out.length, 289);
    assert.equal(new Set(out.slice(1)).size, 288);
    for (const s of out.slice(1)) assert.ok(solves(s, "................"), s);
  });
  await t.step("--variant x: the misc pair has 0 then 1 X solutions", async () => {
    const r = await runs.x;
    const ps = puzzles(DIR + "case_sudoku_x9_misc_2.txt");
    const out = r.stdout.trimEnd().split("\n");
    assert.equal(out[0], "0");
    assert.equal(out[1], "1");
    assert.ok(solves(out[2], ps[1], "x"), out[2]);
    assert.equal(out.length, 3);
  });
  await t.step("JSON: a solutions array", async () => {
    const r = await runs.json;
    const objs = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    const ps = sample.slice(18, 22);
    assert.equal(objs.length, 4);
    for (const [i, o] of objs.entries()) {
      assert.equal(o.solutions.length, o.count);
      for (const s of o.solutions) assert.ok(solves(s, ps[i]));
    }
  });
});

Deno.test("count finds solutions of hard Latin squares in time", async () => {
  // Random Latin squares of order 32 with a third of the cells empty: the plain search
  // finds no solution in 10 s; the filters it escalates to after 500 nodes do in well
  // under a second. Each printed solution must complete its grid.
  const tokens = read(DIR + "latin32_random_2.txt").trim().split(/\s+/).map(Number);
  const grids: string[] = [];
  for (let k = 0, at = 1; k < tokens[0]; k++) {
    const size = tokens[at++];
    grids.push(tokens.slice(at, at + size * size).map((v) => SYMBOLS[v]).join(""));
    at += size * size;
  }
  const r = await runCli([
    "count",
    "--jobs",
    "1",
    "--limit",
    "1",
    "--time-limit",
    "10",
    "--solutions",
    DIR + "latin32_random_2.txt",
  ]);
  assert.deepEqual([r.code, r.stderr], [0, ""]);
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 2 * grids.length);
  for (const [k, grid] of grids.entries()) {
    assert.equal(lines[2 * k], "1+", `grid ${k + 1}`);
    assert.ok(solves(lines[2 * k + 1], grid, "latin"), `grid ${k + 1}: ${lines[2 * k + 1]}`);
  }
});

Deno.test("count input forms and variants", async (t) => {
  const runs = {
    grid: runCli(["count", "--jobs", "1", "testdata/classify/sample2.txt"]),
    gridForced: runCli(
      ["count", "--jobs", "1", "--input", "grid"],
      read("testdata/classify/sample2.txt"),
    ),
    tokens: runCli(["count", "--jobs", "1", "testdata/verdict/sample.txt"]),
    messy: runCli(["count", "--jobs", "2", "testdata/verdict/messy.txt"]),
    tokensForced: runCli(
      ["count", "--jobs", "1", "--input", "tokens"],
      read("testdata/verdict/case_one_line.txt"),
    ),
    xDefault: runCli(["count", "--jobs", "1", DIR + "case_sudoku_x9_misc_2.txt"]),
    x: runCli(["count", "--jobs", "1", "--variant", "x", DIR + "case_sudoku_x9_misc_2.txt"]),
    latin6: runCli(["count", "--jobs", "1", "--limit", "3", DIR + "case_6x6.txt"]),
    latin6Said: runCli(
      ["count", "--jobs", "1", "--limit", "3", "--variant", "latin", DIR + "case_6x6.txt"],
    ),
    latin6Grid: runCli(["count", "--jobs", "1", "--limit", "3"], "1\n6\n" + "0 ".repeat(36)),
    big: runCli(["count", "--jobs", "1", "--solutions", DIR + "case_sudoku25_easy.txt"]),
    lineForced: runCli(["count", "--jobs", "1", "--input", "line"], "# x\n................\n"),
  };
  await t.step(
    "grid format (classify's): 0 for the conflicts and the dead end, 2+ for empty",
    async () => {
      for (const run of [runs.grid, runs.gridForced]) {
        const r = await run;
        assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "0\n1\n0\n0\n2+\n"]);
      }
    },
  );
  await t.step("token format (verdict's), tidy and messy", async () => {
    for (const run of [runs.tokens, runs.messy]) {
      const r = await run;
      assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "1\n2+\n0\n0\n"]);
    }
    const r = await runs.tokensForced;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "1\n0\n2+\n1\n"]);
  });
  await t.step("Sudoku-X misc pair: 1, 2+ as plain; 0, 1 as X", async () => {
    assert.equal((await runs.xDefault).stdout, "1\n2+\n");
    assert.equal((await runs.x).stdout, "0\n1\n");
  });
  await t.step("6×6: a Latin square in the grid format; as a line only when said", async () => {
    const grid = await runs.latin6Grid;
    assert.deepEqual([grid.code, grid.stderr, grid.stdout], [0, "", "3+\n"]);
    const said = await runs.latin6Said;
    assert.deepEqual([said.code, said.stderr, said.stdout], [0, "", "3+\n"]);
    // A line of 36 symbols may well be a mistake: it is refused, naming the cure.
    const r = await runs.latin6;
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.equal(
      r.stderr,
      `error: ${DIR}case_6x6.txt: grid 1, line 1, column 1: line has 36 cells, a 6×6 grid, ` +
        "and 6×6 has no blocks: it can only be a Latin square; if it is one, pass --variant " +
        "latin\n",
    );
  });
  await t.step("25×25 easy puzzle: unique, and its solution is valid", async () => {
    const r = await runs.big;
    assert.equal(r.code, 0);
    const [count, sol] = r.stdout.trimEnd().split("\n");
    assert.equal(count, "1");
    assert.ok(solves(sol, puzzles(DIR + "case_sudoku25_easy.txt")[0]), sol);
  });
  await t.step("--input line", async () => {
    assert.equal((await runs.lineForced).stdout, "2+\n");
  });
});

Deno.test("count auto-detects each form behind a byte-order mark and CRLF", async (t) => {
  const bom = "\ufeff";
  const runs = {
    line: runCli(["count", "--jobs", "1"], `${bom}................\r\n1234341221434321\r\n`),
    comment: runCli(["count", "--jobs", "1"], `${bom}# c\r\n\r\n................\r\n`),
    grid: runCli(["count", "--jobs", "1"], `${bom}1\r\n4\r\n1234\r\n3412\r\n2143\r\n4321\r\n`),
    tokens: runCli(["count", "--jobs", "1"], bom + read("testdata/verdict/messy.txt")),
    empty: runCli(["count", "--jobs", "1"], ""),
  };
  await t.step("line form", async () => {
    assert.deepEqual([(await runs.line).stdout, (await runs.comment).stdout], ["2+\n1\n", "2+\n"]);
  });
  await t.step("grid form", async () => {
    const r = await runs.grid;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "1\n"]);
  });
  await t.step("token form", async () => {
    const r = await runs.tokens;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "1\n2+\n0\n0\n"]);
  });
  await t.step("empty input: nothing, exit 0", async () => {
    const r = await runs.empty;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", ""]);
  });
});

Deno.test("count --format json", async (t) => {
  const tokens = runCli([
    "count",
    "--format",
    "json",
    "--jobs",
    "1",
    "testdata/verdict/sample.txt",
  ]);
  const lines = runCli(
    ["count", "--format", "json", "--limit", "1000", "--jobs", "2"],
    "# c\n................\n\n1234341221434321\n",
  );
  await t.step("fields puzzle, line, size, count, exact, nodes, ms, conflict", async () => {
    const r = await tokens;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const objs = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(
      objs.map((o) => [o.puzzle, o.line, o.size, o.count, o.exact, o.conflict]),
      [
        [1, 1, 9, 1, true, undefined],
        [2, 11, 9, 2, false, undefined],
        [3, 21, 9, 0, true, "2 is duplicated in block 7"],
        [4, 31, 9, 0, true, undefined],
      ],
    );
    for (const o of objs) {
      assert.ok(Number.isInteger(o.nodes) && o.nodes >= 0, `nodes ${o.nodes}`);
      assert.ok(typeof o.ms === "number" && o.ms >= 0, `ms ${o.ms}`);
      assert.equal("conflict" in o, o.conflict !== undefined);
    }
  });
  await t.step("line numbers skip comments and blanks; exact counts", async () => {
    const r = await lines;
    const objs = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(
      objs.map((o) => [o.puzzle, o.line, o.size, o.count, o.exact]),
      [[1, 2, 4, 288, true], [2, 4, 4, 1, true]],
    );
  });
});

Deno.test("count bad input: one-line error, exit 2, earlier counts kept", async (t) => {
  const mix6 = puzzles(DIR + "17_clue_2000.txt").slice(0, 2).join("\n") + "\n" +
    read(DIR + "case_6x6.txt");
  const cases: [string, string[], string | undefined, string, string][] = [
    [
      "line of non-square length",
      [DIR + "err_non_square.txt"],
      undefined,
      "1\n1\n",
      `${DIR}err_non_square.txt: grid 3, line 5, column 3: line has 10 cells; a puzzle needs ` +
      "a square number of cells: 9 for 3×3, 16 for 4×4",
    ],
    [
      "bad symbol (error on the second line)",
      [DIR + "err_bad_symbol.txt"],
      undefined,
      "1\n",
      `${DIR}err_bad_symbol.txt: grid 2, line 2, column 41: 'G' is not a symbol of a 9×9 ` +
      "puzzle; use 1-9, '.' or '0' for empty",
    ],
    [
      "--variant sudoku on a 6×6",
      ["--variant", "sudoku", DIR + "case_6x6.txt"],
      undefined,
      "",
      `${DIR}case_6x6.txt: grid 1, line 1, column 1: variant sudoku needs a perfect-square size, not 6`,
    ],
    [
      "--variant sudoku on a 6×6 after two 9×9, --jobs 1",
      ["--variant", "sudoku", "--jobs", "1"],
      mix6,
      "1\n1\n",
      "grid 3, line 3, column 1: variant sudoku needs a perfect-square size, not 6",
    ],
    [
      "--variant x on a 6×6 after two 9×9, --jobs 2",
      ["--variant", "x", "--jobs", "2"],
      mix6,
      "0\n0\n",
      "grid 3, line 3, column 1: variant x needs a perfect-square size, not 6",
    ],
    [
      "grid format: grid 1 ends on the line where grid 2 goes wrong",
      ["--jobs", "1"],
      "2\n1\n1 x\n",
      "1\n",
      "grid 2, line 3, column 3: size 'x' is not an integer",
    ],
    [
      "a line one cell short of a 9×9 puzzle, first (read as one puzzle per line)",
      ["--jobs", "1"],
      SUDOKU.slice(0, 80) + "\n",
      "",
      "grid 1, line 1, column 1: line has 80 cells; a puzzle needs a square number of cells: " +
      "81 for 9×9, 64 for 8×8",
    ],
    [
      "a line one cell short of a 9×9 puzzle, after one",
      ["--jobs", "1"],
      SUDOKU + "\n" + SUDOKU + "0\n",
      "1\n",
      "grid 2, line 2, column 1: line has 82 cells; a puzzle needs a square number of cells: " +
      "81 for 9×9, 100 for 10×10",
    ],
    [
      "token format: a run of the wrong length",
      ["--jobs", "1", "--input", "tokens"],
      SUDOKU.slice(0, 80) + "\n",
      "",
      "grid 1, line 1, column 1: '..3.2.6..9..3.5..1..…' has 80 cells; a 9×9 grid needs 81: " +
      "single digits, runs of 9 (a row) or one run of 81, with '.' or '0' for empty",
    ],
    [
      "a 16×16 line with both '.' and '0' (0 may be a digit)",
      ["--jobs", "1"],
      `${JANKO_HEX[0]}\n${JANKO_HEX[1]}\n`,
      "",
      "grid 1, line 1, column 36: the line holds both '.' and '0', and '0' is read as empty; " +
      "if 0 is a digit here, pass --symbols 0123456789ABCDEF",
    ],
    [
      "--symbols: a line of another size",
      ["--jobs", "1", "--symbols", "0123456789ABCDEF"],
      `${JANKO_HEX[0]}\n${SUDOKU}\n`,
      "1\n",
      "grid 2, line 2, column 1: line has 81 cells; a 16×16 puzzle (16 symbols in --symbols) " +
      "needs 256",
    ],
    [
      "--symbols: a character that is not one of them",
      ["--jobs", "1", "--symbols", "0123456789ABCDEF"],
      `${JANKO[0]}\n`,
      "",
      "grid 1, line 1, column 9: 'G' is not a symbol of a 16×16 puzzle; use the symbols " +
      "'0123456789ABCDEF', '.' for empty",
    ],
    [
      "--symbols: a grid of the grid format of another size",
      ["--jobs", "1", "--symbols", "abcd"],
      "2\n4\n1234\n3412\n2143\n4321\n1\n0\n",
      "1\n",
      "grid 2, line 7, column 1: a 1×1 grid, but --symbols gives 4 symbols, for 4×4 grids: " +
      "count only 4×4 grids with it, or leave it out",
    ],
    [
      "token format: incomplete last grid",
      ["--jobs", "1"],
      read("testdata/verdict/err_incomplete.txt"),
      "1\n1\n",
      "grid 3, line 24, column 8: input ends after 31 of 81 values",
    ],
  ];
  const runs = cases.map(([, args, stdin]) => runCli(["count", ...args], stdin));
  for (const [k, [name, , , stdout, message]] of cases.entries()) {
    await t.step(name, async () => {
      const r = await runs[k];
      assert.equal(r.stderr, `error: ${message}\n`);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, stdout);
    });
  }
});

Deno.test("count usage errors", async (t) => {
  const cases: [string[], string][] = [
    [["--bogus"], "unknown option '--bogus'"],
    [["--limit"], "option '--limit' needs a value"],
    [["--limit", "0"], "--limit must be a whole number from 1 to 9007199254740991, not '0'"],
    [["--limit", "abc"], "--limit must be a whole number from 1 to 9007199254740991, not 'abc'"],
    [["--limit", "-5"], "--limit must be a whole number from 1 to 9007199254740991, not '-5'"],
    [["--limit=-5"], "--limit must be a whole number from 1 to 9007199254740991, not '-5'"],
    [["--limit", "2.5"], "--limit must be a whole number from 1 to 9007199254740991, not '2.5'"],
    [
      ["--limit", "9007199254740992"],
      "--limit must be a whole number from 1 to 9007199254740991, not '9007199254740992'",
    ],
    [["--limit", "1e3"], "--limit must be a whole number from 1 to 9007199254740991, not '1e3'"],
    [["--jobs", "0"], "--jobs must be a whole number from 1 to 1024, not '0'"],
    [["--jobs", "x"], "--jobs must be a whole number from 1 to 1024, not 'x'"],
    [["--jobs", "-2"], "--jobs must be a whole number from 1 to 1024, not '-2'"],
    [["--jobs", "1.5"], "--jobs must be a whole number from 1 to 1024, not '1.5'"],
    [["--jobs", "99999"], "--jobs must be a whole number from 1 to 1024, not '99999'"],
    [["--time-limit", "0"], "--time-limit must be a number from 0.001 to 1000000, not '0'"],
    [["--time-limit", "-1"], "--time-limit must be a number from 0.001 to 1000000, not '-1'"],
    [["--time-limit", "1e3"], "--time-limit must be a number from 0.001 to 1000000, not '1e3'"],
    [
      ["--time-limit", "Infinity"],
      "--time-limit must be a number from 0.001 to 1000000, not 'Infinity'",
    ],
    [["--time-limit", "0x10"], "--time-limit must be a number from 0.001 to 1000000, not '0x10'"],
    [["--time-limit"], "option '--time-limit' needs a value"],
    [["--solutions=yes"], "option '--solutions' takes no value"],
    [["--variant", "sodoku"], "--variant must be one of sudoku, x, latin, not 'sodoku'"],
    [["--input", "csv"], "--input must be one of auto, line, grid, tokens, not 'csv'"],
    [
      ["--format", "yaml"],
      "--format must be one of text, json, line, grid, readable, svg, not 'yaml'",
    ],
    [
      ["--format", "svg"],
      "--format svg draws the solutions found: add --solutions, or choose another format",
    ],
    [["--color", "yes"], "--color must be one of auto, always, never, not 'yes'"],
    [["--format"], "option '--format' needs a value"],
    [["--symbols"], "option '--symbols' needs a value"],
    [
      ["--symbols", "0123456789ABCDE1"],
      "--symbols '0123456789ABCDE1' repeats '1': give each value its own character",
    ],
    [
      ["--symbols", ".123"],
      "--symbols '.123' holds '.', which always marks an empty cell: use another character",
    ],
    [
      ["--symbols", "#123"],
      "--symbols '#123' holds '#', which starts a comment line: use another character",
    ],
    [
      ["--symbols", "12 4"],
      "--symbols '12 4' holds a space: use printable ASCII characters (letters, digits, " +
      "punctuation)",
    ],
    [["--symbols="], "--symbols '' is empty: give one character per value, e.g. 123456789"],
  ];
  // No stdin: the process exits before reading it (writing would race a broken pipe).
  const runs = cases.map(([args]) => runCli(["count", ...args]));
  const missing = runCli(["count", "nosuch.txt"]);
  const missingAfter = runCli(
    ["count", "--jobs", "1", "--variant", "latin", DIR + "case_6x6.txt", "nosuch.txt"],
  );
  const help = runCli(["count", "--help"]);
  for (const [k, [args, message]] of cases.entries()) {
    await t.step(args.join(" "), async () => {
      const r = await runs[k];
      assert.equal(r.stderr, `error: ${message}\nRun 'sudokit count --help' for usage.\n`);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
    });
  }
  await t.step("missing file", async () => {
    const r = await missing;
    assert.deepEqual([r.code, r.stdout, r.stderr], [
      2,
      "",
      "error: cannot read nosuch.txt: no such file\n",
    ]);
  });
  await t.step("missing file after a good one: the good one's count is still printed", async () => {
    const r = await missingAfter;
    assert.equal(r.stderr, "error: cannot read nosuch.txt: no such file\n");
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "2+\n");
  });
  await t.step("--help", async () => {
    const r = await help;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.ok(r.stdout.startsWith("Usage: sudokit count"));
    assert.match(r.stdout, /--symbols CHARS {6}the symbols of one puzzle per line/);
    assert.match(r.stdout, /--symbols 0123456789ABCDEF says/);
  });
});

Deno.test("count --jobs 2 shares a large grid's search between workers", async (t) => {
  // Frisch's 25×25 puzzle 2 takes some 850 nodes: the idle worker gets branches of it.
  const frisch = puzzles(DIR + "sudoku25_gecode_frisch.txt");
  const lone = frisch[1] + "\n";
  // Givens taken out of it: many solutions, so the limit decides and parts are stopped.
  const open = frisch[1].replace(/[1-9A-P]/g, (ch, i: number) => (i % 3 === 0 ? "." : ch)) + "\n";
  const runs = {
    json: runCli(["count", "--jobs", "2", "--format", "json"], lone),
    one: runCli(["count", "--jobs", "1"], frisch.slice(1, 3).join("\n") + "\n"),
    two: runCli(["count", "--jobs", "2"], frisch.slice(1, 3).join("\n") + "\n"),
    // 500 solutions take about 700 nodes, past the first poll (`POLL_NODES`, 256).
    limitOne: runCli(["count", "--jobs", "1", "--limit", "500"], open),
    limitTwo: runCli(["count", "--jobs", "2", "--limit", "500", "--format", "json"], open),
  };
  await t.step("one grid: the same count, from several parts", async () => {
    const r = await runs.json;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const o = JSON.parse(r.stdout);
    assert.deepEqual([o.puzzle, o.count, o.exact], [1, 1, true]);
    assert.ok(o.parts >= 2, r.stdout);
  });
  await t.step("two grids: output as with one worker", async () => {
    const one = await runs.one;
    const two = await runs.two;
    assert.deepEqual([one.code, one.stderr, one.stdout], [0, "", "1\n1\n"]);
    assert.deepEqual([two.code, two.stderr, two.stdout], [0, "", "1\n1\n"]);
  });
  await t.step("the limit reached in one part ends the grid", async () => {
    const one = await runs.limitOne;
    const two = await runs.limitTwo;
    assert.deepEqual([one.code, one.stderr, one.stdout], [0, "", "500+\n"]);
    assert.deepEqual([two.code, two.stderr], [0, ""]);
    const o = JSON.parse(two.stdout);
    assert.deepEqual([o.count, o.exact], [500, false]);
    assert.ok(o.parts >= 2, two.stdout);
  });
});

Deno.test("count --symbols: puzzles written with symbols of the user's", async (t) => {
  const letters = "abcdefghi";
  const clue17 = puzzles(DIR + "17_clue_2000.txt");
  const inLetters = (p: string) => p.replace(/[1-9]/g, (d) => letters[Number(d) - 1]);
  const hexArgs = ["count", "--jobs", "1", "--solutions", "--symbols", "0123456789ABCDEF"];
  // Files: through a pipe, the test would have to read the output while it writes.
  const lettersFile = await Deno.makeTempFile({ suffix: ".txt" });
  await Deno.writeTextFile(lettersFile, clue17.map(inLetters).join("\n") + "\n");
  const runs = {
    hex: runCli(hexArgs, JANKO_HEX.slice(0, 3).join("\n") + "\n"),
    plain: runCli(["count", "--jobs", "1", "--solutions"], JANKO.slice(0, 3).join("\n") + "\n"),
    // Lower-case symbols read the upper-case letters too, and write their own.
    lower: runCli(
      ["count", "--jobs", "1", "--solutions", "--symbols", "0123456789abcdef"],
      JANKO_HEX[0] + "\n",
    ),
    json: runCli([...hexArgs, "--format", "json"], JANKO_HEX[0] + "\n"),
    // The grid format, read as numbers, written with the symbols.
    grid: runCli(
      ["count", "--jobs", "1", "--solutions", "--symbols", "wxyz"],
      "1\n4\n1 2 0 0\n0 0 1 2\n2 1 0 0\n0 0 2 1\n",
    ),
    // A short line is a small puzzle in them, not a token of the 9×9 token form.
    small: runCli(
      ["count", "--jobs", "1", "--solutions", "--symbols", "ab", "--variant", "latin"],
      "ab..\n..ab\n",
    ),
    // Worker threads write with them too: `pool_test.ts`.
    letters: runCli(["count", "--jobs", "2", "--solutions", "--symbols", letters, lettersFile]),
    digits: runCli(["count", "--jobs", "1", "--solutions", DIR + "17_clue_2000.txt"]),
  };
  await t.step("16×16 with 0-F: read and written with them", async () => {
    const hex = await runs.hex;
    const plain = await runs.plain;
    assert.deepEqual([hex.code, hex.stderr], [0, ""]);
    assert.deepEqual([plain.code, plain.stderr], [0, ""]);
    const lines = hex.stdout.trimEnd().split("\n");
    assert.deepEqual(lines.filter((_, i) => i % 2 === 0), ["1", "1", "1"]);
    for (const [k, sol] of plain.stdout.trimEnd().split("\n").entries()) {
      if (k % 2 === 1) assert.equal(lines[k], toHex(sol), `grid ${(k + 1) / 2}`);
    }
    assert.ok(solves(plain.stdout.split("\n")[1], JANKO[0]));
  });
  await t.step("letters in either case; written as given", async () => {
    const r = await runs.lower;
    const hexSolution = (await runs.hex).stdout.split("\n")[1];
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", `1\n${hexSolution.toLowerCase()}\n`]);
  });
  await t.step("JSON: the solutions array written with them", async () => {
    const r = await runs.json;
    const o = JSON.parse(r.stdout);
    assert.deepEqual([o.count, o.size, o.solutions], [1, 16, [
      (await runs.hex).stdout.split("\n")[1],
    ]]);
  });
  await t.step("2×2 lines, detected as one puzzle per line", async () => {
    const r = await runs.small;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "1\nabba\n1\nbaab\n"]);
  });
  await t.step("the grid format: solutions written with them", async () => {
    const r = await runs.grid;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const [count, ...sols] = r.stdout.trimEnd().split("\n");
    assert.equal(count, "2+");
    assert.equal(new Set(sols).size, 2);
    for (const sol of sols) {
      assert.match(sol, /^[wxyz]{16}$/);
      const digits = sol.replace(/[wxyz]/g, (ch) => String("wxyz".indexOf(ch) + 1));
      assert.ok(solves(digits, "12....12" + "21....21"), sol);
    }
  });
  await t.step("2,000 9×9 in letters: as in digits", async () => {
    const r = await runs.letters;
    const digits = await runs.digits;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const lines = digits.stdout.split("\n");
    assert.equal(r.stdout, lines.map((l, i) => i % 2 === 1 ? inLetters(l) : l).join("\n"));
    assert.equal(r.stdout.split("\n").length, 2 * clue17.length + 1);
  });
  await Deno.remove(lettersFile);
});
