import assert from "node:assert/strict";
import { Rng } from "../../lib/grid/mod.ts";
import { byClass, elements, grids, parseXml, textOf } from "../../lib/picture/xml_test_util.ts";
import { repoPath, runCli } from "../test_util.ts";
import { lineValues, solutionProblem } from "../solution_test_util.ts";
import {
  type Batch,
  boardOfRecord,
  type CountSettings,
  formatCount,
  type GridCount,
  isMiss,
  PIECE,
  sheetRecord,
  solveStatus,
} from "./format.ts";

const DIR = "testdata/count/";

const SETTINGS: CountSettings = {
  limit: 2,
  variant: undefined,
  format: "line",
  solutions: true,
  timeLimit: 0,
  progress: false,
  command: "solve",
};

/** One 4×4 grid as a batch, puzzle number `index`. */
function batchOf(cells: number[], index: number): Batch {
  return {
    id: 0,
    sizes: Uint8Array.of(4),
    indexes: Uint32Array.of(index),
    lines: Uint32Array.of(index + 1),
    cells: Uint8Array.from(cells),
  };
}

const PUZZLE = [1, 2, 0, 0, 0, 0, 1, 2, 2, 1, 0, 0, 0, 0, 2, 1];
const SOLUTION = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

Deno.test("solveStatus and isMiss: unique, none, several, unknown", () => {
  const cases: [GridCount, string, boolean][] = [
    [{ count: 1, exact: true, nodes: 1 }, "unique", false],
    [{ count: 0, exact: true, nodes: 1 }, "none", true],
    [{ count: 2, exact: false, nodes: 1 }, "several", true],
    [{ count: 1, exact: false, nodes: 1, timedOut: true }, "unknown", true],
    [{ count: 0, exact: false, nodes: 1, timedOut: true }, "unknown", true],
  ];
  for (const [r, status, miss] of cases) {
    assert.equal(solveStatus(r), status, JSON.stringify(r));
    assert.equal(isMiss(r), miss, JSON.stringify(r));
  }
});

Deno.test("formatCount: solve's shapes of one grid", async (t) => {
  const unique: GridCount = {
    count: 1,
    exact: true,
    nodes: 3,
    solutions: [Uint8Array.from(SOLUTION)],
  };
  const none: GridCount = { count: 0, exact: true, nodes: 0, conflict: "1 is duplicated in row 1" };
  const at = (format: CountSettings["format"], r: GridCount, index: number) =>
    formatCount(r, batchOf(PUZZLE, index), 0, 0, 0, { ...SETTINGS, format }, () => {
      throw new Error("a piece of a short text");
    });
  await t.step("line", () => {
    assert.equal(at("line", unique, 1), "1234341221434321\n");
    assert.equal(at("line", none, 1), "no solution\n");
  });
  await t.step("grid and readable: a blank line before every puzzle but the first", () => {
    assert.equal(at("grid", unique, 1), "1234\n3412\n2143\n4321\n");
    assert.equal(at("grid", none, 2), "\nno solution\n");
    // The puzzle beside its solution: the givens show without colour.
    assert.equal(
      at("readable", unique, 2),
      "\n" + [
        " 1 2 | . .      1 2 | 3 4",
        " . . | 1 2      3 4 | 1 2",
        "-----|-----    -----|-----",
        " 2 1 | . .      2 1 | 4 3",
        " . . | 2 1      4 3 | 2 1",
      ].join("\n") + "\n",
    );
  });
  await t.step("json", () => {
    assert.deepEqual(JSON.parse(at("json", none, 1)), {
      puzzle: 1,
      line: 2,
      size: 4,
      status: "none",
      conflict: "1 is duplicated in row 1",
      nodes: 0,
      ms: 0,
    });
  });
  await t.step("svg: one record, the puzzle drawn when there is no solution", () => {
    const board = boardOfRecord(at("svg", none, 3).replace(/\n$/, ""), undefined);
    assert.deepEqual([...board.cells], PUZZLE);
    assert.equal(
      board.title,
      "Puzzle 3 (line 4): no solution (1 is duplicated in row 1), the puzzle shown",
    );
  });
});

