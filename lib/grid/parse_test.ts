import assert from "node:assert/strict";
import {
  detectForm,
  formatLine,
  GRID_FORMAT_HINT,
  GridFormatParser,
  type GridParser,
  InputError,
  LineFormatParser,
  MAX_LINE_SIZE,
  type ParsedGrid,
  type ParseEvent,
  parserFor,
  symbolOf,
  TokenFormatParser,
  valueOfSymbol,
} from "./parse.ts";
import { Rng } from "./random.ts";

interface Result {
  counts: number[];
  grids: ParsedGrid[];
  error?: InputError;
}

/** Feed `text` split on `\n` (or given lines), then finish; collect events and the error. */
function run(parser: GridParser, text: string | string[]): Result {
  const lines = typeof text === "string" ? text.split("\n") : text;
  const out: Result = { counts: [], grids: [] };
  try {
    for (const line of lines) {
      parser.feed(line, (e) => {
        if (e.kind === "count") out.counts.push(e.count);
        else out.grids.push(e.grid);
      });
    }
    parser.finish();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    out.error = e;
  }
  return out;
}

function cells(g: ParsedGrid): number[] {
  return Array.from(g.cells);
}

/** Assert an InputError with exactly this message and location. */
function assertError(r: Result, message: string, line: number, column: number, grid?: number) {
  assert.ok(r.error, `expected an error '${message}'`);
  assert.equal(r.error.message, message);
  assert.equal(r.error.line, line);
  assert.equal(r.error.column, column);
  assert.equal(r.error.grid, grid);
  assert.ok(message.endsWith(r.error.detail));
}

const SUDOKU = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const SUDOKU_DIGITS = SUDOKU.replaceAll(".", "0");
const SUDOKU_CELLS = Array.from(SUDOKU_DIGITS, Number);

