import assert from "node:assert/strict";
import {
  brokenRules,
  classify,
  classifySheetSvg,
  conflictMarks,
  formatBrokenRule,
  formatCaption,
  formatHeader,
  formatReadable,
  formatReport,
  formatReportJson,
  type GridReport,
  unitName,
} from "./classify.ts";
import { GridFormatParser, Rng } from "../grid/mod.ts";
import { byClass, elements, grids, parseXml, textOf } from "../picture/xml_test_util.ts";

/** Deterministic floats in [0, 1), so failures reproduce. */
function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

function blockSide(s: number): number {
  for (let b = 1; b * b <= s; b++) if (b * b === s) return b;
  return 0;
}

type Kind = "diagonal" | "block" | "column" | "row";
interface RefDup {
  kind: Kind;
  unit: number;
  value: number;
  cells: [number, number][];
}

/** Reference duplicates of the given kinds, in report order, by plain nested loops. */
function refDuplicates(grid: Uint8Array, s: number, kinds: Kind[]): RefDup[] {
  const b = blockSide(s);
  const out: RefDup[] = [];
  for (const kind of kinds) {
    for (let u = 0; u < (kind === "diagonal" ? 2 : s); u++) {
      for (let v = 1; v <= s; v++) {
        const cells: [number, number][] = [];
        for (let r = 0; r < s; r++) {
          for (let c = 0; c < s; c++) {
            if (grid[r * s + c] !== v) continue;
            const inside = kind === "row"
              ? r === u
              : kind === "column"
              ? c === u
              : kind === "block"
              ? Math.floor(r / b) * b + Math.floor(c / b) === u
              : u === 0
              ? r === c
              : r + c === s - 1;
            if (inside) cells.push([r + 1, c + 1]);
          }
        }
        if (cells.length > 1) out.push({ kind, unit: u + 1, value: v, cells });
      }
    }
  }
  return out;
}

/** Reference cascade, straight from the spec. */
function refClassify(grid: Uint8Array, s: number): GridReport {
  const full = grid.every((v) => v !== 0);
  const classes: GridReport["classes"][number][] = [];
  const cascade: [GridReport["classes"][number]["class"], Kind[]][] = blockSide(s) > 0
    ? [
      ["Sudoku-X", ["diagonal", "block", "column", "row"]],
      ["Sudoku", ["block", "column", "row"]],
      ["Latin Square", ["column", "row"]],
    ]
    : [["Latin Square", ["column", "row"]]];
  for (const [cls, kinds] of cascade) {
    const duplicates = refDuplicates(grid, s, kinds);
    const status = duplicates.length > 0 ? "Incorrect" : full ? "Solved" : "Unsolved";
    classes.push({ class: cls, status, duplicates });
    if (status !== "Incorrect") break;
  }
  return { size: s, classes };
}

/** Reference text report, written from the spec's description of the canonical form. */
function refFormat(index: number, r: GridReport): string {
  const lines = [` Grid ${index}:`, `   Size: ${r.size} x ${r.size}`];
  for (const v of r.classes) {
    lines.push(`   ${v.status} ${v.class}`);
    for (const d of v.duplicates) {
      const verb = d.kind === "diagonal"
        ? "is repeated on diagonal"
        : d.kind === "block"
        ? "is duplicated in block"
        : `is repeated in ${d.kind}`;
      lines.push(`     ${d.value} ${verb} ${d.unit}`);
      lines.push("       " + d.cells.map(([a, b]) => `(${a},${b})`).join(" "));
    }
  }
  return lines.join("\n") + "\n";
}

