import assert from "node:assert/strict";
import { repoPath, runCli } from "./test_util.ts";
import { colorWanted } from "./flags.ts";
import { Rng } from "../lib/grid/mod.ts";
import { byClass, grids, parseXml, textOf as xmlText } from "../lib/picture/xml_test_util.ts";

const DIR = "testdata/classify/";

function read(name: string): string {
  return Deno.readTextFileSync(repoPath(DIR + name));
}

interface JsonReport {
  grid: number;
  size: number;
  classes: {
    class: string;
    status: string;
    duplicates: { kind: string; unit: number; value: number; cells: [number, number][] }[];
  }[];
}

/** The canonical text of one JSON report, written from the spec's description. */
function textOf(r: JsonReport): string {
  let out = ` Grid ${r.grid}:\n   Size: ${r.size} x ${r.size}\n`;
  for (const c of r.classes) {
    out += `   ${c.status} ${c.class}\n`;
    for (const d of c.duplicates) {
      const verb = d.kind === "diagonal"
        ? "is repeated on diagonal"
        : d.kind === "block"
        ? "is duplicated in block"
        : `is repeated in ${d.kind}`;
      out += `     ${d.value} ${verb} ${d.unit}\n       ${
        d.cells.map(([a, b]) => `(${a},${b})`).join(" ")
      }\n`;
    }
  }
  return out;
}

Deno.test("classify golden files", async (t) => {
  const names = ["sample1", "sample2", "test1"];
  const files = names.map((n) => DIR + `${n}.txt`);
  // Start every run at once; the steps only wait for them. The files are named together in
  // one run of each form: each report follows the one before.
  const runs = names.map((n) => ({
    stdin: runCli(["classify"], read(`${n}.txt`)),
    dash: runCli(["classify", "-"], read(`${n}.txt`)),
  }));
  const named = runCli(["classify", ...files]);
  const json = runCli(["classify", "--format", "json", ...files]);
  const expected = names.map((name) => read(`${name}.expected.txt`));
  /** The JSON reports of each file: a file's grids are numbered from 1. */
  const jsonReports = json.then((r) => {
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.ok(r.stdout.endsWith("\n"));
    const groups: JsonReport[][] = [];
    for (const l of r.stdout.trimEnd().split("\n")) {
      const report = JSON.parse(l) as JsonReport;
      if (report.grid === 1) groups.push([]);
      groups[groups.length - 1].push(report);
    }
    return groups;
  });
  jsonReports.catch(() => {}); // A failure is reported by the steps that await it.
  let offset = 0;
  for (const [k, name] of names.entries()) {
    const at = offset;
    offset += expected[k].length;
    await t.step(
      `${name} via stdin, via file and via '-' equals ${name}.expected.txt`,
      async () => {
        for (const run of [runs[k].stdin, runs[k].dash]) {
          const r = await run;
          assert.equal(r.stderr, "");
          assert.equal(r.code, 0);
          assert.equal(r.stdout, expected[k]);
        }
        const r = await named;
        assert.deepEqual([r.code, r.stderr], [0, ""]);
        assert.equal(r.stdout.slice(at, at + expected[k].length), expected[k]);
      },
    );
    await t.step(`${name} --format json: one JSON object per line, same report`, async () => {
      const reports = (await jsonReports)[k];
      const header = expected[k].split("\n")[0];
      assert.equal(header, `Analyzing ${reports.length} Grids`);
      assert.deepEqual(reports.map((x) => x.grid), reports.map((_, i) => i + 1));
      assert.equal(`${header}\n` + reports.map(textOf).join(""), expected[k]);
    });
  }
  await t.step("several files: each gets its own report, in order", async () => {
    assert.equal((await named).stdout, expected.join(""));
    assert.equal((await jsonReports).length, names.length);
  });
});

Deno.test("classify reads CRLF, a byte-order mark, tabs and digit runs", async () => {
  const r = await runCli(["classify", DIR + "case_crlf_bom_runs.txt"]);
  assert.equal(r.stderr, "");
  assert.equal(r.code, 0);
  assert.equal(
    r.stdout,
    [
      "Analyzing 3 Grids",
      " Grid 1:",
      "   Size: 1 x 1",
      "   Solved Sudoku-X",
      " Grid 2:",
      "   Size: 4 x 4",
      "   Incorrect Sudoku-X",
      "     1 is repeated on diagonal 1",
      "       (1,1) (4,4)",
      "     4 is repeated on diagonal 1",
      "       (2,2) (3,3)",
      "     1 is repeated on diagonal 2",
      "       (2,3) (3,2)",
      "     4 is repeated on diagonal 2",
      "       (1,4) (4,1)",
      "   Solved Sudoku",
      " Grid 3:",
      "   Size: 5 x 5",
      "   Unsolved Latin Square",
      "",
    ].join("\n"),
  );
});

