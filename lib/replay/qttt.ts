/**
 * CodeCup 2012 quantum tic-tac-toe on a replay page: the 4×4 board, squares `A`..`P`, each
 * uncollapsed square listing its spooky marks small (`X1 O4`, the newest bold, the
 * cycle-closing mark that awaits its collapse underlined), each collapsed one its classical
 * mark large with the move it came from. Every state is computed by replaying the moves
 * with the rules engine (`lib/qttt/game.ts`), not read back from the log's text.
 *
 * @module
 */

import { applyTurn, PLAYER_NAMES, Qttt, qtttPositionText, SQUARE_NAMES } from "../qttt/mod.ts";
import { lowestBit } from "../grid/mod.ts";
import type { GameLog } from "./log.ts";
import { type BoardView, cellSvg, type GameView, StateTable } from "./view.ts";

/** Square side. */
const SQUARE = 120;
const MARGIN = 4;
const SIDE = 4 * SQUARE;
const WIDTH = SIDE + 2 * MARGIN;

function gridLines(): string {
  let d = "";
  for (let k = 1; k < 4; k++) d += `M0 ${k * SQUARE}H${SIDE}M${k * SQUARE} 0V${SIDE}`;
  return `<path class="thin" d="${d}"/><rect class="border" width="${SIDE}" height="${SIDE}"/>`;
}

function labels(): string {
  let out = "";
  for (let s = 0; s < 16; s++) {
    const x = (s % 4) * SQUARE + 7, y = Math.floor(s / 4) * SQUARE + 17;
    out += `<text x="${x}" y="${y}">${SQUARE_NAMES[s]}</text>`;
  }
  return `<g class="labels">${out}</g>`;
}

const LINES = gridLines();
const LABELS = labels();

/** A square's highlight, drawn under its marks (a collapse, a pending cycle; none by CSS else). */
const BACKGROUND = `<rect class="bg" x="3" y="3" width="${SQUARE - 6}" height="${SQUARE - 6}"/>`;

/** The marks of an uncollapsed square, by move number: live ones, then the pending one. */
function marksOf(q: Qttt, s: number): number[] {
  const marks: number[] = [];
  for (let n = q.adj[s]; n !== 0; n &= n - 1) marks.push(q.edge[s * 16 + lowestBit(n)]);
  marks.sort((a, b) => a - b);
  if (q.pendingA === s || q.pendingB === s) marks.push(q.moves);
  return marks;
}

/** The name of move k's mark: `X3`, `O4`. */
function markName(k: number): string {
  return PLAYER_NAMES[(k + 1) % 2] + k;
}

/** Spooky marks laid out in lines centred in the square; the newest and pending styled. */
function spookyInner(marks: readonly number[], newest: number, pending: number): string {
  const perLine = marks.length <= 9 ? 3 : 4;
  const lineHeight = marks.length <= 9 ? 24 : 19;
  const lines = Math.ceil(marks.length / perLine);
  const top = 24 + (SQUARE - 24 - lines * lineHeight) / 2 + lineHeight * 0.72;
  const step = (SQUARE - 12) / perLine;
  const spans = marks.map((k, i) => {
    const line = Math.floor(i / perLine);
    // Each line centred, a short last line too.
    const inLine = Math.min(perLine, marks.length - line * perLine);
    const x = SQUARE / 2 + step * ((i % perLine) - (inLine - 1) / 2);
    const y = top + line * lineHeight;
    let cls = k % 2 === 1 ? "x" : "o";
    if (k === newest) cls += " new";
    if (k === pending) cls += " pending";
    return `<tspan class="${cls}" x="${Math.round(x)}" y="${Math.round(y)}">${markName(k)}</tspan>`;
  });
  // Spaces between the spans: the cell's text reads `X1 O4`, as the log writes it.
  return `<text class="marks${perLine === 4 ? " dense" : ""}">${spans.join(" ")}</text>`;
}