Deno.test("GridFormatParser", async (t) => {
  await t.step("reads count, sizes and rows, with grid start lines", () => {
    const r = run(new GridFormatParser(), "2\n2\n1 2\n2 1\n3\n1 2 3\n 2 3 1\n3  1 2\n");
    assert.equal(r.error, undefined);
    assert.deepEqual(r.counts, [2]);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [[1, 2, 2], [2, 3, 5]]);
    assert.deepEqual(r.grids.map(cells), [[1, 2, 2, 1], [1, 2, 3, 2, 3, 1, 3, 1, 2]]);
  });

  await t.step("tokens may sit anywhere: one line, tabs, indentation, right alignment", () => {
    const r = run(new GridFormatParser(), ["  1 \t 3\t0 1 2", "\t\t3 1 2", "  2   3  1 ", "\v\f"]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [[0, 1, 2, 3, 1, 2, 2, 3, 1]]);
    assert.equal(r.grids[0].line, 1);
  });

  await t.step("CR left at line ends (CRLF split on LF) is white space", () => {
    const r = run(new GridFormatParser(), "1\r\n2\r\n1 2\r\n2 1\r\n".split("\n"));
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [[1, 2, 2, 1]]);
  });

  await t.step("a byte-order mark on the first line is skipped", () => {
    const r = run(new GridFormatParser(), "\ufeff1\n1\n1");
    assert.equal(r.error, undefined);
    assert.deepEqual(r.counts, [1]);
    assert.deepEqual(r.grids.map(cells), [[1]]);
  });

  await t.step("rows of S <= 9 may be runs of S digits, mixed with token rows", () => {
    const rows = [
      "250030901",
      "010004000",
      "407000208",
      "005200000",
      "000098100",
      "040003000",
      "000360072",
      "070000003",
      "903000604",
    ];
    const r = run(new GridFormatParser(), [
      "1",
      "9",
      ...rows.slice(0, 4),
      "0 0 0 0 9 8 1 0 0",
      ...rows.slice(5),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [Array.from(rows.join(""), Number)]);
    const r2 = run(new GridFormatParser(), "1\n2\n12\n21");
    assert.deepEqual(r2.grids.map(cells), [[1, 2, 2, 1]]);
    const r4 = run(new GridFormatParser(), "1\n4\n1234\n3412\n2 1 4 3\n4321");
    assert.deepEqual(r4.grids.map(cells), [[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]]);
  });

  await t.step("a digit run with a value above S is located at its digit", () => {
    assertError(
      run(new GridFormatParser(), "1\n3\n123\n231\n  314"),
      "grid 1, line 5, column 5: value 4 is outside 0..3",
      5,
      5,
      1,
    );
  });

  await t.step("a run inside a row is a plain (too large) integer", () => {
    assertError(
      run(new GridFormatParser(), "1\n3\n1 23\n"),
      "grid 1, line 3, column 3: value 23 is outside 0..3",
      3,
      3,
      1,
    );
  });

  await t.step("sizes up to 64 are read", () => {
    const s = 64;
    const lines = ["1", String(s)];
    for (let r = 0; r < s; r++) {
      lines.push(Array.from({ length: s }, (_, c) => ((r + c) % s) + 1).join(" "));
    }
    const r = run(new GridFormatParser(), lines);
    assert.equal(r.error, undefined);
    assert.equal(r.grids[0].size, 64);
    assert.equal(r.grids[0].cells[63], 64);
    assert.equal(r.grids[0].cells[64], 2);
  });

  await t.step("emitted grids are not reused buffers", () => {
    const r = run(new GridFormatParser(), "3\n1\n1\n1\n0\n1\n1");
    assert.deepEqual(r.grids.map(cells), [[1], [0], [1]]);
  });

  await t.step("errors: grid count", () => {
    assertError(
      run(new GridFormatParser(), "x\n"),
      "line 1, column 1: grid count 'x' is not an integer: the grid format starts with the " +
        "number of grids, then gives each grid's size and rows",
      1,
      1,
    );
    assert.ok(GRID_FORMAT_HINT.startsWith("the grid format starts"));
    // A command says what it reads, and what reads the form it was given instead.
    assertError(
      run(new GridFormatParser(64, undefined, "hint"), "3...86......\n"),
      "line 1, column 1: grid count '3...86......' is not an integer: hint",
      1,
      1,
    );
    assertError(
      run(new GridFormatParser(), "  0\n"),
      "line 1, column 3: grid count 0 is less than 1",
      1,
      3,
    );
    assertError(
      run(new GridFormatParser(), [""]),
      "line 1, column 1: input ends before the grid count",
      1,
      1,
    );
    assertError(
      run(new GridFormatParser(), ["", "  "]),
      "line 2, column 3: input ends before the grid count",
      2,
      3,
    );
  });

  await t.step("errors: size", () => {
    for (const [size, col] of [["0", 1], ["65", 1], [" -3", 2]] as const) {
      assertError(
        run(new GridFormatParser(), ["1", size]),
        `grid 1, line 2, column ${col}: size ${size.trim()} is outside 1..64`,
        2,
        col,
        1,
      );
    }
    assertError(
      run(new GridFormatParser(), ["2", "1", "1", "4x"]),
      "grid 2, line 4, column 1: size '4x' is not an integer",
      4,
      1,
      2,
    );
    assertError(
      run(new GridFormatParser(9), ["1", "16"]),
      "grid 1, line 2, column 1: size 16 is outside 1..9",
      2,
      1,
      1,
    );
  });

  await t.step("errors: values", () => {
    assertError(
      run(new GridFormatParser(), "1\n2\n1 2\n2 x"),
      "grid 1, line 4, column 3: value 'x' is not an integer",
      4,
      3,
      1,
    );
    assertError(
      run(new GridFormatParser(), "1\n2\n1\t\t2.0"),
      "grid 1, line 3, column 4: value '2.0' is not an integer",
      3,
      4,
      1,
    );
    assertError(
      run(new GridFormatParser(), "1\n2\n1 2\n2 3"),
      "grid 1, line 4, column 3: value 3 is outside 0..2",
      4,
      3,
      1,
    );
    assertError(
      run(new GridFormatParser(), "1\n2\n1 -1"),
      "grid 1, line 3, column 3: value -1 is outside 0..2",
      3,
      3,
      1,
    );
    assertError(
      run(new GridFormatParser(), "2\n1\n1\n9\n" + "0 ".repeat(40) + "12"),
      "grid 2, line 5, column 81: value 12 is outside 0..9",
      5,
      81,
      2,
    );
  });

  await t.step("errors: input ends mid-grid or before a size", () => {
    assertError(
      run(new GridFormatParser(), ["2", "2", "1 2", "2 1", "3", "1 2 3", "2 3"]),
      "grid 2, line 7, column 4: input ends after 5 of its 9 values",
      7,
      4,
      2,
    );
    assertError(
      run(new GridFormatParser(), ["3", "1", "1", "1", "0"]),
      "grid 3, line 5, column 2: input ends before its size (3 grids were announced)",
      5,
      2,
      3,
    );
  });

  await t.step("errors: extra data after the last grid", () => {
    const r = run(new GridFormatParser(), ["1", "1", "1", "", "  5"]);
    assert.equal(r.grids.length, 1);
    assertError(r, "line 5, column 3: unexpected '5' after grid 1, the last one announced", 5, 3);
  });
});

