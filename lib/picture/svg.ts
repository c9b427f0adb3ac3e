/**
 * Pictures of grids as standalone SVG: one board, a sheet of boards in rows, or boards on
 * pages of A4 proportions to print. Each board is a `<g data-grid="N">`, each of its cells
 * a `<g data-cell="R,C">` classed `given`, `filled` or `empty`, plus `conflict` (and
 * `diagonal-only` for a cell that breaks only a diagonal's rule) and `last-move` where they
 * apply, holding the cell's highlight `<rect>` and value `<text>` when it has them. Thin cell lines, thick block lines
 * (Sudoku and Sudoku-X of square sizes), light diagonals (Sudoku-X). Styled with
 * presentation attributes only (no CSS), generic `sans-serif` font, no external references.
 *
 * The parts that depend only on the size, rule set and symbols (cell positions, lines) are
 * built once and reused, so a sheet of a thousand boards is a few string joins.
 *
 * @module
 */

import { blockSideOf, MAX_SIZE, type Variant } from "../grid/mod.ts";
import { symbolTexts } from "./text.ts";
import { escapeText } from "../text/mod.ts";

/** One grid to draw and its marks. Cells are indexed 0-based, row-major. */
export interface Board {
  /** Side length S, 1..64. */
  readonly size: number;
  /** S² values, row-major, 0 for empty, else 1..S. */
  readonly cells: Uint8Array;
  /**
   * Which cells were given (nonzero or `true`), the other nonzero cells being filled in;
   * the puzzle itself serves. Without it every nonzero cell counts as given.
   */
  readonly givens?: Uint8Array | readonly boolean[];
  /**
   * Cells shown as in conflict, by index: light red. Or, per cell, the rules it breaks
   * (`row`, `column`, `block`, `diagonal`), written as its `data-rules`: a cell that breaks
   * only diagonals is then drawn apart, light violet and classed `diagonal-only`, so that a
   * row, column or block error stands out among Sudoku-X ones.
   */
  readonly conflicts?: Iterable<number> | ReadonlyMap<number, readonly string[]>;
  /** The cell of the last move (yellow, outlined), by index. */
  readonly lastMove?: number;
  /** Caption above the board: one string (`\n` breaks lines) or one per line; long lines wrap. */
  readonly title?: string | readonly string[];
  /** Rule set: block lines for `sudoku` (default) and `x` of square sizes, diagonals for `x`. */
  readonly variant?: Variant;
  /** The `data-grid` number; defaults to the board's 1-based position in the sheet. */
  readonly index?: number;
  /**
   * Symbols of values 1, 2, … (at least S): a string of one character each, or a list (whose
   * items may be longer, e.g. decimal numbers at every size). Default: the one-line form's
   * `123456789ABC…` up to size 35, decimal numbers above.
   */
  readonly symbols?: string | readonly string[];
  /** The board drawn this many times its size (its caption keeps its own): 0.5 for answers. */
  readonly scale?: number;
  /** Start a new page (on paper) or a new row before this board. */
  readonly breakBefore?: boolean;
  /** A class of the board's `<g data-grid>`, telling kinds of boards apart (`answer`). */
  readonly kind?: string;
}

/** Layout of a sheet. */
export interface SheetOptions {
  /**
   * Boards per row. Default: as many as fit in about 1,200 units of width (three 9×9 boards,
   * two 16×16, one 25×25 or larger), so a sheet prints in portrait. Not with `paper`.
   */
  readonly columns?: number;
  /**
   * Lay the boards out on pages of A4 proportions, one `<g class="page" data-page="K">` each,
   * stacked, the document `210mm` wide and `297mm` high a page: each page prints on one
   * sheet. Boards flow in rows, centred on the page, with cells of 8.5 mm up to 9×9 (six
   * boards a page) and 6.8 mm above, times their `scale`; a board too large for a page
   * shrinks.
   */
  readonly paper?: "a4";
}

/** The SVG namespace, declared on every picture's root. */
export const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** Text escaped for XML content and attribute values: `&`, `<`, `>`, `"`, `'`. */
export function escapeXml(text: string): string {
  return text.replace(XML_SPECIAL, (ch) => XML_ENTITY[ch]);
}

