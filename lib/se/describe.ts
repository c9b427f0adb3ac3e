/**
 * SE's steps in words, one line each: the rating, the rule in SE's words, what it saw,
 * and what it places (`r1c3=4`) or removes (`r5c3<>4`); a chain shows its links.
 *
 * @module
 */

import type { ChainNode, Hint } from "./hint.ts";
import { cellName, regionName } from "./tables.ts";

/** A rating in tenths as SE prints it: `7.1`. */
export function formatRating(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

function node(n: ChainNode): string {
  return `${cellName(Math.floor(n.cand / 9))}${n.on ? "=" : "<>"}${(n.cand % 9) + 1}`;
}

/** A chain as its links: `r3c4=3 -> r3c7<>3 -> r3c7=8`. */
export function describeChain(chain: readonly ChainNode[]): string {
  return chain.map(node).join(" -> ");
}

/** What a hint places and removes: `r4c8=6`, `r3c7<>5 r3c7<>9`. */
export function describeEffect(h: Hint): string {
  const parts: string[] = [];
  if (h.cell >= 0) parts.push(`${cellName(h.cell)}=${h.digit}`);
  else {
    for (const p of h.elims) parts.push(`${cellName(Math.floor(p / 9))}<>${(p % 9) + 1}`);
  }
  return parts.join(" ");
}

/**
 * One line for a step, e.g. `2.6 Pointing: 5 in block 6 (r5c7 r6c7): r3c7<>5` or
 * `7.1 Forcing Chain: r3c4=3 -> r3c7<>3 -> ... -> r3c4<>3: r3c4<>3`.
 */
export function describeHint(h: Hint): string {
  let what = "";
  if (h.chains !== undefined && h.chains.length > 0) {
    what = h.chains.length === 1
      ? describeChain(h.chains[0])
      : h.chains.map((c) => `[${describeChain(c)}]`).join(" ");
  } else {
    const bits: string[] = [];
    if (h.digits.length > 0) bits.push(h.digits.join("/"));
    if (h.region >= 0) bits.push(`in ${regionName(h.region)}`);
    if (h.cells.length > 0) bits.push(`(${h.cells.map(cellName).join(" ")})`);
    what = bits.join(" ");
  }
  return `${formatRating(h.rating)} ${h.rule}${what === "" ? "" : `: ${what}`}: ${
    describeEffect(h)
  }`;
}