/** Random grid: a (shuffled) sudoku or Latin pattern, empties, and a few copied values. */
function randomGrid(s: number, rand: () => number): Uint8Array {
  const g = new Uint8Array(s * s);
  const b = blockSide(s);
  if (rand() < 0.1) {
    for (let i = 0; i < g.length; i++) g[i] = rand() < 0.5 ? 0 : 1 + Math.floor(rand() * s);
    return g;
  }
  const syms = Array.from({ length: s }, (_, i) => i + 1).sort(() => rand() - 0.5);
  const shift = rand() < 0.3;
  for (let r = 0; r < s; r++) {
    for (let c = 0; c < s; c++) {
      const k = b > 0 && !shift ? (b * (r % b) + Math.floor(r / b) + c) % s : (r + c) % s;
      g[r * s + c] = syms[k];
    }
  }
  const empty = [0, 0, 0.1, 0.5][Math.floor(rand() * 4)];
  for (let i = 0; i < g.length; i++) if (rand() < empty) g[i] = 0;
  const copies = s === 1 ? 0 : Math.floor(rand() * 3);
  for (let k = 0; k < copies; k++) {
    const from = Math.floor(rand() * s * s);
    const r = Math.floor(from / s);
    const to = rand() < 0.5 ? r * s + Math.floor(rand() * s) : Math.floor(rand() * s * s);
    g[to] = g[from] || 1;
  }
  return g;
}

Deno.test("classify", async (t) => {
  await t.step("matches the reference cascade on random grids of sizes 1..50", () => {
    const rand = rng(20);
    const seen = new Set<string>();
    for (let s = 1; s <= 50; s++) {
      for (let k = 0; k < (s <= 16 ? 40 : 5); k++) {
        const g = randomGrid(s, rand);
        const want = refClassify(g, s);
        seen.add(want.classes.map((c) => `${c.status} ${c.class}`).join("/"));
        const got = classify(g, s);
        assert.deepEqual(got, want, `size ${s}: ${Array.from(g)}`);
        assert.equal(formatReport(k + 1, got), refFormat(k + 1, want));
      }
    }
    // The generator reached every branch of the cascade.
    for (
      const path of [
        "Solved Sudoku-X",
        "Unsolved Sudoku-X",
        "Incorrect Sudoku-X/Solved Sudoku",
        "Incorrect Sudoku-X/Unsolved Sudoku",
        "Incorrect Sudoku-X/Incorrect Sudoku/Solved Latin Square",
        "Incorrect Sudoku-X/Incorrect Sudoku/Unsolved Latin Square",
        "Incorrect Sudoku-X/Incorrect Sudoku/Incorrect Latin Square",
        "Solved Latin Square",
        "Unsolved Latin Square",
        "Incorrect Latin Square",
      ]
    ) assert.ok(seen.has(path), `no grid reached ${path}`);
  });

  await t.step("S = 1 is a perfect square: Sudoku-X", () => {
    assert.deepEqual(classify(Uint8Array.of(1), 1), {
      size: 1,
      classes: [{ class: "Sudoku-X", status: "Solved", duplicates: [] }],
    });
    assert.deepEqual(classify(Uint8Array.of(0), 1).classes[0].status, "Unsolved");
  });

  await t.step("an unsolvable but duplicate-free grid is still Unsolved (sample 2, grid 3)", () => {
    // Cell (1,3) has no candidate: 1 and 2 are in its row, 3 and 4 in its column.
    const g = new Uint8Array(16);
    g[0] = 1;
    g[1] = 2;
    g[6] = 3;
    g[14] = 4;
    assert.equal(classify(g, 4).classes[0].status, "Unsolved");
  });

  await t.step("JSON form carries the same report", () => {
    const rand = rng(21);
    for (let s = 1; s <= 16; s++) {
      const g = randomGrid(s, rand);
      const r = classify(g, s);
      const json = formatReportJson(7, r);
      assert.ok(!json.includes("\n"));
      assert.deepEqual(JSON.parse(json), { grid: 7, ...JSON.parse(JSON.stringify(r)) });
    }
  });

  await t.step("header always says Grids", () => {
    assert.equal(formatHeader(1), "Analyzing 1 Grids\n");
    assert.equal(formatHeader(50), "Analyzing 50 Grids\n");
  });
});

Deno.test("classify reports equal the official expected files", async (t) => {
  for (const name of ["sample1", "sample2", "test1"]) {
    await t.step(name, async () => {
      const dir = new URL("../../testdata/classify/", import.meta.url);
      const input = await Deno.readTextFile(new URL(`${name}.txt`, dir));
      const expected = await Deno.readTextFile(new URL(`${name}.expected.txt`, dir));
      const parser = new GridFormatParser();
      let out = "";
      for (const line of input.split(/\r?\n/)) {
        parser.feed(line, (e) => {
          if (e.kind === "count") out += formatHeader(e.count);
          else out += formatReport(e.grid.index, classify(e.grid.cells, e.grid.size));
        });
      }
      parser.finish();
      assert.equal(out, expected);
      // And the reference agrees with the official files too.
      let ref = "";
      const p2 = new GridFormatParser();
      for (const line of input.split(/\r?\n/)) {
        p2.feed(line, (e) => {
          if (e.kind === "count") ref += `Analyzing ${e.count} Grids\n`;
          else ref += refFormat(e.grid.index, refClassify(e.grid.cells, e.grid.size));
        });
      }
      assert.equal(ref, expected);
    });
  }
});

