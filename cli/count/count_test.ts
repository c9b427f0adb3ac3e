import assert from "node:assert/strict";
import { repoPath, runCli } from "../test_util.ts";

const DIR = "testdata/count/";

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
    sudoku4: runCli(["count", "--limit", "1000", "--jobs", "1"], "................\n"),
    latin4: runCli(
      ["count", "--variant", "latin", "--limit", "1000", "--jobs", "1"],
      "................\n",
    ),
    plus: runCli(["count", "--limit", "1000", "--jobs", "1"], ".".repeat(81) + "\n"),
    limit288: runCli(["count", "--limit", "288", "--jobs", "1"], "................\n"),
    dflt: runCli(["count", "--jobs", "1"], "................\n" + "1234341221434321\n"),
  };
  await t.step("--limit 1000 on the empty 4×4: 288", async () => {
    const r = await runs.sudoku4;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "288\n"]);
  });
  await t.step("--variant latin on 16 dots: 576", async () => {
    const r = await runs.latin4;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "576\n"]);
  });
  await t.step("the limit reached prints N+ (1000+, 288+, 2+)", async () => {
    assert.deepEqual((await runs.plus).stdout, "1000+\n");
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
  const runs = files.map((f) => ({
    one: runCli(["count", "--jobs", "1", DIR + f]),
    two: runCli(["count", "--jobs", "2", DIR + f]),
  }));
  for (const [k, f] of files.entries()) {
    await t.step(f, async () => {
      const one = await runs[k].one;
      const two = await runs[k].two;
      assert.deepEqual([one.code, one.stderr], [0, ""]);
      assert.deepEqual([two.code, two.stderr], [0, ""]);
      const lines = one.stdout.trimEnd().split("\n");
      assert.equal(lines.length, puzzles(DIR + f).length);
      assert.equal(two.stdout, one.stdout);
      if (k < sets.length) {
        assert.ok(lines.every((l) => l === sets[k][1]), `${f}: ${new Set(lines)}`);
      }
    });
  }
  await t.step("case_mixed.txt: known answers line by line", async () => {
    // 17-clue puzzles are unique, serg puzzles have 2+, the janko 16×16 are unique (data
    // README); the 4×4 lines are counted by brute force here.
    const clue17 = new Set(puzzles(DIR + "17_clue_2000.txt"));
    const serg = new Set(puzzles(DIR + "serg_benchmark_2000.txt"));
    const lines = (await runs[2].one).stdout.trimEnd().split("\n");
    const ps = puzzles(DIR + "case_mixed.txt");
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
  await t.step("6×6 defaults to latin", async () => {
    const r = await runs.latin6;
    assert.deepEqual([r.code, r.stdout], [0, "3+\n"]);
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
      `${DIR}err_non_square.txt: grid 3, line 5, column 3: line has 10 symbols, which is not a square number`,
    ],
    [
      "bad symbol (error on the second line)",
      [DIR + "err_bad_symbol.txt"],
      undefined,
      "1\n",
      `${DIR}err_bad_symbol.txt: grid 2, line 2, column 41: symbol 'G' (16) is outside 1..9`,
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
    [["--format", "yaml"], "--format must be one of text, json, not 'yaml'"],
    [["--format"], "option '--format' needs a value"],
  ];
  // No stdin: the process exits before reading it (writing would race a broken pipe).
  const runs = cases.map(([args]) => runCli(["count", ...args]));
  const missing = runCli(["count", "nosuch.txt"]);
  const missingAfter = runCli(["count", "--jobs", "1", DIR + "case_6x6.txt", "nosuch.txt"]);
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

Deno.test("count: grids arriving in bursts are printed as they come, in input order", async () => {
  // Three puzzles arrive alone and are printed before the other 600 are sent; the output
  // keeps the input's order, as with one thread. (Which thread counts them is the pool's
  // business: `pool_test.ts`.)
  const all = puzzles(DIR + "serg_benchmark_2000.txt").slice(0, 603);
  const want = await runCli(["count", "--jobs", "1", "--format", "json"], all.join("\n") + "\n");
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", "cli/main.ts", "count", "--format", "json"],
    cwd: repoPath(""),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => child.kill(), 30_000);
  let seen = "";
  try {
    await writer.write(new TextEncoder().encode(all.slice(0, 3).join("\n") + "\n"));
    while (seen.split("\n").length <= 3) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
    await writer.write(new TextEncoder().encode(all.slice(3).join("\n") + "\n"));
    await writer.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
  } finally {
    clearTimeout(timer);
  }
  const status = await child.status;
  const noTime = (s: string) => s.replace(/"ms":[0-9.]+/g, "");
  assert.equal(status.code, 0);
  assert.equal(want.code, 0);
  assert.equal(noTime(seen), noTime(want.stdout));
  assert.equal(seen.trimEnd().split("\n").length, 603);
});

Deno.test("count: an input fault after thousands of hard puzzles keeps every count before it", async () => {
  // 6,000 hard puzzles take this thread over 100 ms, so a worker starts and shares them;
  // the fault on the next line must still find every earlier count printed, in order.
  const hard = puzzles(DIR + "forum_hardest_1905_11plus_2000.txt");
  const input = [...hard, ...hard, ...hard, "12345", hard[0]].join("\n") + "\n";
  // A file: through a pipe, this test would have to read the output while it writes.
  const file = await Deno.makeTempFile({ suffix: ".txt" });
  await Deno.writeTextFile(file, input);
  const [two, one] = await Promise.all([
    runCli(["count", "--format", "json", file]),
    runCli(["count", "--jobs", "1", "--format", "json", file]),
  ]).finally(() => Deno.remove(file));
  const noTime = (s: string) => s.replace(/"ms":[0-9.]+/g, "");
  assert.equal(two.code, 2);
  assert.equal(
    two.stderr,
    `error: ${file}: grid 6001, line 6001, column 1: line has 5 symbols, which is not a square number\n`,
  );
  assert.equal(two.stdout.split("\n").length, 6001);
  assert.deepEqual([one.code, one.stderr, noTime(one.stdout)], [2, two.stderr, noTime(two.stdout)]);
});
