import assert from "node:assert/strict";
import {
  classify,
  formatHeader,
  formatReport,
  formatReportJson,
  type GridReport,
} from "./classify.ts";
import { GridFormatParser } from "../grid/parse.ts";
import { Rng } from "../grid/random.ts";

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