Deno.test("TokenFormatParser", async (t) => {
  const classic = SUDOKU_DIGITS.match(/.{9}/g)!.map((row) => row.split("").join(" "));

  await t.step("classic form: 9 lines of 9 digits, grids separated by blank lines", () => {
    const r = run(new TokenFormatParser(), [...classic, "", ...classic, "", ""]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [[1, 9, 1], [2, 9, 11]]);
    assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS, SUDOKU_CELLS]);
  });

  await t.step(
    "reads tokens, not lines: missing, doubled and space-only separators, CR, tabs",
    () => {
      const messy = [
        ...classic.map((l) => l + " \r"),
        " \r",
        " ",
        ...classic.slice(0, 4),
        classic[4] + " " + classic[5],
        "\t" + classic[6].replaceAll(" ", "\t"),
        ...classic.slice(7),
        ...classic,
      ];
      const r = run(new TokenFormatParser(), messy);
      assert.equal(r.error, undefined);
      assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS, SUDOKU_CELLS, SUDOKU_CELLS]);
      assert.deepEqual(r.grids.map((g) => g.line), [1, 12, 20]);
    },
  );

  await t.step("one-line form with '.' or '0', '#' comments, byte-order mark", () => {
    const r = run(new TokenFormatParser(), [
      "\ufeff# a comment",
      SUDOKU,
      SUDOKU_DIGITS,
      "   " + SUDOKU + "   ",
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS, SUDOKU_CELLS, SUDOKU_CELLS]);
    assert.deepEqual(r.grids.map((g) => g.line), [2, 3, 4]);
    const bom = run(new TokenFormatParser(), ["\ufeff" + SUDOKU]);
    assert.deepEqual(bom.grids.map(cells), [SUDOKU_CELLS]);
  });

  await t.step("rows as runs of 9 digits", () => {
    const r = run(new TokenFormatParser(), SUDOKU_DIGITS.match(/.{9}/g)!);
    assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS]);
  });

  await t.step("errors: a character that is not a digit, with its column", () => {
    assertError(
      run(new TokenFormatParser(), [...classic, "1 2 x"]),
      "grid 2, line 10, column 5: 'x' is not a digit",
      10,
      5,
      2,
    );
    assertError(
      run(new TokenFormatParser(), ["1\t\t\u0001"]),
      "grid 1, line 1, column 4: character U+0001 is not a digit",
      1,
      4,
      1,
    );
    assertError(
      run(new TokenFormatParser(), [SUDOKU.slice(0, 40) + "x" + SUDOKU.slice(41)]),
      "grid 1, line 1, column 41: 'x' is not a digit",
      1,
      41,
      1,
    );
  });

  await t.step("errors: a value of two digits is out of range", () => {
    assertError(
      run(new TokenFormatParser(), ["0 0 3 9 10"]),
      "grid 1, line 1, column 9: value 10 is outside 0..9",
      1,
      9,
      1,
    );
    assertError(
      run(new TokenFormatParser(), ["0 99"]),
      "grid 1, line 1, column 3: value 99 is outside 0..9",
      1,
      3,
      1,
    );
  });

  await t.step("errors: a run of the wrong length says its length and the right ones", () => {
    const needs = "a 9×9 grid needs 81: single digits, runs of 9 (a row) or one run of 81, " +
      "with '.' or '0' for empty";
    assertError(
      run(new TokenFormatParser(), ["  123"]),
      `grid 1, line 1, column 3: '123' has 3 cells; ${needs}`,
      1,
      3,
      1,
    );
    assertError(
      run(new TokenFormatParser(), ["05"]),
      `grid 1, line 1, column 1: '05' has 2 cells; ${needs}`,
      1,
      1,
      1,
    );
    // The 80-symbol line of the issue: one cell short of a grid.
    assertError(
      run(new TokenFormatParser(), [SUDOKU.slice(0, 80)]),
      `grid 1, line 1, column 1: '..3.2.6..9..3.5..1..…' has 80 cells; ${needs}`,
      1,
      1,
      1,
    );
    assertError(
      run(new TokenFormatParser(), [classic[0], "1,2,3"]),
      `grid 1, line 2, column 1: '1,2,3' has 5 characters; ${needs}`,
      2,
      1,
      1,
    );
  });

  await t.step(
    "a token mixing digits and '.' that is neither one value nor a run is an error",
    () => {
      // '.' belongs to the one-line form (81 characters); "1.2" is not a value.
      const r = run(new TokenFormatParser(), ["1.2 " + "0 ".repeat(78)]);
      assert.ok(r.error instanceof InputError, `'1.2' was accepted as ${r.grids.map(cells)}`);
    },
  );

  await t.step("errors: the last grid incomplete", () => {
    assertError(
      run(new TokenFormatParser(), [...classic, "", ...classic.slice(0, 3), "1 2"]),
      "grid 2, line 14, column 4: input ends after 29 of 81 values",
      14,
      4,
      2,
    );
  });
});