const XML_SPECIAL = /[&<>"']/g;
const XML_ENTITY: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

// Layout, in SVG user units (px at the default size).
const MARGIN = 16;
const GAP = 32;
const SHEET_WIDTH = 1200;
const CAPTION_FONT = 16;
const CAPTION_LINE = 20;
const CAPTION_GAP = 6;
/** Estimated width of a caption character in ems, generous so that wrapped lines fit. */
const CAPTION_CHAR = 0.55;
/** Longest caption string kept, in characters, before wrapping. */
const MAX_CAPTION = 1000;

// Colours.
const INK = "#111";
const FILLED_INK = "#1d5bbf";
const CONFLICT_FILL = "#f6c3c3";
const LAST_FILL = "#ffe98a";
const LAST_STROKE = "#e07b00";
const DIAGONAL_CONFLICT_FILL = "#dccbf2";
const DIAGONAL_FILL = "#e4ebf5";
const THIN_STROKE = "#9a9a9a";
const THICK_STROKE = "#222";

/** Cell side in user units: 48 for small grids, shrinking with the side, 20 from 36×36 up. */
function cellSideOf(size: number): number {
  return Math.min(48, Math.max(20, Math.round(120 / Math.sqrt(size))));
}

function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** Everything of a board that depends only on its size, rule set and symbols. */
interface Frame {
  readonly size: number;
  readonly cell: number;
  readonly side: number;
  /** Per value, the escaped text; index 0 unused. */
  readonly symbols: readonly string[];
  /** Per cell: `<g data-cell="R,C" class="`. */
  readonly open: readonly string[];
  /** Per cell: `<text x=".." y="..">`. */
  readonly text: readonly string[];
  /** Board attributes and everything drawn under the cells, ending with the cells' group open. */
  readonly under: string;
  /** Everything drawn over the cells (lines, border), closing the cells' group first. */
  readonly over: string;
  /** Outline width of the last move. */
  readonly mark: number;
}

const frames = new Map<string, Frame>();
const MAX_FRAMES = 256;

function frameOf(
  size: number,
  variant: Variant,
  symbols: string | readonly string[] | undefined,
): Frame {
  // A list is keyed apart from a string: `["1", "2"]` is not the string "1,2".
  const symbolKey = symbols === undefined
    ? ""
    : typeof symbols === "string"
    ? "s" + symbols
    : "l" + symbols.join("\0");
  const key = `${size} ${variant} ${symbolKey}`;
  const cached = frames.get(key);
  if (cached !== undefined) return cached;
  if (frames.size >= MAX_FRAMES) frames.clear();
  const frame = buildFrame(size, variant, symbols);
  frames.set(key, frame);
  return frame;
}

function buildFrame(
  size: number,
  variant: Variant,
  symbols: string | readonly string[] | undefined,
): Frame {
  const cell = cellSideOf(size);
  const side = size * cell;
  // Custom symbols are shown escaped, as any text of the input.
  const plain = symbolTexts(size, symbols, "").map((t) => escapeText(t));
  let widest = 1;
  for (const s of plain) widest = Math.max(widest, Array.from(s).length);
  // Digits are about 0.56 em wide: one symbol fills 62% of the cell's height, two about 61%
  // of its width, more shrink to fit.
  const font = cell * (widest === 1 ? 0.62 : Math.min(0.55, 1.15 / widest));
  const baseline = cell / 2 + font * 0.36;
  const open: string[] = [];
  const text: string[] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      open.push(`<g data-cell="${r + 1},${c + 1}" class="`);
      text.push(`<text x="${num(c * cell + cell / 2)}" y="${num(r * cell + baseline)}">`);
    }
  }
  const thin = cell >= 30 ? 1 : 0.8;
  const thick = Math.max(2, Math.round(cell * 0.07 * 2) / 2);
  const block = variant === "latin" ? 0 : blockSideOf(size);
  let thinPath = "";
  let thickPath = "";
  for (let k = 1; k < size; k++) {
    const at = k * cell;
    const line = `M0 ${at}H${side}M${at} 0V${side}`;
    if (block > 1 && k % block === 0) thickPath += line;
    else thinPath += line;
  }
  let under = `<rect class="background" width="${side}" height="${side}" fill="#fff"/>`;
  if (variant === "x") {
    let d = "";
    for (let r = 0; r < size; r++) {
      d += `M${r * cell} ${r * cell}h${cell}v${cell}h-${cell}z`;
      if (size - 1 - r !== r) {
        d += `M${(size - 1 - r) * cell} ${r * cell}h${cell}v${cell}h-${cell}z`;
      }
    }
    under += `<path class="diagonals" d="${d}" fill="${DIAGONAL_FILL}"/>`;
  }
  under += `<g class="cells" font-size="${num(font)}" text-anchor="middle" fill="${INK}">`;
  let over = "</g>";
  if (thinPath !== "") {
    over += `<path class="cell-lines" d="${thinPath}" fill="none" stroke="${THIN_STROKE}" ` +
      `stroke-width="${thin}"/>`;
  }
  if (thickPath !== "") {
    over += `<path class="block-lines" d="${thickPath}" fill="none" stroke="${THICK_STROKE}" ` +
      `stroke-width="${thick}"/>`;
  }
  over += `<rect class="border" width="${side}" height="${side}" fill="none" ` +
    `stroke="${THICK_STROKE}" stroke-width="${thick}"/>`;
  return {
    size,
    cell,
    side,
    symbols: plain.map(escapeXml),
    open,
    text,
    under,
    over,
    mark: Math.max(1.5, Math.round(cell * 0.08 * 2) / 2),
  };
}