// ---------------------------------------------------------------------------------------
// The marks: which cells, for which rule.

/** Every kind a size's cascade looks at, strictest class first. */
function kindsOf(s: number): Kind[] {
  return blockSide(s) > 0 ? ["diagonal", "block", "column", "row"] : ["column", "row"];
}

/** Reference marks: cell index -> the duplicates (of every kind looked at) holding it. */
function refMarks(grid: Uint8Array, s: number): Map<number, RefDup[]> {
  const out = new Map<number, RefDup[]>();
  for (const d of refDuplicates(grid, s, kindsOf(s))) {
    for (const [r, c] of d.cells) {
      const i = (r - 1) * s + c - 1;
      out.set(i, [...(out.get(i) ?? []), d]);
    }
  }
  return out;
}

/** Random grids of sizes 1..40 (Latin squares and sudokus, with and without duplicates). */
function* sampleGrids(seed: number, count: number): Generator<[Uint8Array, number]> {
  const rand = rng(seed);
  for (let k = 0; k < count; k++) {
    const s = 1 + Math.floor(rand() * (k % 4 === 0 ? 40 : 16));
    yield [randomGrid(s, rand), s];
  }
}

const SAMPLE1_GRID1 = Uint8Array.from(
  "250030901010004000407000208005200000000098100040003000000360070070000023903000604",
  (ch) => Number(ch),
);

Deno.test("conflict marks", async (t) => {
  await t.step("every cell of every duplicate, once, with its duplicates (property)", () => {
    let several = 0;
    for (const [g, s] of sampleGrids(35, 600)) {
      const report = classify(g, s);
      const want = refMarks(g, s);
      const got = conflictMarks(report);
      assert.deepEqual(got.map((m) => m.index), [...want.keys()].sort((a, b) => a - b));
      for (const m of got) {
        assert.equal(m.index, (m.row - 1) * s + m.column - 1);
        assert.deepEqual(m.duplicates, want.get(m.index), `size ${s} cell ${m.row},${m.column}`);
      }
      assert.deepEqual(brokenRules(report), refDuplicates(g, s, kindsOf(s)));
      if (brokenRules(report).length > 1) several++;
    }
    assert.ok(several > 100, `only ${several} grids with several duplicates`);
  });
  await t.step("the rules are named as the unit and the cells", () => {
    const report = classify(SAMPLE1_GRID1, 9);
    const rules = brokenRules(report);
    assert.deepEqual(rules.map(unitName), ["diagonal 1", "diagonal 2"]);
    assert.deepEqual(rules.map(formatBrokenRule), [
      "diagonal 1: 2 at (1,1) (4,4) (8,8)",
      "diagonal 2: 9 at (5,5) (9,1)",
    ]);
    const row = { kind: "row", unit: 3, value: 5, cells: [[3, 1], [3, 7]] } as const;
    assert.equal(formatBrokenRule(row), "row 3: 5 at (3,1) (3,7)");
    assert.equal(unitName({ ...row, kind: "block", unit: 4 }), "block 4");
  });
  await t.step("captions: the verdicts, then a line per rule, past eight counted", () => {
    assert.equal(
      formatCaption("Grid 1", classify(SAMPLE1_GRID1, 9)),
      "Grid 1: 9×9, incorrect Sudoku-X, unsolved Sudoku\n" +
        "diagonal 1: 2 at (1,1) (4,4) (8,8)\ndiagonal 2: 9 at (5,5) (9,1)",
    );
    const latin = Uint8Array.of(1, 2, 3, 2, 3, 1, 3, 1, 2);
    assert.equal(formatCaption("Grid 2", classify(latin, 3)), "Grid 2: 3×3, solved Latin Square");
    const ones = new Uint8Array(16).fill(1);
    const lines = formatCaption("x.txt, grid 3", classify(ones, 4)).split("\n");
    assert.equal(
      lines[0],
      "x.txt, grid 3: 4×4, incorrect Sudoku-X, incorrect Sudoku, incorrect Latin Square",
    );
    const rules = brokenRules(classify(ones, 4));
    assert.ok(rules.length > 8);
    // Rows, columns and blocks first: a Sudoku error is not lost among the diagonals'.
    const sudokuFirst = [
      ...rules.filter((d) => d.kind !== "diagonal"),
      ...rules.filter((d) => d.kind === "diagonal"),
    ];
    assert.deepEqual(lines.slice(1), [
      ...sudokuFirst.slice(0, 8).map(formatBrokenRule),
      `and ${rules.length - 8} more`,
    ]);
  });
});

