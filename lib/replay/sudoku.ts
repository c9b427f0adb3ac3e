/**
 * The CodeCup 2024 sudoku on a replay page: a 9×9 board with the row letters `A`..`I` and
 * column letters `a`..`i` of the move notation, each digit coloured by the seat that
 * placed it, the last move outlined, a rejected move's cell outlined in red.
 *
 * @module
 */

import { formatGrid81, parseMove } from "../sudoku_game/mod.ts";
import type { GameLog } from "./log.ts";
import { type BoardView, cellSvg, type GameView, StateTable } from "./view.ts";

/** Cell side, as in lib/picture's boards. */
const CELL = 48;
/** Room for the row and column letters. */
const LABEL = 22;
const SIDE = 9 * CELL;
const WIDTH = LABEL + SIDE + 6;

function gridLines(): string {
  let thin = "";
  let thick = "";
  for (let k = 1; k < 9; k++) {
    const at = k * CELL;
    const line = `M0 ${at}H${SIDE}M${at} 0V${SIDE}`;
    if (k % 3 === 0) thick += line;
    else thin += line;
  }
  return `<path class="thin" d="${thin}"/><path class="thick" d="${thick}"/>` +
    `<rect class="border" width="${SIDE}" height="${SIDE}"/>`;
}

function labels(): string {
  let out = "";
  for (let i = 0; i < 9; i++) {
    const mid = LABEL + i * CELL + CELL / 2;
    out += `<text x="${LABEL / 2}" y="${mid + 5}">${"ABCDEFGHI"[i]}</text>`;
    out += `<text x="${mid}" y="${LABEL - 7}">${"abcdefghi"[i]}</text>`;
  }
  return `<g class="labels">${out}</g>`;
}

const LINES = gridLines();
const LABELS = labels();

/** Who holds each cell: `g` a given of the start, `0`/`1` the seat that placed it. */
type Owner = "g" | "0" | "1";

/** The inner SVG of a cell with `digit` (0 empty), outlined when `mark`. */
function inner(digit: string, mark: boolean): string {
  const outline = mark
    ? `<rect class="mark" x="2" y="2" width="${CELL - 4}" height="${CELL - 4}"/>`
    : "";
  const text = digit === "." ? "" : `<text x="${CELL / 2}" y="33">${digit}</text>`;
  return outline + text;
}

/** The board of a sudoku game through its log. */
function board(log: GameLog): BoardView {
  const table = new StateTable();
  const owners: (Owner | undefined)[] = [...log.start].map((ch) => (ch === "." ? undefined : "g"));
  const frames: number[][] = [];
  const notes: string[] = [];
  const frame = (position: string, last: number, rejected: number) =>
    Array.from({ length: 81 }, (_, i) => {
      const owner = owners[i];
      let cls = owner === undefined ? "empty" : owner === "g" ? "given" : `p${owner}`;
      if (i === last) cls += " last";
      if (i === rejected) cls += " rejected";
      return table.of(cls, inner(position[i] ?? ".", i === last || i === rejected));
    });
  if (log.start.length !== 81) {
    throw new RangeError(`the start is not 81 characters: ${log.start.length}`);
  }
  frames.push(frame(log.start, -1, -1));
  notes.push("");
  let before = log.start;
  let unique = false;
  for (const step of log.steps) {
    if (step.position.length !== 81) {
      throw new RangeError(`step ${step.step}: the position is not 81 characters`);
    }
    const move = parseMove(step.move);
    const cell = move === undefined ? -1 : move.cell;
    let note = "";
    if (unique && !(move?.claim ?? false)) {
      note = "One solution was left: a claim ('!') would have won here.";
    }
    if (step.played) {
      if (cell >= 0 && before[cell] === ".") owners[cell] = String(step.seat) as Owner;
      frames.push(frame(step.position, cell, -1));
    } else {
      frames.push(frame(step.position, -1, cell));
    }
    const s = step.solutions;
    unique = step.played && step.status === "OK" && s !== null && s.exact && s.count === 1;
    if (unique) {
      note += (note === "" ? "" : " ") + "Exactly one solution is left: " +
        "the next move can claim it ('!').";
    }
    notes.push(note);
    before = step.position;
  }
  const states = table.states;
  return {
    states,
    frames,
    notes,
    svg(k: number): string {
      const f = frames[k];
      const cells = f.map((s, i) => {
        const r = Math.floor(i / 9), c = i % 9;
        return cellSvg(r, c, c * CELL, r * CELL, states[s]);
      });
      return `<svg id="board" class="board sudoku" data-move="${k}" width="${WIDTH}" ` +
        `height="${WIDTH}" viewBox="0 0 ${WIDTH} ${WIDTH}" role="img" ` +
        `aria-label="the sudoku board">${LABELS}<g transform="translate(${LABEL} ${LABEL})">` +
        `<rect class="paper" width="${SIDE}" height="${SIDE}"/><g class="cells">${
          cells.join("")
        }</g>${LINES}</g></svg>`;
    },
  };
}

/** The positions of a sudoku game from its moves (for a result without a log). */
function positions(start: string, moves: readonly string[]): { start: string; after: string[] } {
  const grid = new Uint8Array(81);
  if (start.length === 81) {
    for (let i = 0; i < 81; i++) grid[i] = start[i] === "." ? 0 : Number(start[i]);
  }
  const after = moves.map((m) => {
    const move = parseMove(m);
    if (move !== undefined && move.cell >= 0) grid[move.cell] = move.digit;
    return formatGrid81(grid);
  });
  return { start: start.length === 81 ? start : ".".repeat(81), after };
}

/** The sudoku game's replay view. */
export const sudokuView: GameView = {
  seatNames: ["first", "second"],
  counts: true,
  board,
  positions,
};