/**
 * The board checked and its marks laid out per cell: bit 1 given, 2 conflict, 4 last move,
 * 8 a conflict of diagonals only; with the rules of each conflicting cell when given.
 */
function marksOf(board: Board): { marks: Uint8Array; rules?: string[] } {
  const { size, cells } = board;
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    throw new RangeError(`size ${size} is outside 1..${MAX_SIZE}`);
  }
  const n = size * size;
  if (cells.length !== n) {
    throw new RangeError(`a ${size}×${size} board has ${n} cells, not ${cells.length}`);
  }
  const marks = new Uint8Array(n);
  const givens = board.givens;
  if (givens !== undefined && givens.length !== n) {
    throw new RangeError(`givens has ${givens.length} cells, the board ${n}`);
  }
  for (let i = 0; i < n; i++) {
    const v = cells[i];
    if (v > size) {
      throw new RangeError(
        `cell ${Math.floor(i / size) + 1},${(i % size) + 1} holds ${v}, outside 0..${size}`,
      );
    }
    if (v !== 0 && (givens === undefined || givens[i])) marks[i] = 1;
  }
  const inRange = (i: number, what: string): number => {
    if (!Number.isInteger(i) || i < 0 || i >= n) {
      throw new RangeError(`${what} ${i} is outside cells 0..${n - 1}`);
    }
    return i;
  };
  let rules: string[] | undefined;
  const conflicts = board.conflicts;
  if (conflicts instanceof Map) {
    rules = new Array(n);
    for (const [i, broken] of conflicts as ReadonlyMap<number, readonly string[]>) {
      marks[inRange(i, "conflict")] |= broken.every((r) => r === "diagonal") ? 10 : 2;
      rules[i] = escapeXml(broken.join(" "));
    }
  } else if (conflicts !== undefined) {
    for (const i of conflicts as Iterable<number>) marks[inRange(i, "conflict")] |= 2;
  }
  if (board.lastMove !== undefined) marks[inRange(board.lastMove, "last move")] |= 4;
  return { marks, rules };
}

/** The classes of each combination of marks (empty cells; filled ones say `filled`). */
const CLASSES = Array.from({ length: 16 }, (_, m) =>
  [
    m & 1 ? "given" : "empty",
    ...(m & 2 ? ["conflict"] : []),
    ...(m & 8 ? ["diagonal-only"] : []),
    ...(m & 4 ? ["last-move"] : []),
  ].join(" "));
const FILLED_ATTR = `" fill="${FILLED_INK}">`;
const FILLED_CLASSES = CLASSES.map((c) => c.replace("empty", "filled"));