// ---------------------------------------------------------------------------------------
// The readable form, read back.

interface ReadBack {
  /** The report lines before the drawing. */
  head: string[];
  /** Per row, the cells' texts (`.` or a number) and whether each is bracketed. */
  rows: { text: string; marked: boolean; end: number }[][];
  /** Rows after which a rule line came. */
  rules: number[];
  /** The rule lines below the drawing. */
  broken: string[];
}

function readBack(text: string): ReadBack {
  assert.ok(text.endsWith("\n\n"), "ends with a blank line");
  const parts = text.slice(0, -2).split("\n\n");
  assert.ok(parts.length === 2 || parts.length === 3, "head, drawing, then any rules broken");
  const [head, drawing, broken = ""] = parts;
  const out: ReadBack = { head: head.split("\n"), rows: [], rules: [], broken: [] };
  for (const line of drawing.split("\n")) {
    assert.ok(line.startsWith("   ") && !line.endsWith(" "), JSON.stringify(line));
    if (/^[-|]+$/.test(line.slice(3))) {
      out.rules.push(out.rows.length);
      continue;
    }
    out.rows.push(
      [...line.matchAll(/\[([^\]]+)\]|([^ |\[\]]+)/g)].map((m) => ({
        text: m[1] ?? m[2],
        marked: m[1] !== undefined,
        end: m.index + m[0].length - (m[1] !== undefined ? 1 : 0),
      })),
    );
  }
  if (broken !== "") out.broken = broken.split("\n");
  return out;
}