Deno.test("classify bad input: one-line error, exit 2, earlier reports kept", async (t) => {
  const header = (g: number) => `Analyzing ${g} Grids\n`;
  const g1x1 = " Grid 1:\n   Size: 1 x 1\n   Solved Sudoku-X\n";
  const g2x2 = (n: number) => ` Grid ${n}:\n   Size: 2 x 2\n   Solved Latin Square\n`;
  const sample1Grid1 = read("sample1.expected.txt").split(" Grid 2:")[0].slice(header(2).length);
  const cases: [string, string, string][] = [
    [
      "err_value_range.txt",
      header(2) + sample1Grid1,
      "grid 2, line 14, column 7: value 12 is outside 0..9",
    ],
    [
      "err_not_integer.txt",
      header(3) + g2x2(1),
      "grid 2, line 7, column 5: value 'one' is not an integer",
    ],
    ["err_size_zero.txt", header(2) + g1x1, "grid 2, line 4, column 1: size 0 is outside 1..64"],
    [
      "err_size_too_large.txt",
      header(2) + g1x1,
      "grid 2, line 4, column 1: size 65 is outside 1..64",
    ],
    ["err_count_missing.txt", "", "line 2, column 1: input ends before the grid count"],
    ["err_count_zero.txt", "", "line 1, column 1: grid count 0 is less than 1"],
    [
      "err_one_puzzle_per_line.txt",
      "",
      "line 1, column 1: grid count '..3.2.6..9..3.5..1..…' is not an integer: " +
      "classify reads the grid format (a grid count, then per grid its size and rows); " +
      "for one puzzle per line use 'sudokit count', or 'sudokit verdict' for 9×9",
    ],
    [
      "err_ends_mid_grid.txt",
      header(3) + g2x2(1),
      "grid 2, line 7, column 6: input ends after 6 of its 9 values",
    ],
    [
      "err_ends_before_size.txt",
      header(3) + g2x2(1) + g2x2(2),
      "grid 3, line 7, column 4: input ends before its size (3 grids were announced)",
    ],
    [
      "err_extra_data.txt",
      header(1) + g2x2(1),
      "line 6, column 4: unexpected '2' after grid 1, the last one announced",
    ],
  ];
  const runs = cases.map(([file]) => ({
    named: runCli(["classify", DIR + file]),
    stdin: runCli(["classify"], read(file)),
  }));
  const empty = runCli(["classify"], "");
  const oneLine = runCli(["classify"], "3...86......\n");
  for (const [k, [file, stdout, message]] of cases.entries()) {
    await t.step(file, async () => {
      const named = await runs[k].named;
      assert.equal(named.stderr, `error: ${DIR}${file}: ${message}\n`);
      assert.equal(named.code, 2);
      assert.equal(named.stdout, stdout);
      const stdin = await runs[k].stdin;
      assert.equal(stdin.stderr, `error: ${message}\n`);
      assert.equal(stdin.code, 2);
      assert.equal(stdin.stdout, stdout);
    });
  }
  await t.step("empty standard input", async () => {
    const r = await empty;
    assert.deepEqual(
      [r.code, r.stdout, r.stderr],
      [2, "", "error: line 1, column 1: input ends before the grid count\n"],
    );
  });
  await t.step("a one-line puzzle: what classify reads, and what reads that", async () => {
    const r = await oneLine;
    assert.deepEqual([r.code, r.stdout, r.stderr], [
      2,
      "",
      "error: line 1, column 1: grid count '3...86......' is not an integer: classify reads " +
      "the grid format (a grid count, then per grid its size and rows); for one puzzle " +
      "per line use 'sudokit count', or 'sudokit verdict' for 9×9\n",
    ]);
  });
  await t.step("the spec's own example message", async () => {
    const r = await runs[0].stdin;
    assert.equal(r.stderr, "error: grid 2, line 14, column 7: value 12 is outside 0..9\n");
  });
});