/** The cells of one board, between the frame's `under` and `over`. */
function cellsSvg(
  frame: Frame,
  cells: Uint8Array,
  marks: Uint8Array,
  rules: readonly string[] | undefined,
  out: string[],
): void {
  const { open, text, symbols, cell, mark } = frame;
  const size = frame.size;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    const m = marks[i];
    if (v === 0 && m === 0) {
      out.push(open[i], 'empty"/>');
      continue;
    }
    const broken = rules?.[i] === undefined ? "" : `" data-rules="${rules[i]}`;
    if (v === 0) out.push(open[i], CLASSES[m], broken, '">');
    else if (m & 1) out.push(open[i], CLASSES[m], broken, '" font-weight="bold">');
    else out.push(open[i], FILLED_CLASSES[m], broken, FILLED_ATTR);
    if (m & 6) {
      const x = (i % size) * cell;
      const y = Math.floor(i / size) * cell;
      const fill = m & 8 ? DIAGONAL_CONFLICT_FILL : m & 2 ? CONFLICT_FILL : LAST_FILL;
      if (m & 4) {
        const h = mark / 2;
        out.push(
          `<rect x="${num(x + h)}" y="${num(y + h)}" width="${num(cell - mark)}" ` +
            `height="${num(cell - mark)}" fill="${fill}" stroke="${LAST_STROKE}" ` +
            `stroke-width="${mark}"/>`,
        );
      } else {
        out.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}"/>`);
      }
    }
    if (v !== 0) out.push(text[i], symbols[v], "</text>");
    out.push("</g>");
  }
}

/** Caption lines: split on line breaks, made visible and safe, word-wrapped to `chars`. */
function captionLines(title: string | readonly string[] | undefined, chars: number): string[] {
  if (title === undefined) return [];
  const out: string[] = [];
  for (const part of typeof title === "string" ? [title] : title) {
    for (const line of part.split(/\r\n|\n|\r/)) {
      let current: string[] = [];
      for (const word of escapeText(line, MAX_CAPTION).split(" ")) {
        let w = Array.from(word);
        if (current.length > 0 && current.length + 1 + w.length > chars) {
          out.push(current.join(""));
          current = [];
        } else if (current.length > 0) {
          current.push(" ");
        }
        for (; w.length > chars; w = w.slice(chars)) out.push(w.slice(0, chars).join(""));
        current.push(...w);
      }
      out.push(current.join(""));
    }
  }
  return out.map(escapeXml);
}

/**
 * One board as a standalone SVG document: the same as a sheet of just this board, so it too
 * is a `<g data-grid>` (numbered by `board.index`, else 1).
 */
export function boardSvg(board: Board): string {
  return sheetSvg([board], { columns: 1 });
}

/** A board ready to lay out: its marks, frame, scale and caption. */
interface Placed {
  readonly board: Board;
  readonly marks: Uint8Array;
  readonly rules: readonly string[] | undefined;
  readonly frame: Frame;
  readonly index: number;
  /** The board's scale, and its side drawn at that scale. */
  scale: number;
  width: number;
  /** Caption lines, and the room they take above the board. */
  lines: string[];
  top: number;
}

function prepare(boards: readonly Board[]): Placed[] {
  return boards.map((board, k) => {
    const variant = board.variant ?? "sudoku";
    const { marks, rules } = marksOf(board);
    const frame = frameOf(board.size, variant, board.symbols);
    const index = board.index ?? k + 1;
    if (!Number.isInteger(index)) throw new RangeError(`index ${index} is not an integer`);
    const scale = board.scale ?? 1;
    if (!(scale > 0 && scale <= 10)) throw new RangeError(`scale ${scale} is outside (0, 10]`);
    return {
      board,
      marks,
      rules,
      frame,
      index,
      scale,
      width: frame.side * scale,
      lines: [],
      top: 0,
    };
  });
}

/** Wrap a board's caption to `width` units; sets its lines and the room they take. */
function caption(p: Placed, width: number): void {
  p.lines = captionLines(
    p.board.title,
    Math.max(8, Math.floor(width / (CAPTION_FONT * CAPTION_CHAR))),
  );
  p.top = p.lines.length > 0 ? p.lines.length * CAPTION_LINE + CAPTION_GAP : 0;
}

