/**
 * Steps in words, one line each: the technique, the digits and houses of its pattern,
 * its cells, then what it places (`r1c3=4`) or removes (`r5c3<>4`).
 *
 * @module
 */

import type { Step } from "./board.ts";
import { cellLabel, houseName, type HumanTables } from "./tables.ts";

/**
 * One line for a step, e.g. `pointing 7 in box 1, row 1 (r1c2 r1c3): r1c7<>7 r1c9<>7` or
 * `naked-single: r4c5=2`. Placements and eliminations are listed in the order made.
 */
export function describeStep(step: Step, t: HumanTables): string {
  const size = t.size;
  let text: string = step.technique;
  const placing = step.placements.length > 0;
  if (!placing || step.houses.length > 0) {
    if (!placing && step.digits.length > 0) text += ` ${step.digits.join("/")}`;
    if (step.houses.length > 0) text += ` in ${step.houses.map((h) => houseName(t, h)).join(", ")}`;
  }
  if (!placing && step.cells.length > 0) {
    text += ` (${step.cells.map((c) => cellLabel(c, size)).join(" ")})`;
  }
  const actions = [
    ...step.placements.map(([c, d]) => `${cellLabel(c, size)}=${d}`),
    ...step.eliminations.map(([c, d]) => `${cellLabel(c, size)}<>${d}`),
  ];
  return `${text}: ${actions.join(" ")}`;
}