/** The cell states of position `q`: `before` tells what collapsed, `placed` the new mark. */
function frameOf(table: StateTable, q: Qttt, before: Qttt, placed: number): number[] {
  const frame: number[] = [];
  const classical = q.xs | q.os;
  const wasClassical = before.xs | before.os;
  const pending = q.pending() ? q.moves : -1;
  for (let s = 0; s < 16; s++) {
    const bit = 1 << s;
    if (classical & bit) {
      const x = (q.xs & bit) !== 0;
      let cls = x ? "classical x" : "classical o";
      if (!(wasClassical & bit)) cls += " collapsed";
      const inner = BACKGROUND +
        `<text class="big" x="${SQUARE / 2}" y="88">${x ? "X" : "O"}</text>` +
        `<text class="sub" x="${SQUARE - 10}" y="${SQUARE - 10}">${q.moveAt[s]}</text>`;
      frame.push(table.of(cls, inner));
      continue;
    }
    const marks = marksOf(q, s);
    if (marks.length === 0) {
      frame.push(table.of("empty", ""));
      continue;
    }
    let cls = "spooky";
    if (q.pendingA === s || q.pendingB === s) cls += " pending";
    if (marks.includes(placed)) cls += " new";
    frame.push(table.of(cls, BACKGROUND + spookyInner(marks, placed, pending)));
  }
  return frame;
}

/** The board of a qttt game through its log, replayed with the rules engine. */
function board(log: GameLog): BoardView {
  const table = new StateTable();
  const q = new Qttt();
  const frames = [frameOf(table, q, q, -1)];
  const notes = [""];
  for (const step of log.steps) {
    const before = q.clone();
    let placed = -1;
    if (step.played) {
      const r = applyTurn(q, step.move);
      if (typeof r === "string") {
        throw new RangeError(`step ${step.step} (${step.move}) does not replay: ${r}`);
      }
      // A turn that places a mark ends with its two squares; a final collapse is one letter.
      if (step.move.length >= 2) placed = q.moves;
    }
    frames.push(frameOf(table, q, before, placed));
    const parts: string[] = [];
    const collapsed = (q.xs | q.os) & ~(before.xs | before.os);
    if (collapsed !== 0) {
      let n = 0;
      for (let c = collapsed; c !== 0; c &= c - 1) n++;
      // A collapse is the turn's first letter, into one of the pending mark's squares.
      const into = step.move[0];
      parts.push(
        `${PLAYER_NAMES[step.seat]} collapsed ${markName(before.moves)} into ${into}: ` +
          `${n} square${n === 1 ? "" : "s"} became classical.`,
      );
    }
    if (q.pending()) {
      const a = SQUARE_NAMES[q.pendingA], b = SQUARE_NAMES[q.pendingB];
      parts.push(
        `${markName(q.moves)} closed a cycle: ${
          PLAYER_NAMES[q.toMove()]
        } chooses whether it collapses into ${a} or ${b}.`,
      );
    }
    notes.push(parts.join(" "));
  }
  const states = table.states;
  return {
    states,
    frames,
    notes,
    svg(k: number): string {
      const cells = frames[k].map((s, i) => {
        const r = Math.floor(i / 4), c = i % 4;
        return cellSvg(r, c, c * SQUARE, r * SQUARE, states[s]);
      });
      return `<svg id="board" class="board qttt" data-move="${k}" width="${WIDTH}" ` +
        `height="${WIDTH}" viewBox="0 0 ${WIDTH} ${WIDTH}" role="img" ` +
        `aria-label="the quantum tic-tac-toe board"><g transform="translate(${MARGIN} ${MARGIN})">` +
        `<rect class="paper" width="${SIDE}" height="${SIDE}"/><g class="cells">${
          cells.join("")
        }</g>${LABELS}${LINES}</g></svg>`;
    },
  };
}

/** The positions of a qttt game from its turns (for a result without a log). */
function positions(_start: string, moves: readonly string[]): { start: string; after: string[] } {
  const q = new Qttt();
  const start = qtttPositionText(q);
  const after = moves.map((m) => {
    applyTurn(q, m);
    return qtttPositionText(q);
  });
  return { start, after };
}

/** The qttt game's replay view. */
export const qtttView: GameView = {
  seatNames: ["X", "O"],
  counts: false,
  board,
  positions,
};
