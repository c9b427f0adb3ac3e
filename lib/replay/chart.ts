/**
 * The chart under a replay's board: each move's thinking time as a bar in its side's
 * colour and, for sudoku, the solution count after each move on a log scale, with a cursor
 * at the step shown. It tells at a glance where a bot ran short of time or let the count
 * fall to one.
 *
 * @module
 */

import type { GameLog } from "./log.ts";

/** Width of the plot area and the room for its labels. */
const WIDTH = 440;
const LEFT = 58;
const PANEL = 64;
/** Room for a panel's title above it. */
const TITLE = 18;

/** A chart and where its cursor goes: x of step k is `x0 + dx * k`. */
export interface Chart {
  /** The `<svg>`, with the cursor `<line id="cursor">` at the last step. */
  readonly svg: string;
  /** x of step 0. */
  readonly x0: number;
  /** x distance between steps. */
  readonly dx: number;
}

/** `0.25 ms`, `12.5 ms`, `139 ms`, `1.234 s`: a duration to its useful precision. */
export function durationText(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${ms.toFixed(0)} ms`;
  return `${(ms / 1000).toFixed(3)} s`;
}

function num(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** The chart of a game, or undefined when it has no step. */
export function chartOf(log: GameLog, counts: boolean): Chart | undefined {
  const n = log.steps.length;
  if (n === 0) return undefined;
  const dx = WIDTH / n;
  const x0 = LEFT + dx / 2 - dx;
  const parts: string[] = [];
  let top = TITLE;
  const label = (y: number, text: string, cls = "axis") =>
    `<text class="${cls}" x="${LEFT - 6}" y="${num(y)}">${text}</text>`;
  const frame = (y: number) =>
    `<rect class="plot" x="${LEFT}" y="${y}" width="${WIDTH}" height="${PANEL}"/>`;

  if (counts) {
    const known = log.steps.filter((s) => s.solutions !== null);
    const most = Math.max(2, ...known.map((s) => s.solutions!.count));
    const capped = known.some((s) => !s.solutions!.exact && s.solutions!.count === most);
    const scale = Math.log10(most);
    const yOf = (count: number) => top + PANEL * (1 - Math.log10(Math.max(1, count)) / scale);
    parts.push(frame(top), label(top + 9, `${most}${capped ? "+" : ""}`), label(top + PANEL, "1"));
    parts.push(`<text class="title" x="${LEFT}" y="${top - 5}">solutions after each move</text>`);
    const points: string[] = [];
    const dots: string[] = [];
    for (const s of log.steps) {
      if (s.solutions === null) continue;
      const x = x0 + dx * s.step, y = yOf(s.solutions.count);
      points.push(`${num(x)},${num(y)}`);
      if (s.solutions.exact && s.solutions.count <= 1) {
        dots.push(`<circle class="one" cx="${num(x)}" cy="${num(y)}" r="3.5"/>`);
      }
    }
    if (points.length > 0) parts.push(`<polyline class="count" points="${points.join(" ")}"/>`);
    parts.push(...dots);
    top += PANEL + 10 + TITLE;
  }

  const most = Math.max(0.001, ...log.steps.map((s) => s.ms ?? 0));
  parts.push(frame(top), label(top + 9, durationText(most)), label(top + PANEL, "0"));
  parts.push(`<text class="title" x="${LEFT}" y="${top - 5}">time per move</text>`);
  const bar = Math.max(1, Math.min(14, dx * 0.7));
  for (const s of log.steps) {
    if (s.ms === null) continue;
    const h = Math.max(0.5, (PANEL * s.ms) / most);
    const x = x0 + dx * s.step - bar / 2;
    parts.push(
      `<rect class="t${s.seat}" x="${num(x)}" y="${num(top + PANEL - h)}" width="${
        num(bar)
      }" height="${num(h)}"/>`,
    );
  }
  const bottom = top + PANEL;
  const x = num(x0 + dx * n);
  parts.push(`<line id="cursor" x1="${x}" x2="${x}" y1="2" y2="${bottom + 4}"/>`);
  const height = bottom + 8;
  const width = LEFT + WIDTH + 4;
  return {
    svg:
      `<svg class="chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `role="img" aria-label="time per move and solutions">${parts.join("")}</svg>`,
    x0,
    dx,
  };
}