Deno.test("formatReadable", async (t) => {
  await t.step("sample 1, grid 1", () => {
    assert.equal(
      formatReadable(1, classify(SAMPLE1_GRID1, 9), SAMPLE1_GRID1),
      [
        " Grid 1:",
        "   Size: 9 x 9",
        "   Incorrect Sudoku-X",
        "   Unsolved Sudoku",
        "",
        "   [2] 5  . | .  3  . | 9  .  1",
        "    .  1  . | .  .  4 | .  .  .",
        "    4  .  7 | .  .  . | 2  .  8",
        "   ---------|---------|---------",
        "    .  .  5 |[2] .  . | .  .  .",
        "    .  .  . | . [9] 8 | 1  .  .",
        "    .  4  . | .  .  3 | .  .  .",
        "   ---------|---------|---------",
        "    .  .  . | 3  6  . | .  7  .",
        "    .  7  . | .  .  . | . [2] 3",
        "   [9] .  3 | .  .  . | 6  .  4",
        "",
        "   diagonal 1: 2 at (1,1) (4,4) (8,8)",
        "   diagonal 2: 9 at (5,5) (9,1)",
        "",
        "",
      ].join("\n"),
    );
  });
  await t.step("property: the cells, the brackets, the alignment and the rules", () => {
    for (const [g, s] of sampleGrids(36, 300)) {
      const report = classify(g, s);
      const text = formatReadable(4, report, g);
      const back = readBack(text);
      assert.deepEqual(
        back.head,
        refFormat(4, report).split("\n").filter((l) => l !== "" && !l.startsWith("     ")),
      );
      const marks = refMarks(g, s);
      assert.equal(back.rows.length, s);
      const ends = back.rows[0].map((c) => c.end);
      back.rows.forEach((row, r) => {
        assert.equal(row.length, s, `size ${s} row ${r + 1}`);
        row.forEach((cell, c) => {
          const v = g[r * s + c];
          assert.equal(cell.text, v === 0 ? "." : String(v));
          assert.equal(cell.marked, marks.has(r * s + c), `size ${s} cell ${r + 1},${c + 1}`);
        });
        assert.deepEqual(row.map((c) => c.end), ends, "symbols right-aligned in columns");
      });
      const b = blockSide(s);
      const rules = [];
      if (b > 1) { for (let r = b; r < s; r += b) rules.push(r); }
      assert.deepEqual(back.rules, rules, `size ${s}`);
      assert.deepEqual(
        back.broken,
        refDuplicates(g, s, kindsOf(s)).map((d) =>
          `   ${d.kind} ${d.unit}: ${d.value} at ${
            d.cells.map(([a, c]) => `(${a},${c})`).join(" ")
          }`
        ),
      );
    }
  });
  await t.step("with colour: red brackets, the same text under the escapes", () => {
    for (const [g, s] of sampleGrids(37, 40)) {
      const report = classify(g, s);
      const plain = formatReadable(1, report, g);
      const colored = formatReadable(1, report, g, { color: true });
      // deno-lint-ignore no-control-regex
      assert.equal(colored.replace(/\x1b\[[0-9;]*m/g, ""), plain);
      const red = colored.split("\x1b[31m[").length - 1;
      assert.equal(red, conflictMarks(report).length);
    }
  });
});

// ---------------------------------------------------------------------------------------
// The SVG sheet, read back.

Deno.test("classifySheetSvg", async (t) => {
  await t.step("property: well-formed, one board per grid, conflicts = marks", () => {
    const list = [...sampleGrids(38, 60)];
    const sheet = list.map(([cells, s], k) => ({
      label: `Grid ${k + 1}`,
      cells,
      report: classify(cells, s),
    }));
    const boards = grids(parseXml(classifySheetSvg(sheet)));
    assert.equal(boards.length, list.length);
    boards.forEach((board, k) => {
      const [g, s] = list[k];
      assert.equal(board.attrs.get("data-grid"), String(k + 1));
      assert.equal(board.attrs.get("data-variant"), blockSide(s) > 0 ? "x" : "latin");
      const want = [...refMarks(g, s).keys()].sort((a, b) => a - b)
        .map((i) => `${Math.floor(i / s) + 1},${(i % s) + 1}`);
      const got = byClass(board, "conflict").map((e) => e.attrs.get("data-cell"));
      assert.deepEqual(got, want, `grid ${k + 1}, size ${s}`);
      // Each conflicting cell names the rules it breaks; diagonals alone are drawn apart.
      const marks = refMarks(g, s);
      for (const e of byClass(board, "conflict")) {
        const [r, c] = e.attrs.get("data-cell")!.split(",").map(Number);
        const kinds = new Set(marks.get((r - 1) * s + c - 1)!.map((d) => d.kind));
        const rules = ["row", "column", "block", "diagonal"].filter((x) => kinds.has(x as Kind));
        assert.equal(e.attrs.get("data-rules"), rules.join(" "));
        const apart = (e.attrs.get("class") ?? "").split(" ").includes("diagonal-only");
        assert.equal(apart, rules.join() === "diagonal");
      }
      const cells = [...elements(board)].filter((e) => e.attrs.has("data-cell"));
      assert.deepEqual(cells.map(textOf), Array.from(g, (v) => (v === 0 ? "" : String(v))));
      const caption = byClass(board, "caption").map(textOf).join(" ");
      const words = formatCaption(`Grid ${k + 1}`, sheet[k].report).replaceAll("\n", " ");
      assert.equal(caption, words);
    });
  });
  await t.step("each rule starts a caption line of its own", () => {
    const svg = classifySheetSvg([
      { label: "Grid 1", cells: SAMPLE1_GRID1, report: classify(SAMPLE1_GRID1, 9) },
    ]);
    const lines = byClass(parseXml(svg), "caption").map(textOf);
    const first = lines.findIndex((l) => l.startsWith("diagonal"));
    assert.ok(first > 0, lines.join("|"));
    assert.deepEqual(lines.slice(first), [
      "diagonal 1: 2 at (1,1) (4,4) (8,8)",
      "diagonal 2: 9 at (5,5) (9,1)",
    ]);
  });
});
