import assert from "node:assert/strict";
import { gridText, readableText, sideBySide } from "./text.ts";
import { Rng } from "../grid/mod.ts";

/** Cells of a one-line 9×9 grid. */
function cells(line: string): Uint8Array {
  return Uint8Array.from(line, (ch) => (ch === "." ? 0 : parseInt(ch, 36)));
}

// QQWing 1.3.4's `--generate 1 --solution` prints its solution exactly so.
const QQWING = [
  " 7 8 4 | 9 5 6 | 2 1 3",
  " 6 5 3 | 1 7 2 | 9 4 8",
  " 2 1 9 | 8 4 3 | 6 7 5",
  "-------|-------|-------",
  " 9 2 7 | 6 3 8 | 4 5 1",
  " 4 3 1 | 7 9 5 | 8 6 2",
  " 8 6 5 | 2 1 4 | 7 3 9",
  "-------|-------|-------",
  " 3 7 2 | 4 8 1 | 5 9 6",
  " 5 4 6 | 3 2 9 | 1 8 7",
  " 1 9 8 | 5 6 7 | 3 2 4",
].join("\n");

Deno.test("readableText", async (t) => {
  const solved = cells(
    "784956213653172948219843675927638451431795862865214739372481596546329187198567324",
  );
  await t.step("a 9×9 grid reads as QQWing's --readable", () => {
    assert.equal(readableText(solved, 9), QQWING);
  });
  await t.step("empty cells are dots", () => {
    const grid = solved.slice();
    grid[0] = 0;
    assert.equal(readableText(grid, 9).split("\n")[0], " . 8 4 | 9 5 6 | 2 1 3");
  });
  await t.step("16×16: four blocks a row, its own symbols", () => {
    const grid = new Uint8Array(256);
    for (let i = 0; i < 16; i++) grid[i] = i + 1;
    const lines = readableText(grid, 16).split("\n");
    assert.equal(lines[0], " 1 2 3 4 | 5 6 7 8 | 9 A B C | D E F G");
    assert.equal(lines[4], "---------|---------|---------|---------");
    assert.equal(lines.length, 16 + 3);
    const zeroF = readableText(grid, 16, { symbols: "0123456789ABCDEF" }).split("\n")[0];
    assert.equal(zeroF, " 0 1 2 3 | 4 5 6 7 | 8 9 A B | C D E F");
  });
  await t.step("36×36 and up: numbers padded to the widest", () => {
    const grid = new Uint8Array(36 * 36);
    grid[0] = 36;
    grid[1] = 5;
    const lines = readableText(grid, 36).split("\n");
    assert.ok(lines[0].startsWith(" 36  5  . "), lines[0]);
    assert.equal(lines[6], Array(6).fill("-".repeat(6 * 3 + 1)).join("|"));
    // As in QQWing's drawing, a rule reaches one column past the last symbol.
    for (const line of lines) {
      assert.equal(line.length, lines[0].length + (line.startsWith("-") ? 1 : 0));
    }
  });
  await t.step("latin squares and sizes that are not squares have no rules", () => {
    const latin = Uint8Array.from({ length: 25 }, (_, i) => ((i + Math.floor(i / 5)) % 5) + 1);
    assert.equal(readableText(latin, 5).split("\n")[0], " 1 2 3 4 5");
    assert.equal(readableText(solved, 9, { variant: "latin" }).split("\n").length, 9);
  });
  await t.step("colour: givens bold, filled cells cyan, only when asked", () => {
    const givens = solved.slice();
    givens[1] = 0;
    const line = readableText(solved, 9, { givens, color: true }).split("\n")[0];
    assert.ok(line.startsWith(" \x1b[1m7\x1b[0m \x1b[36m8\x1b[0m"), JSON.stringify(line));
    assert.ok(!readableText(solved, 9, { givens }).includes("\x1b"));
    // Without colour, the text is the plain drawing whatever the givens.
    assert.equal(readableText(solved, 9, { givens }), QQWING);
  });
  await t.step("a wrong cell count is refused", () => {
    assert.throws(() => readableText(new Uint8Array(80), 9), RangeError);
  });
});

Deno.test("gridText: rows of symbols, against a plain reference", () => {
  const rng = new Rng(5);
  for (const size of [1, 4, 9, 16, 25, 35, 36, 49, 64]) {
    const grid = Uint8Array.from({ length: size * size }, () => rng.below(size + 1));
    const rows: string[] = [];
    for (let r = 0; r < size; r++) {
      const row: string[] = [];
      for (let c = 0; c < size; c++) {
        const v = grid[r * size + c];
        row.push(
          v === 0 ? "." : size > 35 ? String(v) : "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v - 1],
        );
      }
      rows.push(row.join(size > 35 ? " " : ""));
    }
    assert.equal(gridText(grid, size), rows.join("\n"), `size ${size}`);
  }
});

Deno.test("sideBySide: blocks in columns, padded to their widest line", async (t) => {
  await t.step("against a plain reference on random blocks", () => {
    const rng = new Rng(42);
    for (let k = 0; k < 200; k++) {
      const blocks = Array.from({ length: 1 + rng.below(4) }, () =>
        Array.from(
          { length: 1 + rng.below(5) },
          () => "x".repeat(rng.below(7)) + (rng.below(3) === 0 ? " " : ""),
        ).join("\n"));
      const gap = rng.below(5);
      // The reference: every line of block j starts at the sum of the widths before it.
      const split = blocks.map((b) => b.split("\n"));
      const widths = split.map((lines) => Math.max(...lines.map((l) => l.length)));
      const rows = Math.max(...split.map((lines) => lines.length));
      const want: string[] = [];
      for (let r = 0; r < rows; r++) {
        let line = "";
        split.forEach((lines, j) => {
          line += (lines[r] ?? "").padEnd(j === split.length - 1 ? 0 : widths[j] + gap);
        });
        want.push(line.trimEnd());
      }
      assert.equal(sideBySide(blocks, gap), want.join("\n"));
    }
  });
  await t.step("colour escapes take no room", () => {
    const red = "\x1b[31m5\x1b[0m";
    assert.equal(sideBySide([`${red}\n12`, "a\nb"], 1), `${red}  a\n12 b`);
  });
});