/** One board's `<g data-grid>` at (x, y), its board `top` units below (the row's captions). */
function boardGroup(p: Placed, x: number, y: number, top: number, parts: string[]): void {
  const { board, frame, lines } = p;
  const kind = board.kind === undefined ? "" : ` class="${escapeXml(board.kind)}"`;
  parts.push(
    `<g data-grid="${p.index}"${kind} data-size="${frame.size}" data-variant="${
      board.variant ?? "sudoku"
    }" transform="translate(${num(x)} ${num(y)})">\n`,
  );
  lines.forEach((line, j) => {
    const base = top - CAPTION_GAP - (lines.length - 1 - j) * CAPTION_LINE - 5;
    parts.push(
      `<text class="caption" y="${base}" font-size="${CAPTION_FONT}" fill="${INK}">` +
        `${line}</text>\n`,
    );
  });
  // Six decimals: the board drawn within a thousandth of a unit of the size laid out.
  const scaled = p.scale === 1 ? "" : ` scale(${Math.round(p.scale * 1e6) / 1e6})`;
  parts.push(`<g class="board" transform="translate(0 ${top})${scaled}">`, frame.under);
  cellsSvg(frame, board.cells, p.marks, p.rules, parts);
  parts.push(frame.over, "</g>\n</g>\n");
}

/** The document's start, up to its first board: the root and its size. */
function documentHead(width: string, height: string, viewBox: string): string {
  return '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="${SVG_NAMESPACE}" width="${width}" height="${height}" ` +
    `viewBox="${viewBox}" font-family="sans-serif">\n`;
}

/** One board's `<g data-grid>` as text (see {@linkcode boardGroup}). */
function boardText(p: Placed, x: number, y: number, top: number): string {
  const parts: string[] = [];
  boardGroup(p, x, y, top, parts);
  return parts.join("");
}

/**
 * Several boards as one standalone SVG document, in rows of `columns` boards, each under its
 * caption, in input order: board k (0-based) is `<g data-grid="N">` with N its `index`, else
 * k + 1. Columns are as wide as the widest board; sizes may mix; a board that breaks
 * (`breakBefore`) starts a row. With `paper`, the boards are laid out on pages instead
 * (see {@linkcode SheetOptions}). Throws `RangeError` for a board whose size, cells, givens,
 * values, marked cells or scale are out of range.
 */
export function sheetSvg(boards: readonly Board[], options: SheetOptions = {}): string {
  return Array.from(sheetSvgParts(boards, options)).join("");
}

/**
 * {@linkcode sheetSvg}'s document in parts, one a board after the root's start, so that a
 * sheet of many boards is written as it is drawn: the boards and their places are held,
 * never the whole text. The boards are checked before the first part.
 *
 * @example The parts of a sheet of two boards
 * ```ts
 * import assert from "node:assert/strict";
 * import { sheetSvg, sheetSvgParts } from "@sudokit/sudokit/picture";
 *
 * const boards = [1, 2].map(() => ({ size: 4, cells: new Uint8Array(16) }));
 * const parts = Array.from(sheetSvgParts(boards));
 * assert.equal(parts.length, 4);
 * assert.match(parts[1], /^<g data-grid="1"/);
 * assert.equal(parts.join(""), sheetSvg(boards));
 * ```
 */
export function sheetSvgParts(
  boards: readonly Board[],
  options: SheetOptions = {},
): IterableIterator<string> {
  const placed = prepare(boards);
  if (options.paper !== undefined) {
    if (options.columns !== undefined) throw new RangeError("columns do not apply on paper");
    return pagesParts(placed);
  }
  let column = 0;
  for (const p of placed) column = Math.max(column, p.width);
  const wanted = options.columns;
  if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 1)) {
    throw new RangeError(`columns ${wanted} is not a positive integer`);
  }
  const fit = Math.max(1, Math.floor((SHEET_WIDTH + GAP) / (column + GAP)));
  const columns = Math.max(1, Math.min(wanted ?? fit, placed.length));
  for (const p of placed) caption(p, column);
  return columnsParts(placed, column, columns);
}