Deno.test("LineFormatParser", async (t) => {
  await t.step("one puzzle per line, sizes from the length, '#' and blank lines skipped", () => {
    const r = run(new LineFormatParser(), [
      "\ufeff# header",
      "",
      SUDOKU,
      "  \t",
      "  # indented comment",
      "................",
      "  1234341221434321 \r",
      ".",
      "1",
      "0".repeat(25 * 25),
      "abcdefghijklmnopqrstuvwxyzABCDEFGHI" + ".".repeat(35 * 35 - 35),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [
      [1, 9, 3],
      [2, 4, 6],
      [3, 4, 7],
      [4, 1, 8],
      [5, 1, 9],
      [6, 25, 10],
      [7, 35, 11],
    ]);
    assert.deepEqual(cells(r.grids[0]), SUDOKU_CELLS);
    assert.deepEqual(cells(r.grids[2]), [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    assert.deepEqual(cells(r.grids[3]), [0]);
    assert.deepEqual(
      cells(r.grids[6]).slice(0, 36),
      [
        ...Array.from({ length: 26 }, (_, i) => i + 10),
        ...Array.from({ length: 9 }, (_, i) => i + 10),
        0,
      ],
    );
  });

  await t.step("16×16 and 25×25 symbols", () => {
    const row16 = "123456789ABCDEFG";
    const r = run(new LineFormatParser(), [
      row16.repeat(16),
      "9ABCDEFGHIJKLMNOP12345678".repeat(25),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(cells(r.grids[0]).slice(0, 16), Array.from({ length: 16 }, (_, i) => i + 1));
    assert.deepEqual(cells(r.grids[1]).slice(0, 3), [9, 10, 11]);
    assert.equal(cells(r.grids[1])[16], 25);
  });

  await t.step("grids kept from many lines stay apart and intact (mixed sizes)", () => {
    // Enough lines to fill several of the blocks the parser cuts its grids from: a block
    // reused too early would overwrite the grids read before.
    const lines: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const n = k % 7 === 0 ? 625 : 81;
      let line = "";
      for (let i = 0; i < n; i++) line += ".123456789"[(k * 7 + i * 3) % 10];
      lines.push(line);
    }
    const want = (k: number) => Array.from(lines[k], (ch) => (ch === "." ? 0 : Number(ch)));
    const r = run(new LineFormatParser(), lines);
    assert.equal(r.error, undefined);
    assert.equal(r.grids.length, lines.length);
    for (let k = 0; k < lines.length; k++) assert.deepEqual(cells(r.grids[k]), want(k), `${k}`);
    // Writing into one grid changes no other grid's cells.
    for (const k of [1, 7, 404, 809, 1500, 2998]) {
      r.grids[k].cells.fill(9);
      assert.deepEqual(cells(r.grids[k - 1]), want(k - 1), `before ${k}`);
      assert.deepEqual(cells(r.grids[k + 1]), want(k + 1), `after ${k}`);
    }
  });

  await t.step("errors: a length not a square, with the nearest squares", () => {
    assertError(
      run(new LineFormatParser(), ["................", "", "   12"]),
      "grid 2, line 3, column 4: line has 2 cells; a puzzle needs a square number of cells: " +
        "1 for 1×1, 4 for 2×2",
      3,
      4,
      2,
    );
    // The 80-symbol line of the issue.
    assertError(
      run(new LineFormatParser(), [SUDOKU.slice(0, 80)]),
      "grid 1, line 1, column 1: line has 80 cells; a puzzle needs a square number of cells: " +
        "81 for 9×9, 64 for 8×8",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["0".repeat(250)]),
      "grid 1, line 1, column 1: line has 250 cells; a puzzle needs a square number of " +
        "cells: 256 for 16×16, 225 for 15×15",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["1".repeat(1240)]),
      "grid 1, line 1, column 1: line has 1240 cells; a puzzle needs a square number of " +
        "cells: 1225 for 35×35",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(4), ["........."]),
      "grid 1, line 1, column 1: line has 9 cells; a 4×4 puzzle needs 16",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(4), ["7"]),
      "grid 1, line 1, column 1: line has 1 cell; a 4×4 puzzle needs 16",
      1,
      1,
      1,
    );
  });

  await t.step("errors: a line larger than the form holds points to the grid format", () => {
    const larger = "one puzzle per line holds at most 35×35 (1225 cells): write larger " +
      "grids in the grid format, or with --symbols of their size";
    assertError(
      run(new LineFormatParser(), [".".repeat(36 * 36)]),
      `grid 1, line 1, column 1: line has 1296 cells, a 36×36 puzzle; ${larger}`,
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), [".".repeat(1300)]),
      `grid 1, line 1, column 1: line has 1300 cells; ${larger}`,
      1,
      1,
      1,
    );
  });

  await t.step("errors: a character that is no symbol of the size, with those that are", () => {
    assertError(
      run(new LineFormatParser(), ["...G............"]),
      "grid 1, line 1, column 4: 'G' is not a symbol of a 4×4 puzzle; use 1-4, '.' or '0' " +
        "for empty",
      1,
      4,
      1,
    );
    assertError(
      run(new LineFormatParser(), [SUDOKU.slice(0, 40) + "x" + SUDOKU.slice(41)]),
      "grid 1, line 1, column 41: 'x' is not a symbol of a 9×9 puzzle; use 1-9, '.' or '0' " +
        "for empty",
      1,
      41,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["  ...!............"]),
      "grid 1, line 1, column 6: '!' is not a symbol of a 4×4 puzzle; use 1-4, '.' or '0' " +
        "for empty",
      1,
      6,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["-" + ".".repeat(255)]),
      "grid 1, line 1, column 1: '-' is not a symbol of a 16×16 puzzle; use 1-9 and A-G, " +
        "'.' or '0' for empty",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["\u0007"]),
      "grid 1, line 1, column 1: character U+0007 is not a symbol of a 1×1 puzzle; use 1, " +
        "'.' or '0' for empty",
      1,
      1,
      1,
    );
  });

  await t.step("16×16 and up: a line with both '.' and '0' is refused, located", () => {
    const line16 = "123456789ABCDEFG".repeat(15) + "..0" + "1".repeat(13);
    assertError(
      run(new LineFormatParser(), [SUDOKU, " " + line16]),
      "grid 2, line 2, column 244: the line holds both '.' and '0', and '0' is read as " +
        "empty; if 0 is a digit here, pass --symbols 0123456789ABCDEF",
      2,
      244,
      2,
    );
    const line25 = "0" + ".".repeat(624);
    assertError(
      run(new LineFormatParser(), [line25]),
      "grid 1, line 1, column 1: the line holds both '.' and '0', and '0' is read as " +
        "empty; if 0 is a digit here, pass --symbols 0123456789ABCDEFGHIJKLMNO",
      1,
      1,
      1,
    );
    // Either alone is empty; below 16×16, both are too.
    const r = run(new LineFormatParser(), [
      "0".repeat(256),
      ".".repeat(256),
      "0.".repeat(40) + "0",
      "0.".repeat(8),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => cells(g).every((v) => v === 0)), [true, true, true, true]);
  });

  await t.step("symbols of the caller's: 0-F for a 16×16, in either case, '.' empty", () => {
    const hex = "0123456789ABCDEF";
    const row = "0123456789abcdef";
    const r = run(new LineFormatParser(0, hex), [
      "# 0 is a digit",
      (hex + row).repeat(8),
      ".".repeat(255) + "0",
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [[1, 16, 2], [2, 16, 3]]);
    assert.deepEqual(cells(r.grids[0]).slice(0, 32), [
      ...Array.from({ length: 16 }, (_, i) => i + 1),
      ...Array.from({ length: 16 }, (_, i) => i + 1),
    ]);
    assert.deepEqual(cells(r.grids[1]).slice(254), [0, 1]);
    // Both cases listed: each is its own symbol.
    const both = run(new LineFormatParser(0, "aA"), ["aA.A"]);
    assert.deepEqual(both.grids.map(cells), [[1, 2, 0, 2]]);
  });

  await t.step("symbols of the caller's: errors say them", () => {
    const hex = "0123456789ABCDEF";
    assertError(
      run(new LineFormatParser(0, hex), [hex.repeat(15) + "G" + hex.slice(1)]),
      "grid 1, line 1, column 241: 'G' is not a symbol of a 16×16 puzzle; use the symbols " +
        "'0123456789ABCDEF', '.' for empty",
      1,
      241,
      1,
    );
    assertError(
      run(new LineFormatParser(0, hex), [SUDOKU]),
      "grid 1, line 1, column 1: line has 81 cells; a 16×16 puzzle (16 symbols in --symbols) " +
        "needs 256",
      1,
      1,
      1,
    );
    // '0' is no symbol of 1-9: neither empty nor a digit.
    assertError(
      run(new LineFormatParser(0, "123456789"), [SUDOKU_DIGITS]),
      "grid 1, line 1, column 1: '0' is not a symbol of a 9×9 puzzle; use the symbols " +
        "'123456789', '.' for empty",
      1,
      1,
      1,
    );
  });

  await t.step("symbols that will not do, or disagree with the size, are refused", () => {
    assert.throws(
      () => new LineFormatParser(0, "0123456789ABCDE1"),
      new RangeError("symbols '0123456789ABCDE1' repeats '1': give each value its own character"),
    );
    assert.throws(() => new LineFormatParser(0, ".123"), RangeError);
    assert.throws(
      () => new LineFormatParser(9, "1234"),
      new RangeError("size 9 needs 9 symbols, not 4"),
    );
    assert.throws(
      () => new LineFormatParser(36),
      new RangeError("size 36 is more than one puzzle per line can hold"),
    );
    assert.equal(run(new LineFormatParser(4, "1234"), ["1234".repeat(4)]).grids.length, 1);
  });
});