Deno.test("classify usage errors", async (t) => {
  const cases: [string[], string][] = [
    [["--bogus"], "error: unknown option '--bogus'"],
    [["--format"], "error: option '--format' needs a value"],
    [["--format", "xml"], "error: --format must be one of text, json, readable, svg, not 'xml'"],
    [["--format", "SVG"], "error: --format must be one of text, json, readable, svg, not 'SVG'"],
    [["--color"], "error: option '--color' needs a value"],
    [["--color", "yes"], "error: --color must be one of auto, always, never, not 'yes'"],
    [
      ["--format", "readable", "--color", "rainbow"],
      "error: --color must be one of auto, always, never, not 'rainbow'",
    ],
  ];
  const runs = cases.map(([args]) => runCli(["classify", ...args]));
  const missing = runCli(["classify", "nosuch.txt"]);
  const missingAfter = runCli(["classify", DIR + "sample1.txt", "nosuch.txt"]);
  const help = runCli(["classify", "--help"]);
  for (const [k, [args, message]] of cases.entries()) {
    await t.step(args.join(" "), async () => {
      const r = await runs[k];
      assert.equal(r.stderr, `${message}\nRun 'sudokit classify --help' for usage.\n`);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
    });
  }
  await t.step("missing file", async () => {
    const r = await missing;
    assert.equal(r.stderr, "error: cannot read nosuch.txt: no such file\n");
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
  });
  await t.step(
    "missing file after a good one: the good one's report is still printed",
    async () => {
      const r = await missingAfter;
      assert.equal(r.stderr, "error: cannot read nosuch.txt: no such file\n");
      assert.equal(r.code, 2);
      assert.equal(r.stdout, read("sample1.expected.txt"));
    },
  );
  await t.step("--help on stdout, exit 0", async () => {
    const r = await help;
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.ok(r.stdout.startsWith("Usage: sudokit classify"));
    assert.ok(r.stdout.includes("--format text|json|readable|svg"));
    assert.ok(r.stdout.includes("--color auto|always|never"));
  });
});

// ---------------------------------------------------------------------------------------
// issue 35: --format readable|svg, the duplicates' cells marked, the rules named.

/** The cells the text report names, per grid (`(r,c)` under ` Grid N:`), as `r,c` sets. */
function textCells(report: string): Set<string>[] {
  return report.split(/^ Grid \d+:$/m).slice(1).map((section) =>
    new Set([...section.matchAll(/\((\d+),(\d+)\)/g)].map((m) => `${m[1]},${m[2]}`))
  );
}

/** The cells of `class="conflict"` elements, per `data-grid` (checked to run 1..N). */
function svgCells(svg: string): Set<string>[] {
  const boards = grids(parseXml(svg));
  assert.deepEqual(boards.map((b) => b.attrs.get("data-grid")), boards.map((_, k) => `${k + 1}`));
  return boards.map((b) => new Set(byClass(b, "conflict").map((e) => e.attrs.get("data-cell")!)));
}

/**
 * The readable form read back per grid: the bracketed cells of the drawing, by their row and
 * column in it, and the cells its rule lines name.
 */
function readableCells(text: string): { marked: Set<string>; named: Set<string> }[] {
  return text.split(/^ Grid \d+:$/m).slice(1).map((section) => {
    const [, drawing, rules = ""] = section.split("\n\n");
    const marked = new Set<string>();
    let r = 0;
    for (const line of drawing.split("\n")) {
      if (/^ *[-|]+$/.test(line)) continue;
      r++;
      const cells = [...line.matchAll(/\[[^\]]+\]|[^ |\[\]]+/g)];
      cells.forEach((m, c) => {
        if (m[0].startsWith("[")) marked.add(`${r},${c + 1}`);
      });
    }
    const named = new Set([...rules.matchAll(/\((\d+),(\d+)\)/g)].map((m) => `${m[1]},${m[2]}`));
    return { marked, named };
  });
}

/**
 * The three forms of one input agree: what the text report names is what is marked. Returns
 * the text report and the sheet.
 */
