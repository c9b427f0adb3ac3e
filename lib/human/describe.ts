/**
 * Steps in words, one line each: the technique, the digits and houses of its pattern,
 * its cells, then what it places (`r1c3=4`) or removes (`r5c3<>4`). A chain says its
 * links with their candidates, and a guess that it is one and why.
 *
 * @module
 */

import type { Contradiction, Proof, Step } from "./board.ts";
import { TECHNIQUES } from "./ladder.ts";
import { cellLabel, houseName, type HumanTables } from "./tables.ts";

/**
 * One line for a step, e.g. `pointing 7 in box 1, row 1 (r1c2 r1c3): r1c7<>7 r1c9<>7` or
 * `naked-single: r4c5=2`. Placements and eliminations are listed in the order made, after
 * the last `: `; nothing before it holds one. Chains and guesses with their proof:
 *
 * ```
 * xy-chain (5=3)r1c1 - (3=7)r1c5 - (7=5)r3c4, so one end is 5: r1c4<>5
 * forcing-chain if r1c1=8 then r2c3=4 (naked single), r2c7=6 (hidden single in box 3),
 *   and r4c7 has no candidate left, so r1c1 is not 8: r1c1<>8
 * guess (no technique of the ladder applies; r9c2 has the fewest candidates, 3/7, and the
 *   one solution has 7 there): r9c2=7
 * ```
 */
export function describeStep(step: Step, t: HumanTables): string {
  const size = t.size;
  const actions = [
    ...step.placements.map(([c, d]) => `${cellLabel(c, size)}=${d}`),
    ...step.eliminations.map(([c, d]) => `${cellLabel(c, size)}<>${d}`),
  ];
  if (step.proof !== undefined) {
    return `${step.technique} ${proofText(step.proof, step, t)}: ${actions.join(" ")}`;
  }
  let text: string = step.technique;
  const placing = step.placements.length > 0;
  if (!placing || step.houses.length > 0) {
    if (!placing && step.digits.length > 0) text += ` ${step.digits.join("/")}`;
    if (step.houses.length > 0) text += ` in ${step.houses.map((h) => houseName(t, h)).join(", ")}`;
  }
  if (!placing && step.cells.length > 0) {
    text += ` (${step.cells.map((c) => cellLabel(c, size)).join(" ")})`;
  }
  return `${text}: ${actions.join(" ")}`;
}

/** The words of a proof: what comes between the technique and the actions. */
function proofText(proof: Proof, step: Step, t: HumanTables): string {
  const cell = (c: number) => cellLabel(c, t.size);
  switch (proof.kind) {
    case "xy-chain": {
      // Eureka notation: (a=b)cell, a false there makes b true, which the next cell sees.
      const links = proof.cells.map((c, i) => {
        const off = i === 0 ? proof.digit : proof.on[i - 1];
        return `(${off}=${proof.on[i]})${cell(c)}`;
      });
      return `${links.join(" - ")}, so one end is ${proof.digit}`;
    }
    case "colouring": {
      const pairs = proof.links.map(([x, y, h]) => `${cell(x)}-${cell(y)} (${houseName(t, h)})`);
      const colours = `a ${proof.a.map(cell).join(" ")}, b ${proof.b.map(cell).join(" ")}`;
      const head = `${proof.digit}, conjugate pairs ${pairs.join(", ")}; colours ${colours}`;
      if (proof.wrap === undefined) return `${head}; each cell below sees both colours`;
      const { house, colour } = proof.wrap;
      return `${head}; ${colour} twice in ${houseName(t, house)}, so ${colour} is false`;
    }
    case "forcing": {
      const [assumed, ...forced] = proof.links;
      const steps = forced.map((l) =>
        `${cell(l.cell)}=${l.digit} (${
          l.house < 0 ? "naked single" : `hidden single in ${houseName(t, l.house)}`
        })`
      );
      const then = steps.length === 0 ? "" : ` then ${steps.join(", ")}, and`;
      return `if ${cell(assumed.cell)}=${assumed.digit}${then} ${
        contradictionText(proof.contradiction, t)
      }, so ${cell(assumed.cell)} is not ${assumed.digit}`;
    }
    case "guess": {
      const [c, d] = step.placements[0];
      const below = TECHNIQUES[TECHNIQUES.indexOf("guess") - 1];
      return `(no technique of the ladder up to ${below} applies; ${cell(c)} has the fewest ` +
        `candidates, ${proof.candidates.join("/")}, and the one solution has ${d} there)`;
    }
  }
}

/** A forcing chain's contradiction in words. */
function contradictionText(x: Contradiction, t: HumanTables): string {
  const cell = cellLabel(x.cell, t.size);
  if (x.house < 0) return `${cell} has no candidate left`;
  if (x.cell < 0) return `${houseName(t, x.house)} has no place left for ${x.digits[0]}`;
  return `${cell} is the only place in ${houseName(t, x.house)} for both ${x.digits.join(" and ")}`;
}