/**
 * `lines` as `count` reads them: each line's UTF-8 bytes to `feedBytes`, and to `feed`
 * (decoded) when that declines. Also says how many lines `feedBytes` took.
 */
function runBytes(parser: LineFormatParser, lines: string[]): Result & { taken: number } {
  const encoder = new TextEncoder(), decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const bytes = encoder.encode(lines.join("\n"));
  const out: Result & { taken: number } = { counts: [], grids: [], taken: 0 };
  const emit = (e: ParseEvent) => {
    if (e.kind === "count") out.counts.push(e.count);
    else out.grids.push(e.grid);
  };
  try {
    let start = 0;
    for (let i = 0; i < lines.length; i++) {
      const end = start + encoder.encode(lines[i]).length;
      if (parser.feedBytes(bytes, start, end, emit)) out.taken++;
      else parser.feed(decoder.decode(bytes.subarray(start, end)), emit);
      start = end + 1;
    }
    parser.finish();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    out.error = e;
  }
  return out;
}

/** The same grids (with their numbers and lines) and the same error. */
function assertSameResult(got: Result, want: Result, what: string): void {
  assert.deepEqual(
    got.grids.map((g) => [g.index, g.size, g.line, cells(g).join(",")]),
    want.grids.map((g) => [g.index, g.size, g.line, cells(g).join(",")]),
    what,
  );
  assert.deepEqual(
    [got.error?.message, got.error?.line, got.error?.column, got.error?.grid],
    [want.error?.message, want.error?.line, want.error?.column, want.error?.grid],
    what,
  );
}