Deno.test("formatCount: a grid of much text comes in pieces a string holds", async (t) => {
  // 1,200,000 solutions of a 4×4 (17 characters a line): 20.4 million characters, more
  // than one piece (16.8 million); the same 24 grids over and over.
  const rng = new Rng(3);
  const distinct = Array.from({ length: 24 }, () => {
    const perm = [1, 2, 3, 4].sort(() => rng.next() - 0.5);
    return Uint8Array.from(SOLUTION, (v) => perm[v - 1]);
  });
  const many = 1_200_000;
  const solutions = Array.from({ length: many }, (_, j) => distinct[j % 24]);
  const r: GridCount = { count: many, exact: false, nodes: 9, solutions };
  const lineOf = (s: Uint8Array) => Array.from(s).join("");
  const pieces = (format: CountSettings["format"]) => {
    const out: string[] = [];
    const settings = { ...SETTINGS, command: "count", limit: many, format } as const;
    out.push(formatCount(r, batchOf(PUZZLE, 1), 0, 0, 0, settings, (p) => out.push(p)));
    assert.ok(out.length >= 2, `${format}: ${out.length} piece`);
    for (const p of out) assert.ok(p.length <= PIECE + 100, `${format}: a piece of ${p.length}`);
    return out.join("");
  };
  await t.step("text: the count line, then every solution", () => {
    const text = pieces("text");
    assert.equal(text.length, 9 + 17 * many);
    const lines = text.split("\n");
    assert.equal(lines[0], `${many}+`);
    for (let j = 0; j < many; j += 9973) assert.equal(lines[1 + j], lineOf(solutions[j]));
  });
  await t.step("json: one object, the solutions last", () => {
    const o = JSON.parse(pieces("json"));
    assert.deepEqual(Object.keys(o), [
      "puzzle",
      "line",
      "size",
      "count",
      "exact",
      "nodes",
      "ms",
      "solutions",
    ]);
    assert.equal(o.solutions.length, many);
    for (let j = 0; j < many; j += 9973) assert.equal(o.solutions[j], lineOf(solutions[j]));
  });
});

Deno.test("sheetRecord and boardOfRecord: a board through its line, every size", () => {
  const rng = new Rng(64);
  for (const size of [1, 2, 4, 9, 16, 25, 35, 36, 49, 64]) {
    const n = size * size;
    const cells = Uint8Array.from({ length: n }, () => rng.below(size + 1));
    const puzzle = Uint8Array.from(cells, (v) => (rng.below(2) === 0 ? v : 0));
    const line = sheetRecord(cells, puzzle, size, SETTINGS, `Puzzle ${size}: a b\tc`);
    assert.ok(line.endsWith("\n") && line.indexOf("\n") === line.length - 1, `size ${size}`);
    const board = boardOfRecord(line.slice(0, -1), size === 4 ? "wxyz" : undefined);
    assert.equal(board.size, size);
    assert.equal(board.variant, Number.isInteger(Math.sqrt(size)) ? "sudoku" : "latin");
    assert.deepEqual(board.cells, cells);
    assert.deepEqual(board.givens, puzzle);
    assert.equal(board.title, `Puzzle ${size}: a b\tc`);
    assert.equal(board.symbols, size === 4 ? "wxyz" : undefined);
  }
});

/**
 * The lines of the text shape of `count --solutions` on grids of 4×4 or more, grouped per
 * grid: its count line and its solutions.
 */
function groups(text: string): { count: string; solutions: string[] }[] {
  const out: { count: string; solutions: string[] }[] = [];
  for (const line of text.trimEnd().split("\n")) {
    // Solutions here are 16 or 81 symbols long, count lines a few characters.
    if (line.length < 16) out.push({ count: line, solutions: [] });
    else out[out.length - 1].solutions.push(line);
  }
  return out;
}

/**
 * A 4×4 solution in the readable shape, written out plainly: its puzzle (one-line
 * symbols) on the left, four spaces after the widest line, the solution on the right.
 */