function* columnsParts(
  placed: Placed[],
  column: number,
  columns: number,
): IterableIterator<string> {
  // Each board's place (x, y, the row's caption room) first: the root states the height.
  const at = new Float64Array(3 * placed.length);
  let y = MARGIN;
  for (let start = 0; start < placed.length;) {
    let end = start + 1;
    while (end < placed.length && end - start < columns && !placed[end].board.breakBefore) end++;
    let top = 0;
    for (let k = start; k < end; k++) top = Math.max(top, placed[k].top);
    let height = 0;
    for (let k = start; k < end; k++) {
      at.set([MARGIN + (k - start) * (column + GAP), y, top], 3 * k);
      height = Math.max(height, top + placed[k].width);
    }
    y += height + GAP;
    start = end;
  }
  const width = placed.length === 0
    ? 2 * MARGIN
    : 2 * MARGIN + columns * column + (columns - 1) * GAP;
  const height = placed.length === 0 ? 2 * MARGIN : y - GAP + MARGIN;
  yield documentHead(String(width), String(height), `0 0 ${width} ${height}`) +
    `<rect class="page" width="${width}" height="${height}" fill="#fff"/>\n`;
  for (let k = 0; k < placed.length; k++) {
    yield boardText(placed[k], at[3 * k], at[3 * k + 1], at[3 * k + 2]);
  }
  yield "</svg>\n";
}

// A4 pages: 210 × 297 mm as 1240 × 1754 units (150 per inch), a 60-unit (1 cm) margin.
const PAGE_WIDTH = 1240;
const PAGE_HEIGHT = 1754;
const PAGE_MARGIN = 60;
const ROW_GAP = 48;
/**
 * Cell side on paper: 50 units (8.5 mm) up to 9×9, six boards a page; 40 (6.8 mm) above,
 * two 16×16 boards a page, one 25×25.
 */
const PRINT_CELL_SMALL = 50;
const PRINT_CELL = 40;

/** The boards on A4 pages, in rows, each page's rows centred across it. */
function* pagesParts(placed: Placed[]): IterableIterator<string> {
  const innerWidth = PAGE_WIDTH - 2 * PAGE_MARGIN;
  const innerHeight = PAGE_HEIGHT - 2 * PAGE_MARGIN;
  for (const p of placed) {
    // Cells large enough to write in; a board too wide or too tall for a page shrinks.
    p.scale *= (p.frame.size <= 9 ? PRINT_CELL_SMALL : PRINT_CELL) / p.frame.cell;
    p.width = p.frame.side * p.scale;
    if (p.width > innerWidth) p.scale *= innerWidth / p.width;
    p.width = p.frame.side * p.scale;
    caption(p, p.width);
    if (p.top + p.width > innerHeight) {
      p.scale *= (innerHeight - p.top) / p.width;
      p.width = p.frame.side * p.scale;
    }
  }
  interface Row {
    readonly boards: Placed[];
    width: number;
    top: number;
    height: number;
  }
  const pages: Row[][] = [[]];
  let row: Row | undefined;
  let y = 0;
  const close = () => {
    if (row === undefined) return;
    const page = pages[pages.length - 1];
    if (page.length > 0 && y + ROW_GAP + row.height > innerHeight) {
      pages.push([]);
      y = 0;
    }
    const on = pages[pages.length - 1];
    y += (on.length > 0 ? ROW_GAP : 0) + row.height;
    on.push(row);
    row = undefined;
  };
  for (const p of placed) {
    if (p.board.breakBefore) {
      close();
      if (pages[pages.length - 1].length > 0) {
        pages.push([]);
        y = 0;
      }
    }
    if (row !== undefined && row.width + GAP + p.width > innerWidth) close();
    row ??= { boards: [], width: -GAP, top: 0, height: 0 };
    row.boards.push(p);
    row.width += GAP + p.width;
    row.top = Math.max(row.top, p.top);
    for (const b of row.boards) row.height = Math.max(row.height, row.top + b.width);
  }
  close();
  const n = pages.length;
  yield documentHead("210mm", `${297 * n}mm`, `0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT * n}`);
  for (const [k, rows] of pages.entries()) {
    yield `<g class="page" data-page="${k + 1}" transform="translate(0 ${k * PAGE_HEIGHT})">\n` +
      `<rect class="paper" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" fill="#fff"/>\n`;
    let widest = 0;
    for (const r of rows) widest = Math.max(widest, r.width);
    const left = PAGE_MARGIN + (innerWidth - widest) / 2;
    let at = PAGE_MARGIN;
    for (const r of rows) {
      let x = left;
      for (const p of r.boards) {
        yield boardText(p, x, at, r.top);
        x += p.width + GAP;
      }
      at += r.height + ROW_GAP;
    }
    yield "</g>\n";
  }
  yield "</svg>\n";
}