Deno.test("LineFormatParser.feedBytes", async (t) => {
  await t.step("takes every plain ASCII grid, blank and comment line", () => {
    const lines = [
      "# header",
      "",
      SUDOKU,
      "  \t",
      "  1234341221434321 \r",
      "0".repeat(25 * 25),
      "abcdefghijklmnopqrstuvwxyzABCDEFGHI" + ".".repeat(35 * 35 - 35),
    ];
    const got = runBytes(new LineFormatParser(), lines);
    assert.equal(got.taken, lines.length);
    assertSameResult(got, run(new LineFormatParser(), lines), "plain lines");
  });

  await t.step("declines a character beyond ASCII, even where its bytes read as symbols", () => {
    // '°' is C2 B0: with the top bits cut, 'B' and '0'; 625 bytes, but 624 characters.
    const lines = [".".repeat(623) + "°"];
    const got = runBytes(new LineFormatParser(), lines);
    assert.equal(got.taken, 0);
    assertError(
      got,
      "grid 1, line 1, column 1: line has 624 cells; a puzzle needs a square number of " +
        "cells: 625 for 25×25, 576 for 24×24",
      1,
      1,
      1,
    );
  });

  await t.step("declines a 16×16 line with both '.' and '0', which feed reports", () => {
    const lines = ["0".repeat(256), "." + "0".repeat(255), SUDOKU_DIGITS];
    const got = runBytes(new LineFormatParser(), lines);
    assert.equal(got.taken, 1);
    assertSameResult(got, run(new LineFormatParser(), lines), "'.' and '0'");
    assert.equal(got.error?.column, 2);
  });

  await t.step("reads the caller's symbols as feed does", () => {
    const hex = "0123456789ABCDEF";
    const lines = [(hex + hex.toLowerCase()).repeat(8), "." + hex.repeat(16).slice(1), SUDOKU];
    const got = runBytes(new LineFormatParser(0, hex), lines);
    assert.equal(got.taken, 2);
    assertSameResult(got, run(new LineFormatParser(0, hex), lines), "0-F");
    assert.equal(got.grids.length, 2);
    assert.match(got.error?.message ?? "", /line has 81 cells; a 16×16 puzzle/);
  });

  await t.step("with feed for the lines it declines: what feed alone gives", () => {
    const rng = new Rng(20261125);
    const pick = <T>(xs: readonly T[]): T => xs[rng.below(xs.length)];
    const odd = ["!", "é", "×", "G", "Z", "\ufeff", " ", "#", "0", ".", "\u{1F600}"];
    let taken = 0;
    for (let round = 0; round < 400; round++) {
      const fixed = pick([0, 0, 0, 4]);
      // Sometimes, for a fixed 4×4, symbols of the caller's (written in either case).
      const symbols = fixed === 0 || rng.below(2) === 0 ? undefined : "abcd";
      const write = symbols === undefined
        ? symbolOf
        : (v: number) =>
          v === 0 ? "." : rng.below(2) ? symbols[v - 1] : symbols[v - 1].toUpperCase();
      const lines: string[] = [];
      const n = 1 + rng.below(12);
      for (let i = 0; i < n; i++) {
        const kind = rng.below(10);
        if (kind === 0) lines.push(pick(["", "  ", "# note é", " #x", "\t"]));
        else {
          const size = fixed || pick([1, 4, 9, 16, 25]);
          let line = "";
          for (let k = 0; k < size * size; k++) line += write(rng.below(size + 1));
          if (kind === 1) {
            // One odd character put in, or one symbol cut out.
            const at = rng.below(line.length);
            line = rng.below(2) === 0
              ? line.slice(0, at) + pick(odd) + line.slice(at + 1)
              : line.slice(0, at) + line.slice(at + 1);
          }
          if (kind === 2) line = pick([" ", "\t", "  "]) + line + pick(["", " ", "\r"]);
          lines.push(line);
        }
      }
      if (rng.below(8) === 0) lines[0] = "\ufeff" + lines[0];
      const parser = () => new LineFormatParser(fixed, symbols);
      const got = runBytes(parser(), lines);
      taken += got.taken;
      assertSameResult(got, run(parser(), lines), JSON.stringify([symbols, lines]));
    }
    // The fast path did most of the work (a declining stub would pass the comparison).
    assert.ok(taken > 1500, `feedBytes took ${taken} lines`);
  });
});