function readable4(puzzle: string, line: string): string {
  const row = (s: string, r: number) => {
    const t = s.slice(4 * r, 4 * r + 4);
    return ` ${t[0]} ${t[1]} | ${t[2]} ${t[3]}`;
  };
  const rule = "-----|-----";
  const left = [row(puzzle, 0), row(puzzle, 1), rule, row(puzzle, 2), row(puzzle, 3)];
  const right = [row(line, 0), row(line, 1), rule, row(line, 2), row(line, 3)];
  return left.map((l, k) => l.padEnd(rule.length + 4) + right[k]).join("\n");
}

Deno.test("count --solutions in the shapes line, grid, readable and svg", async (t) => {
  // Several solutions (the limit reached), one, and none (a conflict); the lines are 4×4.
  const input = "................\n1...3..1..4...1.\n11..............\n";
  const args = ["count", "--jobs", "1", "--solutions", "--limit", "3"];
  const nine = [...Deno.readTextFileSync(repoPath(DIR + "17_clue_2000.txt")).split("\n")]
    .slice(0, 20).join("\n") + "\n";
  const runs = {
    text: runCli(args, input),
    line: runCli([...args, "--format", "line"], input),
    grid: runCli([...args, "--format", "grid"], input),
    readable: runCli([...args, "--format", "readable"], input),
    colour: runCli([...args, "--format", "readable", "--color", "always"], "1...3..1..4...1.\n"),
    svg: runCli([...args, "--format", "svg"], input),
    bare: ["line", "grid", "readable"].map((f) =>
      runCli(["count", "--jobs", "1", "--format", f], input)
    ),
    nineText: runCli(["count", "--solutions"], nine),
    nineSvg: runCli(["count", "--solutions", "--format", "svg"], nine),
  };
  const text = (await runs.text).stdout;
  const want = groups(text);
  await t.step("text: counts 3+, 1, 0 and the solutions", () => {
    assert.deepEqual(want.map((g) => [g.count, g.solutions.length]), [["3+", 3], ["1", 1], [
      "0",
      0,
    ]]);
  });
  await t.step("line is text", async () => {
    const r = await runs.line;
    assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", text]);
  });
  await t.step("without --solutions, every text shape is the count lines", async () => {
    for (const run of runs.bare) {
      const r = await run;
      assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "2+\n1\n0\n"]);
    }
  });
  await t.step(
    "grid and readable: count lines and solutions, a blank line between any two",
    async () => {
      const items = want.flatMap((g) => [g.count, ...g.solutions]);
      const grid = (await runs.grid).stdout;
      const readable = (await runs.readable).stdout;
      const rows = (s: string) => s.match(/.{4}/g)!.join("\n");
      assert.equal(grid, items.map((s) => (s.length === 16 ? rows(s) : s)).join("\n\n") + "\n");
      const puzzles = input.trimEnd().split("\n");
      const drawn = want.flatMap((g, k) => [
        g.count,
        ...g.solutions.map((s) => readable4(puzzles[k], s)),
      ]);
      assert.equal(readable, drawn.join("\n\n") + "\n");
    },
  );
  await t.step("readable --color always: givens bold, filled cells cyan", async () => {
    const r = await runs.colour;
    const bold = (d: string) => `\x1b[1m${d}\x1b[0m`;
    const cyan = (d: string) => `\x1b[36m${d}\x1b[0m`;
    const lines = r.stdout.split("\n");
    // The puzzle, its givens bold, beside the solution, givens bold and filled cells cyan.
    const puzzle = [` ${bold("1")} . | . .`, ` ${bold("3")} . | . ${bold("1")}`];
    assert.equal(
      lines[2],
      `${puzzle[0]}      ${bold("1")} ${cyan("2")} | ${cyan("3")} ${cyan("4")}`,
    );
    assert.equal(
      lines[3],
      `${puzzle[1]}      ${bold("3")} ${cyan("4")} | ${cyan("2")} ${bold("1")}`,
    );
  });
  await t.step("svg: a board per solution, a grid without any drawn as given", async () => {
    const r = await runs.svg;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const boards = grids(parseXml(r.stdout));
    const captions = boards.map((b) => byClass(b, "caption").map(textOf).join(" "));
    assert.deepEqual(captions, [
      "Puzzle 1 (line 1): solution 1 of 3+",
      "Puzzle 1 (line 1): solution 2 of 3+",
      "Puzzle 1 (line 1): solution 3 of 3+",
      "Puzzle 2 (line 2): solution 1 of 1",
      "Puzzle 3 (line 3): no solution (1 is duplicated in block 1)",
    ]);
    const solutions = want.flatMap((g) => g.solutions);
    const puzzles = input.split("\n");
    boards.forEach((b, k) => {
      assert.equal(b.attrs.get("data-grid"), String(k + 1));
      const cells = [...elements(b)].filter((e) => e.attrs.has("data-cell"));
      const drawn = cells.map((c) => textOf(c) || ".").join("");
      const puzzle = puzzles[k < 3 ? 0 : k - 2];
      assert.equal(drawn, k < 4 ? solutions[k] : puzzle);
      cells.forEach((c, i) => {
        const kind = (c.attrs.get("class") ?? "").split(" ")[0];
        assert.equal(kind, puzzle[i] !== "." ? "given" : drawn[i] !== "." ? "filled" : "empty");
      });
    });
  });
  await t.step("svg of 20 9×9 puzzles: the text's solutions, valid", async () => {
    const sols = groups((await runs.nineText).stdout).map((g) => g.solutions[0]);
    const r = await runs.nineSvg;
    const boards = grids(parseXml(r.stdout));
    const puzzles = nine.trimEnd().split("\n");
    assert.equal(boards.length, 20);
    boards.forEach((b, k) => {
      const drawn = [...elements(b)].filter((e) => e.attrs.has("data-cell")).map(textOf).join("");
      assert.equal(drawn, sols[k]);
      const problem = solutionProblem(lineValues(drawn), lineValues(puzzles[k]), 9, "sudoku");
      assert.equal(problem, undefined);
    });
  });
});

