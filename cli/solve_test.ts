import assert from "node:assert/strict";
import { repoPath, runCli } from "./test_util.ts";
import {
  defaultVariantOf,
  filePuzzles,
  linePuzzles,
  lineValues,
  solutionProblem,
  type TestPuzzle,
} from "./solution_test_util.ts";
import {
  byClass,
  elements,
  grids,
  parseXml,
  textOf,
  type XmlElement,
} from "../lib/picture/xml_test_util.ts";

const DIR = "testdata/count/";
type Variant = "sudoku" | "x" | "latin";

function read(path: string): string {
  return Deno.readTextFileSync(repoPath(path));
}

/** Puzzle lines of a one-per-line file ('#' and blank lines skipped). */
function lines(path: string): string[] {
  return read(path).split(/\r?\n/).map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** JSON lines of an output. */
function objects(stdout: string): Record<string, unknown>[] {
  return stdout.trimEnd().split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

/** A grid of 1-9A-G written with 0-F instead, '.' kept. */
function toHex(line: string): string {
  const from = ".123456789ABCDEFG";
  return Array.from(line, (ch) => ".0123456789ABCDEF"[from.indexOf(ch)]).join("");
}

/** What `count` says of a grid, as `solve` must put it. */
function statusOfCount(o: Record<string, unknown>): string {
  if (o.count === 0) return "none";
  if (o.count === 1 && o.exact === true) return "unique";
  if (o.count === 2) return "several";
  return `unexpected count ${JSON.stringify(o)}`;
}

/** Check one `solve --format json` object against its puzzle; returns its status. */
function checkSolved(o: Record<string, unknown>, p: TestPuzzle, variant: Variant, where: string) {
  const check = (s: unknown) => {
    assert.equal(typeof s, "string", where);
    const problem = solutionProblem(lineValues(s as string), p.values, p.size, variant);
    assert.equal(problem, undefined, `${where}: ${s}`);
  };
  if (o.status === "unique") {
    check(o.solution);
    assert.ok(!("solutions" in o), where);
  } else if (o.status === "several") {
    const two = o.solutions as string[];
    assert.equal(two.length, 2, where);
    assert.notEqual(two[0], two[1], where);
    two.forEach(check);
  } else {
    assert.equal(o.status, "none", where);
    assert.ok(!("solution" in o) && !("solutions" in o), where);
  }
}

/**
 * Frisch's 25×25 puzzles that take over half a second each (count and solve together spend
 * over a minute on all 18, as long as the rest of the test suite): the test takes the other
 * six (the one-off check of `../shared/data` covers them all).
 */
const FRISCH_SLOW = new Set([1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16]);

/** One run of the agreement test: a collection, the flags, and its text when not the file. */
interface Collection {
  readonly file: string;
  readonly flags: string[];
  readonly text?: string;
}

/** The collections of `testdata/count/` (all but the error cases), and the X ones as X too. */
function collections(): Collection[] {
  const files = [...Deno.readDirSync(repoPath(DIR))].map((e) => e.name)
    .filter((f) => f.endsWith(".txt") && !f.startsWith("err_")).sort();
  const runs: Collection[] = files.map((file) => {
    // One puzzle per line of a size without blocks (6×6): a Latin square when said so.
    const side = Math.sqrt(lines(DIR + file)[0].length);
    if (side > 1 && Number.isInteger(side) && !Number.isInteger(Math.sqrt(side))) {
      return { file, flags: ["--variant", "latin"] };
    }
    if (!file.includes("frisch")) return { file, flags: [] };
    const kept = lines(DIR + file).filter((_, i) => !FRISCH_SLOW.has(i + 1));
    return { file, flags: [], text: kept.join("\n") + "\n" };
  });
  for (const file of files) {
    if (/x9|x16/i.test(file)) runs.push({ file, flags: ["--variant", "x"] });
  }
  return runs;
}

Deno.test("solve agrees with count on every puzzle of testdata/count", async (t) => {
  const sets = collections();
  assert.ok(sets.length >= 19, `${sets.length} runs`);
  // The collections read with the same flags go to one run of each command, files in turn
  // (and standard input, `-`, for the one given as text): one process a command and flags.
  const groups = new Map<string, Collection[]>();
  for (const c of sets) {
    groups.set(c.flags.join(" "), [...(groups.get(c.flags.join(" ")) ?? []), c]);
  }
  const runs = [...groups.values()].map((group) => {
    const texts = group.flatMap((c) => (c.text === undefined ? [] : [c.text]));
    assert.ok(texts.length <= 1, "one collection as text a run");
    const inputs = group.map((c) => (c.text === undefined ? DIR + c.file : "-"));
    const flags = group[0].flags;
    return {
      group,
      count: runCli(["count", "--jobs", "1", "--format", "json", ...flags, ...inputs], texts[0]),
      solve: runCli(["solve", "--jobs", "1", "--format", "json", ...flags, ...inputs], texts[0]),
    };
  });
  let unique = 0;
  let others = 0;
  for (const { group, count: countRun, solve: solveRun } of runs) {
    const flags = group[0].flags;
    let parsed: Record<string, unknown>[][] | undefined;
    /** The objects of the count run and of the solve run, read once. */
    const outputs = async () => {
      if (parsed === undefined) {
        const [count, solve] = [await countRun, await solveRun];
        assert.deepEqual([count.code, count.stderr], [0, ""]);
        assert.equal(solve.stderr, "");
        parsed = [objects(count.stdout), objects(solve.stdout)];
      }
      return parsed;
    };
    // Each collection's objects follow those of the collections before it in the run.
    let at = 0;
    let misses = 0;
    for (const { file: f, text } of group) {
      const puzzles = text === undefined ? filePuzzles(DIR + f) : linePuzzles(text);
      const from = at;
      at += puzzles.length;
      await t.step(
        `${f} ${flags.join(" ")}${text === undefined ? "" : " (the faster third)"}`,
        async () => {
          const [countAll, solveAll] = await outputs();
          const byLine = new Map(puzzles.map((p) => [p.line, p]));
          const counted = countAll.slice(from, from + puzzles.length);
          const solved = solveAll.slice(from, from + puzzles.length);
          assert.equal(counted.length, puzzles.length);
          assert.equal(solved.length, puzzles.length);
          for (const [i, c] of counted.entries()) {
            const s = solved[i];
            const where = `${f} puzzle ${i + 1}`;
            // Numbered on through the run; lines counted in each file.
            assert.deepEqual([c.puzzle, c.line], [from + i + 1, puzzles[i].line], where);
            assert.deepEqual([s.puzzle, s.line, s.size], [c.puzzle, c.line, c.size], where);
            assert.equal(s.status, statusOfCount(c), where);
            assert.equal(s.conflict, c.conflict, where);
            const p = byLine.get(c.line as number)!;
            const variant = (flags[1] as Variant | undefined) ?? defaultVariantOf(p.size);
            checkSolved(s, p, variant, where);
            if (s.status === "unique") unique++;
            else {
              misses++;
              others++;
            }
          }
        },
      );
    }
    await t.step(
      `${
        flags.join(" ") || "no flags"
      }: no more objects; exit 1 when a puzzle has no unique solution`,
      async () => {
        const [countAll, solveAll] = await outputs();
        assert.deepEqual([countAll.length, solveAll.length], [at, at]);
        assert.equal((await solveRun).code, misses > 0 ? 1 : 0);
      },
    );
  }
  await t.step("both kinds were seen", () => {
    assert.ok(unique >= 6000 && others >= 2000, `${unique} unique, ${others} others`);
  });
});

/** One output shape's case: a named input with flags, and what its puzzles are. */
interface ShapeCase {
  readonly name: string;
  readonly args: string[];
  readonly input: string;
  readonly puzzles: TestPuzzle[];
  readonly variant?: Variant;
  readonly symbols?: string;
  readonly code: number;
}

const CLUE17 = lines(DIR + "17_clue_2000.txt");
const SERG = lines(DIR + "serg_benchmark_2000.txt");
const JANKO = lines(DIR + "sudoku16_gecode_janko.txt");
const HEX = "0123456789ABCDEF";

/** A 40×40 Latin square in the grid format, one cell of each row taken out. */
function latin40(): string {
  const n = 40;
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    rows.push(
      Array.from({ length: n }, (_, c) => (c === (7 * r) % n ? 0 : ((r + c) % n) + 1)).join(" "),
    );
  }
  return `1\n${n}\n${rows.join("\n")}\n`;
}

function lineCase(
  name: string,
  puzzleLines: string[],
  args: string[] = [],
  more: Partial<ShapeCase> = {},
): ShapeCase {
  const input = puzzleLines.join("\n") + "\n";
  const symbols = args.includes("--symbols") ? args[args.indexOf("--symbols") + 1] : undefined;
  return { name, args, input, puzzles: linePuzzles(input, symbols), symbols, code: 0, ...more };
}

const SHAPE_CASES: ShapeCase[] = [
  // Sizes one after another in one input, as a collection may mix them.
  lineCase(
    "9×9 (unique, several, conflict, dead end), then 16×16 and 25×25",
    [
      ...CLUE17.slice(0, 3),
      SERG[0],
      "11" + ".".repeat(79),
      // Row 1 needs a 9 in its last cell, which column 9 already holds: no solution.
      "12345678." + ".".repeat(8) + "9" + ".".repeat(63),
      ...JANKO.slice(0, 3),
      ...lines(DIR + "case_sudoku25_easy.txt"),
      ...lines(DIR + "sudoku25_jxa3695_1.txt"),
    ],
    [],
    { code: 1 },
  ),
  lineCase("16×16 with --symbols 0-F", JANKO.slice(0, 3).map(toHex), ["--symbols", HEX]),
  lineCase(
    "Sudoku-X 9×9 and 16×16",
    [...lines(DIR + "sudokuX9_andrebarbosa_8.txt"), ...lines(DIR + "sudokuX16_andrebarbosa_2.txt")],
    ["--variant", "x"],
    { variant: "x" },
  ),
  lineCase(
    "Latin squares of 5, 7, 10 and a 6×6 with several",
    [...lines("testdata/solve/latin_unique_3.txt"), ...lines(DIR + "case_6x6.txt")],
    // Sizes without blocks are Latin squares only when --variant latin says so.
    ["--variant", "latin"],
    { code: 1, variant: "latin" },
  ),
  {
    name: "40×40 Latin square, grid format (numbers)",
    args: [],
    input: latin40(),
    puzzles: [{
      size: 40,
      values: latin40().split("\n").slice(2, 42).flatMap((r) => r.split(" ").map(Number)),
      line: 2,
    }],
    code: 0,
  },
];

const FORMATS = ["line", "grid", "readable", "json", "svg"] as const;

/** The symbols of values 1..size as written, index 0 unused. */
function symbolList(size: number, symbols?: string): string[] {
  if (symbols !== undefined) return ["", ...symbols];
  if (size > 35) return ["", ...Array.from({ length: size }, (_, v) => String(v + 1))];
  return ["", ..."123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
}

/** Values of symbol texts. */
function valuesOf(texts: string[], size: number, symbols?: string): number[] {
  const list = symbolList(size, symbols);
  return texts.map((t) => (t === "." ? 0 : list.indexOf(t)));
}

/** The cells of a solution line (symbols run together, or numbers above 35 without symbols). */
function lineCells(line: string, size: number, symbols?: string): number[] {
  return valuesOf(size > 35 && symbols === undefined ? line.split(" ") : [...line], size, symbols);
}

/** The `grid` or `readable` shape back to cells, or the status line it holds. */
function blockCells(block: string, size: number, symbols?: string): number[] | string {
  const rows = block.split("\n").filter((r) => !/^[-|]+$/.test(r));
  if (rows.length === 1 && size > 1) return rows[0];
  const texts = rows.flatMap((r) =>
    size > 35 && symbols === undefined || r.startsWith(" ")
      ? r.split(/[ |]+/).filter((x) => x !== "")
      : [...r]
  );
  return valuesOf(texts, size, symbols);
}

/**
 * The two grids of a readable block, the puzzle on the left and the solution on the right
 * (four spaces or more apart; a readable row starts with a space, and keeps it), or the
 * block itself twice when it is a status line.
 */
function readableHalves(block: string): [string, string] {
  const parts = block.split("\n").map((l) => l.split(/ {4,}/));
  if (parts.length === 1) return [block, block];
  return [
    parts.map((p) => p[0]).join("\n"),
    parts.map((p) => (p[1].startsWith("-") ? p[1] : " " + p[1])).join("\n"),
  ];
}

/** Check an SVG sheet against the puzzles and what `solve` found for each (json objects). */
function checkSheet(svg: string, c: ShapeCase, solved: Record<string, unknown>[]): void {
  const root = parseXml(svg);
  const boards = grids(root);
  assert.equal(boards.length, c.puzzles.length);
  for (const [k, board] of boards.entries()) {
    const p = c.puzzles[k];
    const o = solved[k];
    assert.equal(board.attrs.get("data-grid"), String(k + 1));
    assert.equal(board.attrs.get("data-size"), String(p.size));
    assert.equal(board.attrs.get("data-variant"), c.variant ?? defaultVariantOf(p.size));
    const caption = byClass(board, "caption").map(textOf).join(" ");
    const head = `Puzzle ${k + 1} (line ${p.line})`;
    const unique = o.status === "unique";
    const want = unique ? lineCells(o.solution as string, p.size, c.symbols) : p.values;
    if (unique) assert.equal(caption, head);
    else {assert.ok(
        caption.startsWith(`${head}: `) && caption.endsWith("the puzzle shown"),
        caption,
      );}
    const cells = [...elements(board)].filter((e) => e.attrs.has("data-cell"));
    assert.equal(cells.length, p.size * p.size);
    cells.forEach((cell: XmlElement, i) => {
      const kind = (cell.attrs.get("class") ?? "").split(" ")[0];
      assert.equal(kind, p.values[i] !== 0 ? "given" : want[i] !== 0 ? "filled" : "empty");
      assert.equal(valuesOf([textOf(cell) || "."], p.size, c.symbols)[0], want[i]);
    });
  }
}

Deno.test("solve: every output shape, and --show puzzle, on every size and variant", async (t) => {
  const runs = SHAPE_CASES.map((c) =>
    FORMATS.map((f) => runCli(["solve", "--jobs", "1", "--format", f, ...c.args], c.input))
  );
  // The first case again as text, and as a sheet of the puzzles alone.
  const first = SHAPE_CASES[0];
  const more = {
    text: runCli(["solve", "--jobs", "1", "--format", "text", ...first.args], first.input),
    puzzles: runCli(
      ["solve", "--jobs", "1", "--format", "svg", "--show", "puzzle", ...first.args],
      first.input,
    ),
  };
  for (const [k, c] of SHAPE_CASES.entries()) {
    await t.step(c.name, async () => {
      const [line, grid, readable, json, svg] = await Promise.all(runs[k]);
      for (const r of [line, grid, readable, json, svg]) {
        assert.deepEqual([r.code, r.stderr], [c.code, ""]);
        assert.ok(!r.stdout.includes("\x1b"), "no colour on a pipe");
      }
      const solved = objects(json.stdout);
      const answers = line.stdout.trimEnd().split("\n");
      assert.equal(answers.length, c.puzzles.length);
      assert.equal(solved.length, c.puzzles.length);
      for (const [i, p] of c.puzzles.entries()) {
        const o = solved[i];
        const variant = c.variant ?? defaultVariantOf(p.size);
        const where = `puzzle ${i + 1}`;
        assert.deepEqual([o.puzzle, o.line, o.size], [i + 1, p.line, p.size], where);
        if (o.status === "unique") {
          assert.equal(answers[i], o.solution, where);
          const cells = lineCells(answers[i], p.size, c.symbols);
          assert.equal(solutionProblem(cells, p.values, p.size, variant), undefined, where);
        } else {
          const text = { none: "no solution", several: "several solutions" }[o.status as string];
          assert.equal(answers[i], text, where);
        }
      }
      // Grid and readable: a blank line between puzzles, each the same cells as the line;
      // readable draws the puzzle beside its solution, so the givens show without colour.
      for (const shape of [grid, readable]) {
        const blocks = shape.stdout.replace(/\n$/, "").split("\n\n");
        assert.equal(blocks.length, c.puzzles.length);
        for (const [i, b] of blocks.entries()) {
          const size = c.puzzles[i].size;
          const unique = solved[i].status === "unique";
          const want = unique ? lineCells(answers[i], size, c.symbols) : answers[i];
          const [puzzle, solution] = shape === readable ? readableHalves(b) : [b, b];
          assert.deepEqual(blockCells(solution, size, c.symbols), want, `puzzle ${i + 1}:\n${b}`);
          if (shape === readable && unique) {
            assert.deepEqual(blockCells(puzzle, size, c.symbols), c.puzzles[i].values);
          }
        }
      }
      checkSheet(svg.stdout, c, solved);
    });
  }
  await t.step("the readable shape of a 9×9: QQWing's rules", async () => {
    const r = await runs[0][2];
    const first = r.stdout.split("\n\n")[0];
    assert.equal(
      first,
      [
        " . . . | . . . | . . .      9 5 3 | 1 6 8 | 7 4 2",
        " . . . | . . . | . . 1      8 6 2 | 7 3 4 | 9 5 1",
        " . . . | . . 2 | . 3 .      4 1 7 | 9 5 2 | 8 3 6",
        "-------|-------|-------    -------|-------|-------",
        " . . . | . . 3 | . 2 .      7 4 6 | 8 9 3 | 1 2 5",
        " . . 1 | . 4 . | . . .      2 8 1 | 6 4 5 | 3 9 7",
        " . . 5 | . . . | . 6 .      3 9 5 | 2 7 1 | 4 6 8",
        "-------|-------|-------    -------|-------|-------",
        " . 3 . | . . . | . . 4      1 3 8 | 5 2 9 | 6 7 4",
        " . 7 . | . 8 . | . . 9      5 7 4 | 3 8 6 | 2 1 9",
        " 6 2 . | . . 7 | . . .      6 2 9 | 4 1 7 | 5 8 3",
      ].join("\n"),
    );
  });
  await t.step("16×16 with --symbols 0-F: the plain answers, written with 0-F", async () => {
    // The 16×16 of the first case are its lines 7 to 9.
    const plain = (await runs[0][0]).stdout.split("\n").slice(6, 9);
    const hex = (await runs[1][0]).stdout;
    assert.equal(hex, plain.map(toHex).join("\n") + "\n");
    const readable = (await runs[1][2]).stdout;
    assert.match(readable, /^ [.0-9A-F] [.0-9A-F] [.0-9A-F] [.0-9A-F] \| /);
  });
  await t.step("JSON: the status, conflict, nodes and time", async () => {
    const solved = objects((await runs[0][3]).stdout);
    assert.deepEqual(solved.map((o) => o.status), [
      "unique",
      "unique",
      "unique",
      "several",
      "none",
      "none",
      ...Array(5).fill("unique"),
    ]);
    assert.equal(solved[4].conflict, "1 is duplicated in block 1");
    assert.ok(!("conflict" in solved[5]));
    for (const o of solved) {
      assert.ok(Number.isInteger(o.nodes) && typeof o.ms === "number", JSON.stringify(o));
    }
  });
  await t.step("--format text is the line shape", async () => {
    const [text, line] = [await more.text, await runs[0][0]];
    assert.deepEqual([text.code, text.stderr, text.stdout], [line.code, "", line.stdout]);
  });
  await t.step(
    "--show puzzle: one board a puzzle, its givens and nothing filled, on A4",
    async () => {
      const c = first;
      const puzzles = await more.puzzles;
      assert.deepEqual([puzzles.code, puzzles.stderr], [c.code, ""]);
      const root = parseXml(puzzles.stdout);
      assert.equal(root.attrs.get("width"), "210mm");
      const boards = grids(root);
      assert.equal(boards.length, c.puzzles.length);
      boards.forEach((board, k) => {
        const p = c.puzzles[k];
        const cells = [...elements(board)].filter((e) => e.attrs.has("data-cell"));
        assert.deepEqual(
          cells.map((e) => e.attrs.get("class")!.split(" ")[0]),
          p.values.map((v) => (v === 0 ? "empty" : "given")),
        );
        assert.deepEqual(valuesOf(cells.map((e) => textOf(e) || "."), p.size), p.values);
        // The caption says why a puzzle has no unique solution.
        const caption = byClass(board, "caption").map(textOf).join(" ");
        assert.match(caption, new RegExp(`^Puzzle ${k + 1} \\(line ${p.line}\\)`));
      });
      const captions = boards.map((b) => byClass(b, "caption").map(textOf).join(" "));
      assert.equal(captions[3], "Puzzle 4 (line 4): several solutions");
    },
  );
});

Deno.test("solve: input forms, files and standard input, in order", async (t) => {
  const runs = {
    tokens: runCli(["solve", "testdata/verdict/sample.txt"]),
    two: runCli(["solve", "--jobs", "1", "testdata/verdict/sample.txt", "-"], "1234341221434321\n"),
    grid: runCli(["solve", "--input", "grid"], read("testdata/classify/sample2.txt")),
    empty: runCli(["solve"], ""),
    emptySheet: runCli(["solve", "--format", "svg"], "# nothing\n"),
  };
  const sample =
    "153984762842736159697512834238671495974325618516849327765493281381257946429168573";
  await t.step("the token form of verdict", async () => {
    const r = await runs.tokens;
    assert.deepEqual([r.code, r.stderr], [1, ""]);
    assert.equal(r.stdout, `${sample}\nseveral solutions\nno solution\nno solution\n`);
  });
  await t.step("a file, then standard input", async () => {
    const r = await runs.two;
    assert.deepEqual([r.code, r.stderr], [1, ""]);
    assert.equal(
      r.stdout,
      `${sample}\nseveral solutions\nno solution\nno solution\n1234341221434321\n`,
    );
  });
  await t.step("the grid form of classify", async () => {
    const r = await runs.grid;
    assert.deepEqual([r.code, r.stderr], [1, ""]);
    assert.equal(
      r.stdout,
      "no solution\n1234341221434321\nno solution\nno solution\nseveral solutions\n",
    );
  });
  await t.step("empty input: nothing, exit 0; with svg, a sheet without boards", async () => {
    assert.deepEqual(Object.values(await runs.empty), [0, "", ""]);
    const r = await runs.emptySheet;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.equal(grids(parseXml(r.stdout)).length, 0);
  });
});

Deno.test("solve --jobs 1 and --jobs 2 print the same, in every shape", async (t) => {
  // 6,000 hard puzzles and 500 with several solutions, long enough for a worker; 155 16×16.
  const hard = lines(DIR + "forum_hardest_1905_11plus_2000.txt");
  const nine = [...hard, ...SERG.slice(0, 500), ...hard, ...hard].join("\n") + "\n";
  const sixteen = [...lines(DIR + "sudoku16_vu_kr_100.txt"), ...JANKO].join("\n") + "\n";
  // Files: through a pipe, the test would have to read the output while it writes.
  const files = [await Deno.makeTempFile({ suffix: ".txt" }), await Deno.makeTempFile()];
  await Deno.writeTextFile(files[0], nine);
  await Deno.writeTextFile(files[1], sixteen);
  const noTime = (s: string) => s.replace(/"ms":[0-9.]+/g, "");
  try {
    for (const [name, file] of [["9×9", files[0]], ["16×16", files[1]]]) {
      for (const f of FORMATS) {
        await t.step(`${name} --format ${f}`, async () => {
          const [one, two] = await Promise.all([
            runCli(["solve", "--jobs", "1", "--format", f, file]),
            runCli(["solve", "--jobs", "2", "--format", f, file]),
          ]);
          const code = name === "9×9" ? 1 : 0;
          assert.deepEqual([one.code, one.stderr], [code, ""]);
          assert.deepEqual([two.code, two.stderr], [code, ""]);
          assert.equal(noTime(two.stdout), noTime(one.stdout));
          if (f === "line") {
            const answers = one.stdout.trimEnd().split("\n");
            assert.equal(answers.length, name === "9×9" ? 6500 : 155);
            assert.equal(answers.filter((a) => a === "several solutions").length, code * 500);
          }
          if (f === "svg") {
            // The 9×9 sheet (50 MB) is counted, not parsed: the shapes test parses sheets.
            const boards = name === "9×9"
              ? one.stdout.split("<g data-grid=").length - 1
              : grids(parseXml(one.stdout)).length;
            assert.equal(boards, name === "9×9" ? 6500 : 155);
          }
        });
      }
    }
  } finally {
    for (const f of files) await Deno.remove(f);
  }
});

Deno.test("solve --time-limit: a puzzle that runs out says so and makes the exit 1", async (t) => {
  // Frisch's puzzle 9 takes seconds; 17-clue puzzles a fraction of a millisecond.
  const frisch = lines(DIR + "sudoku25_gecode_frisch.txt");
  const input = `${CLUE17[0]}\n${frisch[8]}\n${CLUE17[1]}\n`;
  const args = ["solve", "--jobs", "1", "--time-limit", "0.05"];
  const runs = {
    line: runCli(args, input),
    json: runCli([...args, "--format", "json"], input),
    svg: runCli([...args, "--format", "svg"], input),
  };
  await t.step("line: unknown: time limit, between the answers", async () => {
    const r = await runs.line;
    assert.deepEqual([r.code, r.stderr], [1, ""]);
    const out = r.stdout.trimEnd().split("\n");
    assert.deepEqual(out.map((l) => l.length), [81, 19, 81]);
    assert.equal(out[1], "unknown: time limit");
  });
  await t.step("json: status unknown, with what was found", async () => {
    const o = objects((await runs.json).stdout)[1];
    assert.equal(o.status, "unknown");
    assert.ok(Array.isArray(o.solutions) && (o.solutions as string[]).length <= 1);
  });
  await t.step("svg: the puzzle, captioned why", async () => {
    const r = await runs.svg;
    assert.equal(r.code, 1);
    const captions = grids(parseXml(r.stdout)).map((g) =>
      byClass(g, "caption").map(textOf).join(" ")
    );
    assert.deepEqual(captions, [
      "Puzzle 1 (line 1)",
      "Puzzle 2 (line 2): unknown, the time limit ran out, the puzzle shown",
      "Puzzle 3 (line 3)",
    ]);
  });
});

/** What `solve` prints for the first 17-clue puzzle alone: one run, for the tests that ask. */
let firstAnswerRun: Promise<string> | undefined;
function firstAnswer(): Promise<string> {
  firstAnswerRun ??= runCli(["solve"], CLUE17[0] + "\n").then((r) => r.stdout);
  return firstAnswerRun;
}

Deno.test("solve errors: one line, exit 2, the answers before a fault kept", async (t) => {
  const sol0 = await firstAnswer();
  const bad = `${CLUE17[0]}\n${SERG[0]}\n12345\n${CLUE17[1]}\n`;
  const usage: [string[], string][] = [
    [
      ["--format", "xml"],
      "--format must be one of text, line, grid, readable, json, svg, not 'xml'",
    ],
    [["--show", "puzzle"], "--show is for --format svg"],
    [
      ["--format", "svg", "--show", "answer"],
      "--show must be one of solution, puzzle, not 'answer'",
    ],
    [["--limit", "3"], "unknown option '--limit'"],
    [["--solutions"], "unknown option '--solutions'"],
    [["--color", "sometimes"], "--color must be one of auto, always, never, not 'sometimes'"],
    [["--jobs", "0"], "--jobs must be a whole number from 1 to 1024, not '0'"],
    [["--time-limit", "0"], "--time-limit must be a number from 0.001 to 1000000, not '0'"],
    [["--variant", "killer"], "--variant must be one of sudoku, x, latin, not 'killer'"],
    [["--input", "csv"], "--input must be one of auto, line, grid, tokens, not 'csv'"],
    [["--symbols", "1123"], "--symbols '1123' repeats '1': give each value its own character"],
    [["--format"], "option '--format' needs a value"],
  ];
  const runs = {
    usage: usage.map(([args]) => runCli(["solve", ...args])),
    line: runCli(["solve", "--jobs", "1"], bad),
    svg: runCli(["solve", "--format", "svg"], bad),
    symbols: runCli(
      ["solve", "--symbols", "abcd"],
      "2\n4\n1 2 0 0\n0 0 1 2\n2 1 0 0\n0 0 2 1\n1\n0\n",
    ),
    six: runCli(["solve", "--variant", "sudoku", DIR + "case_6x6.txt"]),
    // 100 characters: a 10×10 grid, which has no blocks.
    ten: runCli(["solve"], `${CLUE17[0]}\n${"1".repeat(100)}\n`),
    tenLatin: runCli(["solve", "--variant", "latin"], `${CLUE17[0]}\n${"1".repeat(100)}\n`),
    missing: runCli(["solve", "--jobs", "1", "-", "nosuch.txt"], CLUE17[0] + "\n"),
    noRead: new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", repoPath("cli/main.ts"), "solve", DIR + "case_6x6.txt"],
      cwd: repoPath(""),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output(),
  };
  for (const [k, [args, message]] of usage.entries()) {
    await t.step(args.join(" "), async () => {
      const r = await runs.usage[k];
      assert.deepEqual([r.code, r.stdout], [2, ""]);
      assert.equal(r.stderr, `error: ${message}\nRun 'sudokit solve --help' for usage.\n`);
    });
  }
  await t.step("bad input after two puzzles: their answers, then the error, exit 2", async () => {
    const r = await runs.line;
    assert.equal(r.code, 2);
    assert.equal(r.stdout, sol0 + "several solutions\n");
    assert.equal(
      r.stderr,
      "error: grid 3, line 3, column 1: line has 5 cells; a puzzle needs a square number of " +
        "cells: 4 for 2×2, 9 for 3×3\n",
    );
  });
  await t.step("bad input with --format svg: the sheet of the puzzles before it", async () => {
    const r = await runs.svg;
    assert.equal(r.code, 2);
    assert.equal(r.stderr, (await runs.line).stderr);
    assert.equal(grids(parseXml(r.stdout)).length, 2);
  });
  await t.step("--symbols and a grid of another size", async () => {
    const r = await runs.symbols;
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "several solutions\n");
    assert.equal(
      r.stderr,
      "error: grid 2, line 7, column 1: a 1×1 grid, but --symbols gives 4 symbols, for 4×4 " +
        "grids: solve only 4×4 grids with it, or leave it out\n",
    );
  });
  await t.step("--variant sudoku on a 6×6", async () => {
    const r = await runs.six;
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.equal(
      r.stderr,
      `error: ${DIR}case_6x6.txt: grid 1, line 1, column 1: variant sudoku needs a ` +
        "perfect-square size, not 6\n",
    );
  });
  await t.step("a line of a size without blocks: refused unless --variant latin", async () => {
    const r = await runs.ten;
    assert.deepEqual([r.code, r.stdout], [2, sol0]);
    assert.equal(
      r.stderr,
      "error: grid 2, line 2, column 1: line has 100 cells, a 10×10 grid, and 10×10 has no " +
        "blocks: it can only be a Latin square; if it is one, pass --variant latin\n",
    );
    const latin = await runs.tenLatin;
    assert.deepEqual([latin.code, latin.stderr], [1, ""]);
    // Every grid is then a Latin square: the 9×9 too, which has several.
    assert.equal(latin.stdout, "several solutions\nno solution\n");
  });
  await t.step("a missing file after standard input: its answer kept", async () => {
    const r = await runs.missing;
    assert.deepEqual([r.code, r.stdout], [2, sol0]);
    assert.equal(r.stderr, "error: cannot read nosuch.txt: no such file\n");
  });
  await t.step("without read access: the task to run", async () => {
    const r = await runs.noRead;
    assert.equal(r.code, 2);
    assert.equal(new TextDecoder().decode(r.stdout), "");
    assert.equal(
      new TextDecoder().decode(r.stderr),
      `error: solve needs read access to ${DIR}case_6x6.txt: run it with 'deno task solve', ` +
        "which grants it, or add --allow-read to 'deno run'\n",
    );
  });
});

/** The escape that starts an ANSI colour code. */
const ESC = "\x1b";

/** A word for a POSIX shell, quoted. */
function shellWord(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

Deno.test("solve --format readable: colour only when asked, or on a terminal without NO_COLOR", async (t) => {
  const puzzle = CLUE17[0];
  const file = await Deno.makeTempFile({ suffix: ".txt" });
  await Deno.writeTextFile(file, puzzle + "\n");
  // The environment without NO_COLOR, whatever the test runs under.
  const env = Deno.env.toObject();
  delete env.NO_COLOR;
  const main = repoPath("cli/main.ts");
  const solve = (flags: string[]) =>
    [Deno.execPath(), "run", "--quiet", "--allow-read", main, "solve", "--format", "readable"]
      .concat(flags, [file]);
  /** Run through `script`, whose pseudo-terminal is the program's standard output. */
  const onTerminal = async (flags: string[], noColor: boolean) => {
    const out = await new Deno.Command("script", {
      args: ["-qfec", solve(flags).map(shellWord).join(" "), "/dev/null"],
      clearEnv: true,
      env: noColor ? { ...env, NO_COLOR: "1" } : env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    return new TextDecoder().decode(out.stdout).replaceAll("\r\n", "\n");
  };
  const onPipe = async (flags: string[], noColor: boolean) => {
    const [cmd, ...args] = solve(flags);
    const out = await new Deno.Command(cmd, {
      args,
      clearEnv: true,
      env: noColor ? { ...env, NO_COLOR: "1" } : env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0);
    return new TextDecoder().decode(out.stdout);
  };
  try {
    const runs = {
      terminal: onTerminal([], false),
      terminalNoColor: onTerminal([], true),
      terminalNever: onTerminal(["--color", "never"], false),
      pipe: onPipe([], false),
      pipeAlways: onPipe(["--color", "always"], true),
      pipeAuto: onPipe(["--color", "auto"], false),
    };
    const plain = await runs.pipe;
    /**
     * Check that a coloured output is the plain one with givens bold, filled cells cyan:
     * the puzzle's givens on the left, every cell of the solution on the right.
     */
    const checkColoured = (text: string) => {
      const coloured = (half: string) =>
        [...half.matchAll(new RegExp(`${ESC}\\[(1|36)m(.)${ESC}\\[0m`, "g"))].map((m) => m[1]);
      const rows = text.split("\n").filter((l) => l.includes(ESC)).map((l) => l.split(/ {4,}/));
      assert.equal(rows.length, 9);
      assert.deepEqual(rows.flatMap(([left]) => coloured(left)), Array(17).fill("1"));
      const right = rows.flatMap(([, r]) => coloured(r));
      assert.equal(right.length, 81);
      right.forEach((m, i) => assert.equal(m, puzzle[i] !== "." ? "1" : "36", `cell ${i}`));
      assert.equal(text.replaceAll(new RegExp(`${ESC}\\[[0-9]*m`, "g"), ""), plain);
    };
    await t.step(
      "a pipe: no colour with auto, colour with always even under NO_COLOR",
      async () => {
        assert.ok(!plain.includes("\x1b") && plain.includes(" | "), plain);
        assert.equal(await runs.pipeAuto, plain);
        checkColoured(await runs.pipeAlways);
      },
    );
    await t.step("a terminal: colour unless NO_COLOR is set or --color never", async () => {
      checkColoured(await runs.terminal);
      assert.equal(await runs.terminalNoColor, plain);
      assert.equal(await runs.terminalNever, plain);
    });
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("solve streams: an answer is printed before the input ends", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", repoPath("cli/main.ts"), "solve"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const encode = (s: string) => new TextEncoder().encode(s);
  await writer.write(encode(CLUE17[0] + "\n"));
  let seen = "";
  while (!seen.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
  }
  await writer.write(encode(SERG[0] + "\n"));
  await writer.close();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
  }
  const status = await child.status;
  const stderr = await new Response(child.stderr).text();
  const sol0 = await firstAnswer();
  assert.deepEqual([status.code, stderr], [1, ""]);
  assert.equal(seen, sol0 + "several solutions\n");
});

Deno.test("solve: a reader that goes away ends the program quietly", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--allow-read",
      repoPath("cli/main.ts"),
      "solve",
      "--format",
      "readable",
      DIR + "17_clue_2000.txt",
    ],
    cwd: repoPath(""),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.getReader();
  await reader.read();
  await reader.cancel();
  const stderr = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
  const { code } = await child.status;
  assert.ok(code === 0 || code === 141, String(code));
  assert.equal(stderr, "");
});