Deno.test("symbols of the one-line form", async (t) => {
  await t.step("symbolOf and valueOfSymbol are inverse for 0..35", () => {
    assert.equal(MAX_LINE_SIZE, 35);
    assert.equal(symbolOf(0), ".");
    for (let v = 0; v <= 35; v++) {
      assert.equal(valueOfSymbol(symbolOf(v).charCodeAt(0)), v);
      if (v >= 10) assert.equal(valueOfSymbol(symbolOf(v).toLowerCase().charCodeAt(0)), v);
    }
    assert.equal(valueOfSymbol("0".charCodeAt(0)), 0);
    for (const ch of "!/:@[`{ -#") assert.equal(valueOfSymbol(ch.charCodeAt(0)), -1, ch);
  });

  await t.step("formatLine writes '.' for empty, and numbers above 35", () => {
    assert.equal(formatLine(Uint8Array.from(SUDOKU_CELLS), 9), SUDOKU);
    assert.equal(formatLine(Uint8Array.from([16, 0, 10, 1]), 16), "G.A1");
    const big = new Uint8Array(36 * 36);
    big[0] = 36;
    big[1] = 7;
    assert.equal(formatLine(big, 36), "36 7 " + "0 ".repeat(36 * 36 - 3) + "0");
  });

  await t.step("formatLine writes the caller's symbols, '.' for empty", () => {
    const hex = "0123456789ABCDEF";
    assert.equal(formatLine(Uint8Array.from([16, 0, 10, 1]), 16, hex), "F.90");
    assert.equal(formatLine(Uint8Array.from([1, 2, 2, 1]), 2, "xy"), "xyyx");
    // Each value read back from what is written.
    const cells = Uint8Array.from({ length: 256 }, (_, i) => i % 17);
    const r = run(new LineFormatParser(0, hex), [formatLine(cells, 16, hex)]);
    assert.deepEqual(r.grids.map((g) => Array.from(g.cells)), [Array.from(cells)]);
  });
});