Deno.test("count --solutions: --jobs 1 and --jobs 2 alike in the svg and readable shapes", async (t) => {
  // 6,000 hard puzzles: long enough for a worker (`pool_test.ts` sees that it starts).
  const hard = Deno.readTextFileSync(repoPath(DIR + "forum_hardest_1905_11plus_2000.txt"));
  const file = await Deno.makeTempFile({ suffix: ".txt" });
  await Deno.writeTextFile(file, hard.repeat(3));
  try {
    for (const format of ["svg", "readable"]) {
      await t.step(format, async () => {
        const run = (jobs: string) =>
          runCli(["count", "--solutions", "--jobs", jobs, "--format", format, file]);
        const [one, two] = await Promise.all([run("1"), run("2")]);
        assert.deepEqual([one.code, one.stderr], [0, ""]);
        assert.deepEqual([two.code, two.stderr], [0, ""]);
        assert.equal(two.stdout, one.stdout);
        if (format === "svg") assert.equal(one.stdout.split("<g data-grid=").length - 1, 6000);
      });
    }
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("count --solutions --format svg: a grid the time limit stopped, captioned so", async () => {
  // Frisch's puzzle 9 takes seconds: in 0.05 s no solution is found.
  const frisch = Deno.readTextFileSync(repoPath(DIR + "sudoku25_gecode_frisch.txt")).split("\n");
  const r = await runCli(
    ["count", "--jobs", "1", "--solutions", "--time-limit", "0.05", "--format", "svg"],
    frisch[8] + "\n",
  );
  assert.deepEqual([r.code, r.stderr], [0, ""]);
  const boards = grids(parseXml(r.stdout));
  assert.deepEqual(
    boards.map((b) => byClass(b, "caption").map(textOf).join(" ")),
    ["Puzzle 1 (line 1): no solution found in the time limit"],
  );
});
