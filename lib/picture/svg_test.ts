import assert from "node:assert/strict";
import { Rng, type Variant } from "../grid/mod.ts";
import { type Board, boardSvg, escapeXml, sheetSvg, sheetSvgParts, SVG_NAMESPACE } from "./mod.ts";
import {
  byClass,
  childrenNamed,
  DECLARATION,
  elements,
  grids,
  parseXml,
  textOf,
  type XmlElement,
} from "./xml_test_util.ts";

function translateOf(e: XmlElement): [number, number] {
  const m = /^translate\((-?[\d.]+) (-?[\d.]+)\)$/.exec(e.attrs.get("transform") ?? "");
  assert.ok(m, `transform of <${e.name}>`);
  return [Number(m[1]), Number(m[2])];
}

/** No reference to anything outside the document. */
function assertSelfContained(svg: string): void {
  assert.ok(!/href|url\(|@import|@font-face|<style|<script/i.test(svg), "external reference");
  assert.equal(svg.split("http").length, 2, "http only in the namespace");
}

Deno.test("the test's XML reader", async (t) => {
  const ns = `xmlns="${SVG_NAMESPACE}"`;
  await t.step("reads a good document", () => {
    const root = parseXml(
      `${DECLARATION}\n<svg ${ns} a='1'><g b="x &amp; &#60;&#x3e;">t &lt;&apos;</g><g/></svg>\n`,
    );
    assert.equal(root.attrs.get("a"), "1");
    const g = childrenNamed(root, "g");
    assert.equal(g.length, 2);
    assert.equal(g[0].attrs.get("b"), "x & <>");
    assert.equal(textOf(g[0]), "t <'");
  });
  await t.step("rejects what is not well-formed", () => {
    const bad = [
      `<svg ${ns}><g></svg>`,
      `<svg ${ns}><g></h></svg>`,
      `<svg ${ns}><g a=1/></svg>`,
      `<svg ${ns}><g a="1" a="2"/></svg>`,
      `<svg ${ns}><g a="1"b="2"/></svg>`,
      `<svg ${ns}><g a="<"/></svg>`,
      `<svg ${ns}>&nbsp;</svg>`,
      `<svg ${ns}>a & b</svg>`,
      `<svg ${ns}>a > b</svg>`,
      `<svg ${ns}>&#1;</svg>`,
      `<svg ${ns}>\x1b</svg>`,
      `<svg ${ns}></svg><svg ${ns}></svg>`,
      `<svg ${ns}></svg>x`,
      `x<svg ${ns}></svg>`,
      `<svg ${ns}><!-- c --></svg>`,
      `<svg ${ns}>`,
      `<svg></svg>`,
      `<g ${ns}></g>`,
      `<?xml version="1.1"?><svg ${ns}></svg>`,
      ``,
    ];
    for (const doc of bad) assert.throws(() => parseXml(doc), SyntaxError, doc);
  });
});

// ---------------------------------------------------------------------------------------
// Plain references.

const ONE_LINE = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function refSymbol(v: number, size: number): string {
  return size <= 35 ? ONE_LINE[v] : String(v);
}

/** The rules of cell i when the board's conflicts say them, else undefined. */
function refRules(board: Board, i: number): readonly string[] | undefined {
  return board.conflicts instanceof Map ? board.conflicts.get(i) : undefined;
}

function refClasses(board: Board, i: number): string[] {
  const v = board.cells[i];
  const given = board.givens === undefined || Boolean(board.givens[i]);
  const out = [v === 0 ? "empty" : given ? "given" : "filled"];
  const conflicts = board.conflicts instanceof Map
    ? [...board.conflicts.keys()]
    : [...board.conflicts ?? []];
  if (conflicts.includes(i)) out.push("conflict");
  const rules = refRules(board, i);
  if (rules !== undefined && rules.every((r) => r === "diagonal")) out.push("diagonal-only");
  if (board.lastMove === i) out.push("last-move");
  return out.sort();
}

function randomBoard(rng: Rng, size: number, variant?: Variant): Board {
  const n = size * size;
  const cells = new Uint8Array(n);
  const density = rng.float();
  for (let i = 0; i < n; i++) if (rng.float() < density) cells[i] = 1 + rng.below(size);
  const kind = rng.below(3);
  const givens = kind === 0
    ? undefined
    : kind === 1
    ? Uint8Array.from(cells, (v) => (v !== 0 && rng.below(2) === 0 ? v : 0))
    : Array.from(cells, () => rng.below(2) === 0);
  const conflicts: number[] = [];
  for (let k = rng.below(6); k > 0; k--) conflicts.push(rng.below(n)); // repeats allowed
  const kinds = ["row", "column", "block", "diagonal"];
  const byRule = new Map(conflicts.map((i) => [i, kinds.filter(() => rng.below(2) === 0)]));
  for (const [i, rules] of byRule) if (rules.length === 0) byRule.set(i, ["diagonal"]);
  const shape = rng.below(3);
  return {
    size,
    cells,
    givens,
    conflicts: shape === 0 ? conflicts : shape === 1 ? new Set(conflicts) : byRule,
    lastMove: rng.below(3) === 0 ? undefined : rng.below(n),
    variant,
  };
}

/** Check every cell of one `data-grid` element against the board, return the cell side. */
function checkCells(grid: XmlElement, board: Board): void {
  const { size } = board;
  const border = byClass(grid, "border");
  assert.equal(border.length, 1);
  const side = Number(border[0].attrs.get("width"));
  const cell = side / size;
  const cellsGroup = byClass(grid, "cells")[0];
  const font = Number(cellsGroup.attrs.get("font-size"));
  const widest = refSymbol(size, size).length;
  assert.ok(font * 0.6 * widest <= cell * 0.9, `size ${size}: font ${font} fits cell ${cell}`);
  assert.ok(font >= 9, `size ${size}: font ${font} readable`);
  const cells = [...elements(grid)].filter((e) => e.attrs.has("data-cell"));
  assert.equal(cells.length, size * size, "one element per cell");
  cells.forEach((e, i) => {
    const r = Math.floor(i / size), c = i % size;
    assert.equal(e.attrs.get("data-cell"), `${r + 1},${c + 1}`, "row-major, 1-based");
    const classes = (e.attrs.get("class") ?? "").split(" ").sort();
    assert.deepEqual(classes, refClasses(board, i), `size ${size} cell ${r + 1},${c + 1}`);
    assert.equal(e.attrs.get("data-rules"), refRules(board, i)?.join(" "));
    const texts = childrenNamed(e, "text");
    const v = board.cells[i];
    assert.equal(texts.length, v === 0 ? 0 : 1);
    if (v !== 0) {
      assert.equal(textOf(texts[0]), refSymbol(v, size));
      const x = Number(texts[0].attrs.get("x")), y = Number(texts[0].attrs.get("y"));
      assert.ok(Math.abs(x - (c + 0.5) * cell) < 0.01, "text centred in its column");
      assert.ok(y > (r + 0.5) * cell && y < (r + 1) * cell, "baseline in the cell's lower half");
    }
    const rects = childrenNamed(e, "rect");
    assert.equal(
      rects.length,
      classes.includes("conflict") || classes.includes("last-move") ? 1 : 0,
    );
    for (const rect of rects) {
      // A conflict of diagonals only is drawn apart (violet), other conflicts light red.
      const fill = rect.attrs.get("fill");
      if (classes.includes("diagonal-only")) assert.equal(fill, "#dccbf2");
      else if (classes.includes("conflict")) assert.equal(fill, "#f6c3c3");
      const x = Number(rect.attrs.get("x")), y = Number(rect.attrs.get("y"));
      const w = Number(rect.attrs.get("width")), h = Number(rect.attrs.get("height"));
      assert.ok(x >= c * cell && x + w <= (c + 1) * cell + 1e-9, "highlight inside its cell");
      assert.ok(y >= r * cell && y + h <= (r + 1) * cell + 1e-9, "highlight inside its cell");
    }
  });
}

// ---------------------------------------------------------------------------------------

Deno.test("boardSvg", async (t) => {
  const sizes = [1, 4, 9, 16, 25, 36, 49, 64];
  const title = `Grid <1> & "two" 'three' — 9 is repeated on row 3`;
  await t.step("every size is well-formed, self-contained SVG with its cells", () => {
    const rng = new Rng(35);
    for (const size of sizes) {
      for (const variant of ["sudoku", "x", "latin"] as const) {
        const board = { ...randomBoard(rng, size, variant), title };
        const svg = boardSvg(board);
        const root = parseXml(svg);
        assertSelfContained(svg);
        assert.equal(root.attrs.get("font-family"), "sans-serif");
        const [w, h] = [Number(root.attrs.get("width")), Number(root.attrs.get("height"))];
        assert.equal(root.attrs.get("viewBox"), `0 0 ${w} ${h}`);
        const g = grids(root);
        assert.equal(g.length, 1);
        assert.equal(g[0].attrs.get("data-grid"), "1");
        assert.equal(g[0].attrs.get("data-size"), String(size));
        assert.equal(g[0].attrs.get("data-variant"), variant);
        checkCells(g[0], board);
        const captions = byClass(g[0], "caption").map(textOf);
        assert.equal(captions.join(" "), title);
      }
    }
  });
  await t.step("latin squares of sizes that are not squares", () => {
    const rng = new Rng(6);
    for (const size of [2, 3, 5, 6, 7, 10, 12, 35, 36, 37, 63]) {
      const board = { ...randomBoard(rng, size, "latin"), title: `<&>"'` };
      const root = parseXml(boardSvg(board));
      checkCells(grids(root)[0], board);
      assert.equal(byClass(root, "block-lines").length, 0);
      assert.equal(byClass(root, "caption").map(textOf).join(""), `<&>"'`);
    }
  });
  await t.step("property: random boards' cells and classes match the reference", () => {
    const rng = new Rng(2024);
    for (let k = 0; k < 300; k++) {
      const size = 1 + rng.below(64);
      const variant = (["sudoku", "x", "latin"] as const)[rng.below(3)];
      const board = randomBoard(rng, size, variant);
      checkCells(grids(parseXml(boardSvg(board)))[0], board);
    }
  });
  await t.step("thick block lines only for Sudoku and Sudoku-X of square sizes", () => {
    const empty = (size: number, variant: Variant): XmlElement =>
      parseXml(boardSvg({ size, cells: new Uint8Array(size * size), variant }));
    const lines = (root: XmlElement, cls: string): number[] => {
      const d = byClass(root, cls)[0]?.attrs.get("d") ?? "";
      return [...d.matchAll(/M0 ([\d.]+)H/g)].map((m) => Number(m[1]));
    };
    for (const size of [4, 9, 16, 25, 36, 49, 64]) {
      const b = Math.sqrt(size);
      for (const variant of ["sudoku", "x"] as const) {
        const root = empty(size, variant);
        const cell = Number(byClass(root, "border")[0].attrs.get("width")) / size;
        const block = [];
        for (let k = b; k < size; k += b) block.push(k * cell);
        assert.deepEqual(lines(root, "block-lines"), block, `${variant} ${size}`);
        assert.equal(lines(root, "cell-lines").length, size - 1 - (b - 1));
      }
      const latin = empty(size, "latin");
      assert.equal(byClass(latin, "block-lines").length, 0);
      assert.equal(lines(latin, "cell-lines").length, size - 1);
    }
    for (const size of [2, 3, 5, 6, 10, 12]) {
      assert.equal(byClass(empty(size, "sudoku"), "block-lines").length, 0);
      assert.equal(lines(empty(size, "sudoku"), "cell-lines").length, size - 1);
    }
    assert.equal(byClass(empty(1, "sudoku"), "cell-lines").length, 0);
  });
  await t.step("Sudoku-X shades exactly the two diagonals", () => {
    for (const size of [1, 4, 5, 9, 16]) {
      const root = parseXml(boardSvg({ size, cells: new Uint8Array(size * size), variant: "x" }));
      const cell = Number(byClass(root, "border")[0].attrs.get("width")) / size;
      const d = byClass(root, "diagonals")[0].attrs.get("d") ?? "";
      const shaded = [...d.matchAll(/M([\d.]+) ([\d.]+)h/g)]
        .map((m) => `${Number(m[2]) / cell},${Number(m[1]) / cell}`).sort();
      const want = new Set<string>();
      for (let r = 0; r < size; r++) want.add(`${r},${r}`).add(`${r},${size - 1 - r}`);
      assert.deepEqual(shaded, [...want].sort());
      const sudoku = parseXml(boardSvg({ size, cells: new Uint8Array(size * size) }));
      assert.equal(byClass(sudoku, "diagonals").length, 0);
    }
  });
  await t.step("custom symbols, escaped", () => {
    const board = {
      size: 4,
      cells: Uint8Array.from([1, 2, 3, 4, 0, 0, 0, 0, 4, 3, 2, 1, 0, 0, 0, 0]),
      symbols: "<&a🙂",
    };
    const root = parseXml(boardSvg(board));
    const texts = [...elements(root)].filter((e) => e.attrs.has("data-cell")).map(textOf);
    assert.deepEqual(texts.slice(0, 4), ["<", "&", "a", "🙂"]);
    assert.deepEqual(texts.slice(8, 12), ["🙂", "a", "&", "<"]);
    assert.throws(() => boardSvg({ ...board, symbols: "abc" }), RangeError);
  });
  await t.step("titles: line breaks, wrapping, invisible characters made visible", () => {
    const long = Array.from({ length: 40 }, (_, k) => `word${k}`).join(" ");
    const board = {
      size: 9,
      cells: new Uint8Array(81),
      title: ["a\nb", long, "x\x1by\u200bz", "é".repeat(100)],
    };
    const svg = boardSvg(board);
    const captions = byClass(parseXml(svg), "caption").map(textOf);
    assert.equal(captions[0], "a");
    assert.equal(captions[1], "b");
    const wrapped: string[] = [];
    let k = 2;
    while (wrapped.join(" ") !== long) {
      assert.ok(k < captions.length && captions[k].length <= 40, `caption line ${k}`);
      wrapped.push(captions[k++]);
    }
    assert.ok(wrapped.length > 1);
    assert.equal(captions[k++], "x\\x1by\\u{200b}z");
    assert.equal(captions.slice(k).join(""), "é".repeat(100));
    assert.ok(captions.slice(k).every((c) => c.length <= 40));
    const top = translateOf(byClass(parseXml(svg), "board")[0])[1];
    assert.ok(top >= captions.length * 16, "the board sits below its caption");
  });
  await t.step("out-of-range input is refused", () => {
    const cells = new Uint8Array(16);
    const bad: Board[] = [
      { size: 0, cells: new Uint8Array(0) },
      { size: 65, cells: new Uint8Array(65 * 65) },
      { size: 2.5, cells },
      { size: 4, cells: new Uint8Array(15) },
      { size: 4, cells: Uint8Array.from(cells, (_, i) => (i === 5 ? 5 : 0)) },
      { size: 4, cells, givens: new Uint8Array(9) },
      { size: 4, cells, conflicts: [16] },
      { size: 4, cells, conflicts: [-1] },
      { size: 4, cells, conflicts: [1.5] },
      { size: 4, cells, lastMove: 16 },
      { size: 4, cells, index: 1.5 },
    ];
    for (const board of bad) assert.throws(() => boardSvg(board), RangeError);
  });
  await t.step("the same board gives the same picture", () => {
    const board = randomBoard(new Rng(1), 16, "x");
    assert.equal(boardSvg(board), boardSvg({ ...board }));
    assert.equal(boardSvg(board), sheetSvg([board]));
  });
});

Deno.test("sheetSvg", async (t) => {
  await t.step("boards in rows, data-grid 1..N in input order", () => {
    const rng = new Rng(7);
    const boards = Array.from({ length: 8 }, () => randomBoard(rng, 9));
    const root = parseXml(sheetSvg(boards, { columns: 3 }));
    const g = grids(root);
    assert.deepEqual(g.map((e) => e.attrs.get("data-grid")), [
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
    ]);
    g.forEach((e, k) => checkCells(e, boards[k]));
    const at = g.map(translateOf);
    for (let k = 0; k < at.length; k++) {
      const [x, y] = at[k];
      if (k % 3 > 0) {
        assert.ok(x > at[k - 1][0] + 360, "right of its neighbour");
        assert.equal(y, at[k - 1][1], "same row");
      } else if (k > 0) {
        assert.equal(x, at[0][0], "a new row starts at the left");
        assert.ok(y > at[k - 1][1] + 360, "below the previous row");
      }
    }
    const width = Number(root.attrs.get("width")), height = Number(root.attrs.get("height"));
    for (const [x, y] of at) assert.ok(x + 360 < width && y + 360 < height, "inside the page");
  });
  await t.step("data-grid from the boards' own indexes", () => {
    const boards = [5, 9, 12].map((index) => ({ size: 4, cells: new Uint8Array(16), index }));
    const g = grids(parseXml(sheetSvg(boards)));
    assert.deepEqual(g.map((e) => e.attrs.get("data-grid")), ["5", "9", "12"]);
  });
  await t.step("default columns fit a printable width; sizes may mix", () => {
    const columnsOf = (size: number, n: number): number => {
      const boards = Array.from(
        { length: n },
        () => ({ size, cells: new Uint8Array(size * size) }),
      );
      const at = grids(parseXml(sheetSvg(boards))).map(translateOf);
      return at.filter(([, y]) => y === at[0][1]).length;
    };
    assert.equal(columnsOf(9, 10), 3);
    assert.equal(columnsOf(16, 10), 2);
    assert.equal(columnsOf(25, 3), 1);
    assert.equal(columnsOf(64, 2), 1);
    assert.equal(columnsOf(9, 2), 2);
    const rng = new Rng(3);
    const mixed = [4, 9, 16, 5, 25, 64, 1].map((s) => randomBoard(rng, s, s === 5 ? "latin" : "x"));
    const root = parseXml(sheetSvg(mixed, { columns: 2 }));
    const g = grids(root);
    assert.equal(g.length, mixed.length);
    g.forEach((e, k) => checkCells(e, mixed[k]));
  });
  await t.step("an empty sheet is still a document; bad columns are refused", () => {
    assert.equal(grids(parseXml(sheetSvg([]))).length, 0);
    const board = { size: 4, cells: new Uint8Array(16) };
    for (const columns of [0, -1, 1.5, NaN]) {
      assert.throws(() => sheetSvg([board], { columns }), RangeError);
    }
  });
  await t.step("breakBefore starts a row; kind and scale mark a board", () => {
    const board = { size: 4, cells: new Uint8Array(16) };
    const root = parseXml(sheetSvg([
      board,
      board,
      { ...board, breakBefore: true, kind: "answer", scale: 0.5 },
    ], { columns: 3 }));
    const g = grids(root);
    const at = g.map(translateOf);
    assert.equal(at[1][1], at[0][1]);
    assert.ok(at[2][1] > at[0][1] && at[2][0] === at[0][0], "a row of its own");
    assert.equal(g[2].attrs.get("class"), "answer");
    assert.equal(g[0].attrs.get("class"), undefined);
    assert.match(byClass(g[2], "board")[0].attrs.get("transform")!, / scale\(0\.5\)$/);
    for (const scale of [0, -1, NaN, 11]) {
      assert.throws(() => sheetSvg([{ ...board, scale }]), RangeError);
    }
  });
  await t.step("1,000 9×9 boards make one well-formed sheet", () => {
    const rng = new Rng(1000);
    const boards = Array.from(
      { length: 1000 },
      (_, k) => ({ ...randomBoard(rng, 9), title: `Grid ${k + 1}` }),
    );
    const root = parseXml(sheetSvg(boards));
    const g = grids(root);
    assert.equal(g.length, 1000);
    g.forEach((e, k) => {
      assert.equal(e.attrs.get("data-grid"), String(k + 1));
      if (k % 97 === 0) checkCells(e, boards[k]);
    });
  });
});

Deno.test("sheetSvg on paper: A4 pages", async (t) => {
  /** Each board's box on its page: page number, x, y, width and height (caption included). */
  const boxes = (root: XmlElement) =>
    childrenNamed(root, "g").flatMap((page) => {
      assert.equal(page.attrs.get("class"), "page");
      const [, top] = translateOf(page);
      assert.equal(top, (Number(page.attrs.get("data-page")) - 1) * 1754);
      return grids(page).map((g) => {
        const [x, y] = translateOf(g);
        const board = byClass(g, "board")[0];
        const m = /^translate\(0 ([\d.]+)\)(?: scale\(([\d.]+)\))?$/.exec(
          board.attrs.get("transform")!,
        )!;
        const side = Number(byClass(g, "border")[0].attrs.get("width")) *
          Number(m[2] ?? 1);
        return {
          page: Number(page.attrs.get("data-page")),
          grid: g,
          x,
          y,
          w: side,
          h: Number(m[1]) + side,
          side,
        };
      });
    });
  const inside = (b: { x: number; y: number; w: number; h: number }) =>
    b.x >= 60 && b.y >= 60 && b.x + b.w <= 1240 - 60 + 1e-6 && b.y + b.h <= 1754 - 60 + 1e-6;
  const apart = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
    a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
  await t.step("six 9×9 boards a page, in order, inside the margins, apart", () => {
    const rng = new Rng(4);
    const boards = Array.from({ length: 14 }, (_, k) => ({
      ...randomBoard(rng, 9),
      title: `Puzzle ${k + 1}`,
    }));
    const root = parseXml(sheetSvg(boards, { paper: "a4" }));
    assert.deepEqual(
      ["width", "height", "viewBox"].map((a) => root.attrs.get(a)),
      ["210mm", "891mm", "0 0 1240 5262"],
    );
    const placed = boxes(root);
    assert.deepEqual(placed.map((b) => b.page), [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3]);
    placed.forEach((b, k) => {
      assert.equal(b.grid.attrs.get("data-grid"), String(k + 1));
      checkCells(b.grid, boards[k]);
      assert.ok(inside(b), `board ${k + 1} inside its page`);
      // Cells of 50 units (8.5 mm) to write in.
      assert.ok(Math.abs(b.side - 450) < 0.01);
      for (const o of placed.slice(0, k)) if (o.page === b.page) assert.ok(apart(o, b));
    });
  });
  await t.step("breakBefore starts a page; scaled boards; too large ones shrink to fit", () => {
    const empty = (size: number) => ({ size, cells: new Uint8Array(size * size) });
    const boards = [
      empty(9),
      { ...empty(9), breakBefore: true, scale: 0.5, kind: "answer" },
      { ...empty(9), scale: 0.5, kind: "answer" },
      { ...empty(64), title: "a long caption ".repeat(20) },
      empty(16),
      empty(16),
      empty(16),
    ];
    const placed = boxes(parseXml(sheetSvg(boards, { paper: "a4" })));
    assert.deepEqual(placed.map((b) => b.page), [1, 2, 2, 2, 3, 3, 4]);
    assert.deepEqual(placed.map((b) => b.grid.attrs.get("class")), [
      undefined,
      "answer",
      "answer",
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    assert.ok(Math.abs(placed[1].side - 225) < 0.01);
    assert.ok(Math.abs(placed[4].side - 640) < 0.01);
    for (const b of placed) assert.ok(inside(b), `${b.grid.attrs.get("data-size")} inside`);
    assert.ok(Math.abs(placed[3].w - 1120) < 1e-6, "64×64 as wide as the page allows");
  });
  await t.step("no boards: one blank page; columns do not apply", () => {
    const root = parseXml(sheetSvg([], { paper: "a4" }));
    assert.equal(childrenNamed(root, "g").length, 1);
    const board = { size: 4, cells: new Uint8Array(16) };
    assert.throws(() => sheetSvg([board], { paper: "a4", columns: 2 }), RangeError);
  });
});

Deno.test("sheetSvgParts: the document a board at a time, the boards checked first", () => {
  const rng = new Rng(9);
  const boards = Array.from({ length: 14 }, (_, k) => ({
    ...randomBoard(rng, k % 2 === 0 ? 9 : 16),
    title: `Puzzle ${k + 1}`,
  }));
  for (const options of [{}, { columns: 2 }, { paper: "a4" as const }]) {
    const parts = Array.from(sheetSvgParts(boards, options));
    const drawn = parts.filter((p) => p.startsWith("<g data-grid="));
    // Each board is one part of its own, whole, in order: nothing else holds a board.
    assert.equal(drawn.length, boards.length);
    drawn.forEach((p, k) => {
      assert.equal(p.split("<g data-grid=").length, 2);
      assert.match(p, new RegExp(`^<g data-grid="${k + 1}"[^]*</g>\n</g>\n$`));
    });
    assert.equal(parts.join("").split("<g data-grid=").length, boards.length + 1);
    assert.ok(parts[0].startsWith(DECLARATION) && !parts[0].includes("data-grid"));
    assert.equal(parts.at(-1), "</svg>\n");
    assert.deepEqual(parseXml(parts.join("")), parseXml(sheetSvg(boards, options)));
  }
  // A bad board throws when the parts are asked for, before any is written.
  const bad = [...boards, { size: 4, cells: new Uint8Array(15) }];
  assert.throws(() => sheetSvgParts(bad), /a 4×4 board has 16 cells, not 15/);
  assert.throws(() => sheetSvgParts(bad, { paper: "a4" }), RangeError);
});

Deno.test("escapeXml", () => {
  assert.equal(escapeXml(`a<b>&"c'`), "a&lt;b&gt;&amp;&quot;c&apos;");
  assert.equal(escapeXml("plain"), "plain");
  assert.equal(escapeXml("&amp;"), "&amp;amp;");
});