async function assertMarksAgree(
  args: string[],
  stdin?: string,
): Promise<{ text: string; svg: string }> {
  const [text, svg, readable] = await Promise.all([
    runCli(["classify", ...args], stdin),
    runCli(["classify", "--format", "svg", ...args], stdin),
    runCli(["classify", "--format", "readable", ...args], stdin),
  ]);
  for (const r of [text, svg, readable]) assert.deepEqual([r.code, r.stderr], [0, ""]);
  const want = textCells(text.stdout);
  assert.deepEqual(svgCells(svg.stdout), want, "svg conflicts = text report's cells");
  const back = readableCells(readable.stdout);
  assert.deepEqual(back.map((g) => g.marked), want, "readable brackets = text report's cells");
  assert.deepEqual(back.map((g) => g.named), want, "readable rules = text report's cells");
  return { text: text.stdout, svg: svg.stdout };
}

/** A random input in the grid format: many sizes, Latin and sudoku patterns, duplicates. */
function randomInput(rng: Rng, grids: number): string {
  const sizes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 16, 25];
  let out = `${grids}\n`;
  for (let k = 0; k < grids; k++) {
    const s = sizes[rng.below(sizes.length)];
    const b = Math.round(Math.sqrt(s));
    const sudoku = b * b === s && rng.below(2) === 0;
    const symbols = rng.shuffle(Array.from({ length: s }, (_, i) => i + 1));
    const cells = new Array<number>(s * s);
    for (let r = 0; r < s; r++) {
      for (let c = 0; c < s; c++) {
        cells[r * s + c] =
          symbols[sudoku ? (b * (r % b) + Math.floor(r / b) + c) % s : (r + c) % s];
      }
    }
    const empty = [0, 0.2, 0.6][rng.below(3)];
    for (let i = 0; i < cells.length; i++) if (rng.float() < empty) cells[i] = 0;
    // Several copied values: duplicates in rows, columns, blocks and diagonals.
    for (let n = rng.below(7); n > 0; n--) cells[rng.below(s * s)] = 1 + rng.below(s);
    out += `${s}\n`;
    for (let r = 0; r < s; r++) out += cells.slice(r * s, (r + 1) * s).join(" ") + "\n";
  }
  return out;
}