Deno.test("detectForm", async (t) => {
  await t.step("grid format: a lone count then a lone size", () => {
    assert.equal(detectForm(["5", "9", " 2 5 0 0 3 0 9 0 1"]), "grid");
    assert.equal(detectForm(["\ufeff2", "9"]), "grid");
    assert.equal(detectForm(["", "# note", "  1  ", "", "4"]), "grid");
    assert.equal(detectForm(["3"]), "grid");
  });
  await t.step("token format: classic rows, runs of 9", () => {
    assert.equal(detectForm(["0 0 3 9 0 0 7 6 0", "0 4 0 0 0 6 0 0 9"]), "tokens");
    assert.equal(detectForm(["003020600", "900305001"]), "tokens");
    assert.equal(detectForm(["0", "0 0"]), "tokens");
  });
  await t.step("one puzzle per line", () => {
    assert.equal(detectForm([SUDOKU, SUDOKU]), "line");
    assert.equal(detectForm(["# puzzles", SUDOKU_DIGITS]), "line");
    assert.equal(detectForm(["\ufeff" + SUDOKU]), "line");
    assert.equal(detectForm(["................"]), "line");
    assert.equal(detectForm(["0".repeat(625)]), "line");
    assert.equal(detectForm([]), "line");
  });
  await t.step("a lone token of 16 characters or more, of any length: one puzzle per line", () => {
    // Its parser then says how many cells the line has and how many a puzzle needs.
    assert.equal(detectForm([SUDOKU.slice(0, 80)]), "line");
    assert.equal(detectForm(["1234567890123456789"]), "line");
    // Shorter ones stay tokens, whose parser tells a run of the wrong length.
    assert.equal(detectForm(["1234567890"]), "tokens");
    assert.equal(detectForm(["ab\x1b]0;x\x07cd"]), "tokens");
  });
  await t.step("parserFor gives the parser of each form", () => {
    assert.ok(parserFor("grid") instanceof GridFormatParser);
    assert.ok(parserFor("tokens") instanceof TokenFormatParser);
    assert.ok(parserFor("line") instanceof LineFormatParser);
  });
});

Deno.test("GridFormatParser: the grid count must fit the input", async (t) => {
  await t.step("beyond what the input's bytes can hold (4 a grid)", () => {
    const r = run(new GridFormatParser(64, 9), "1000\n1\n1\n");
    assertError(
      r,
      "line 1, column 1: grid count 1000 is more than this input of 9 bytes can hold " +
        "(at most 2, at 4 bytes a grid)",
      1,
      1,
    );
    assert.deepEqual(r.counts, []);
  });
  await t.step("exactly what it can hold is fine", () => {
    const r = run(new GridFormatParser(64, 12), "3\n1 1\n1 1\n1 1");
    assert.equal(r.error, undefined);
    assert.equal(r.grids.length, 3);
  });
  await t.step("beyond 2^53 - 1 whatever the input, said as written", () => {
    const r = run(new GridFormatParser(), "100000000000000000000000\n");
    assertError(
      r,
      "line 1, column 1: grid count '10000000000000000000…' is more than any input can hold",
      1,
      1,
    );
  });
  await t.step("a huge size or value is quoted, not printed as 1e+23", () => {
    const r = run(new GridFormatParser(), "1\n100000000000000000000000\n");
    assertError(
      r,
      "grid 1, line 2, column 1: size '10000000000000000000…' is outside 1..64",
      2,
      1,
      1,
    );
  });
});
