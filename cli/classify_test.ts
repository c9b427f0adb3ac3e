import assert from "node:assert/strict";
import { repoPath, runCli } from "./test_util.ts";

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
  // Start every run at once; the steps only wait for them.
  const runs = names.map((n) => ({
    stdin: runCli(["classify"], read(`${n}.txt`)),
    file: runCli(["classify", DIR + `${n}.txt`]),
    dash: runCli(["classify", "-"], read(`${n}.txt`)),
    json: runCli(["classify", "--format", "json", DIR + `${n}.txt`]),
  }));
  for (const [k, name] of names.entries()) {
    const expected = read(`${name}.expected.txt`);
    await t.step(
      `${name} via stdin, via file and via '-' equals ${name}.expected.txt`,
      async () => {
        for (const run of [runs[k].stdin, runs[k].file, runs[k].dash]) {
          const r = await run;
          assert.equal(r.stderr, "");
          assert.equal(r.code, 0);
          assert.equal(r.stdout, expected);
        }
      },
    );
    await t.step(`${name} --format json: one JSON object per line, same report`, async () => {
      const r = await runs[k].json;
      assert.equal(r.code, 0);
      assert.equal(r.stderr, "");
      assert.ok(r.stdout.endsWith("\n"));
      const reports = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as JsonReport);
      const header = expected.split("\n")[0];
      assert.equal(header, `Analyzing ${reports.length} Grids`);
      assert.deepEqual(reports.map((x) => x.grid), reports.map((_, i) => i + 1));
      assert.equal(`${header}\n` + reports.map(textOf).join(""), expected);
    });
  }
  await t.step("several files: each gets its own report, in order", async () => {
    const r = await runCli(["classify", DIR + "sample1.txt", DIR + "sample2.txt"]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, read("sample1.expected.txt") + read("sample2.expected.txt"));
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
    [["--format", "xml"], "error: --format must be one of text, json, not 'xml'"],
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
    assert.ok(r.stdout.includes("--format text|json"));
  });
});