Deno.test("classify --format readable|svg", async (t) => {
  const golden = runCli(["classify", "--format", "readable", DIR + "sample1.txt"]);
  const goldenStdin = runCli(["classify", "--format", "readable"], read("sample1.txt"));
  const always = runCli([
    "classify",
    "--format",
    "readable",
    "--color",
    "always",
    DIR + "sample1.txt",
  ]);
  const never = runCli([
    "classify",
    "--format",
    "readable",
    "--color",
    "never",
    DIR + "sample1.txt",
  ]);
  const auto = runCli(["classify", "--format", "readable", "--color", "auto", DIR + "sample1.txt"]);
  const textColor = runCli(["classify", "--color", "always", DIR + "sample1.txt"]);
  const sheet = runCli(["classify", "--format", "svg", DIR + "sample1.txt"]);
  // The RUPC samples in one run of each form: the marks checked on them, and the sheet of
  // several files.
  const samples = ["sample1.txt", "sample2.txt", "test1.txt", "case_crlf_bom_runs.txt"];
  const agree = assertMarksAgree(samples.map((n) => DIR + n));
  agree.catch(() => {}); // A failure is reported by the steps that await it.
  const bad = runCli(["classify", "--format", "svg", DIR + "err_value_range.txt"]);
  const badReadable = runCli(["classify", "--format", "readable", DIR + "err_value_range.txt"]);
  const missing = runCli(["classify", "--format", "svg", DIR + "sample1.txt", "nosuch.txt"]);

  await t.step("readable: sample1 equals sample1.readable.expected.txt", async () => {
    const expected = read("sample1.readable.expected.txt");
    for (const r of [await golden, await goldenStdin]) {
      assert.deepEqual([r.code, r.stderr], [0, ""]);
      assert.equal(r.stdout, expected);
    }
  });
  await t.step("readable colour: red conflicts only when asked; never on a pipe", async () => {
    const plain = read("sample1.readable.expected.txt");
    const a = await always;
    assert.equal(a.code, 0);
    // runCli sets NO_COLOR: an explicit --color always still wins.
    assert.equal(a.stdout.split("\x1b[31m[").length - 1, 5);
    // deno-lint-ignore no-control-regex
    assert.equal(a.stdout.replace(/\x1b\[[0-9;]*m/g, ""), plain);
    for (const r of [await never, await auto]) assert.equal(r.stdout, plain);
    // The text report has no colour to give.
    assert.equal((await textColor).stdout, read("sample1.expected.txt"));
  });
  await t.step("colorWanted: auto is a terminal without NO_COLOR", () => {
    const table: [Parameters<typeof colorWanted>, boolean][] = [
      [["always", false, true], true],
      [["never", true, false], false],
      [["auto", true, false], true],
      [["auto", false, false], false],
      [["auto", true, true], false],
    ];
    for (const [args, want] of table) assert.equal(colorWanted(...args), want, args.join(" "));
  });
  await t.step("svg: one sheet, captions naming the rules broken", async () => {
    const r = await sheet;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const root = parseXml(r.stdout);
    const boards = grids(root);
    assert.deepEqual(boards.map((b) => b.attrs.get("data-variant")), ["x", "latin"]);
    const captions = boards.map((b) => byClass(b, "caption").map(xmlText).join(" "));
    assert.deepEqual(captions, [
      "Grid 1: 9×9, incorrect Sudoku-X, unsolved Sudoku diagonal 1: 2 at (1,1) (4,4) (8,8) " +
      "diagonal 2: 9 at (5,5) (9,1)",
      "Grid 2: 5×5, solved Latin Square",
    ]);
    assert.deepEqual(svgCells(r.stdout), [new Set(["1,1", "4,4", "8,8", "5,5", "9,1"]), new Set()]);
  });
  await t.step("the marks agree with the text report on the RUPC samples", async () => {
    const { text } = await agree;
    // One report a file, each starting with its count of grids.
    const reports = text.split(/^(?=Analyzing \d+ Grids?$)/m);
    assert.deepEqual(reports.map((r) => textCells(r).length), [2, 5, 4, 3]);
  });
  await t.step("svg of several files: grids numbered on, captions name the file", async () => {
    // Numbered on: checked with the marks above (svgCells).
    const boards = grids(parseXml((await agree).svg));
    assert.equal(boards.length, 14);
    const captions = boards.map((b) => byClass(b, "caption").map(xmlText).join(" "));
    assert.ok(captions[0].startsWith(`${DIR}sample1.txt, grid 1: 9×9`), captions[0]);
    assert.ok(captions[2].startsWith(`${DIR}sample2.txt, grid 1: 9×9`), captions[2]);
    assert.ok(captions[13].startsWith(`${DIR}case_crlf_bom_runs.txt, grid 3: `), captions[13]);
  });
  await t.step("bad input: the grids before the fault are still drawn, exit 2", async () => {
    const message =
      `error: ${DIR}err_value_range.txt: grid 2, line 14, column 7: value 12 is outside 0..9\n`;
    const r = await bad;
    assert.deepEqual([r.code, r.stderr], [2, message]);
    assert.equal(grids(parseXml(r.stdout)).length, 1);
    const b = await badReadable;
    assert.deepEqual([b.code, b.stderr], [2, message]);
    assert.equal(b.stdout, read("sample1.readable.expected.txt").split(" Grid 2:")[0]);
    const m = await missing;
    assert.deepEqual([m.code, m.stderr], [2, "error: cannot read nosuch.txt: no such file\n"]);
    assert.equal(grids(parseXml(m.stdout)).length, 2);
  });
  await t.step("property: the marks agree with the text report on random grids", async () => {
    const rng = new Rng(35);
    // 160 random grids in one input.
    const { text } = await assertMarksAgree([], randomInput(rng, 160));
    // The input holds what the property is about: grids with several duplicates, Latin
    // squares of sizes that are not squares, with duplicates too, and clean grids.
    const sections = text.split(/^ Grid \d+:$/m).slice(1);
    assert.equal(sections.length, 160);
    const duplicates = sections.map((g) => g.split(/ is (?:repeated|duplicated) /).length - 1);
    assert.ok(duplicates.filter((n) => n >= 2).length >= 40, "several duplicates");
    assert.ok(duplicates.filter((n) => n === 0).length >= 10, "clean grids");
    assert.ok(sections.some((g) => /^ {3}Incorrect Latin Square$/m.test(g) && !/Sudoku/.test(g)));
    assert.ok(sections.some((g) => /^ {3}Solved Latin Square$/m.test(g) && !/Sudoku/.test(g)));
  });
});
