/**
 * A grid's completion problem as CNF in DIMACS form, for SAT solvers compared with the
 * counter: the one-hot (direct) encoding over the open cells' candidates.
 *
 * @module
 */

import { geometry, type Variant } from "./geometry.ts";

/** A grid's CNF: one variable per candidate (open cell, digit not given in its units). */
export interface GridCnf {
  /** Number of variables, numbered 1..vars. */
  readonly vars: number;
  /** Number of clauses in `body`. */
  readonly clauses: number;
  /** The clauses, one a line, each ending in ` 0` (no `p cnf` header). */
  readonly body: string;
  /** The cell of each variable (index 0 unused). */
  readonly cellOf: Int32Array;
  /** The digit of each variable, 1..S (index 0 unused). */
  readonly digitOf: Uint8Array;
}

/** The units of `size` under `variant`, each as its cells. */
export function unitsOf(size: number, variant: Variant): number[][] {
  const g = geometry(size);
  const units: number[][] = [];
  for (let i = 0; i < size; i++) {
    units.push(Array.from({ length: size }, (_, k) => i * size + k));
    units.push(Array.from({ length: size }, (_, k) => k * size + i));
  }
  if (variant !== "latin" && g.blockSide > 0) {
    for (let b = 0; b < size; b++) {
      units.push(Array.from({ length: g.cells }, (_, x) => x).filter((x) => g.block[x] === b));
    }
  }
  if (variant === "x") units.push(Array.from(g.diagonal1), Array.from(g.diagonal2));
  return units;
}

/**
 * The CNF of completing `grid` (0 empty) under `variant`: for each open cell, at least one
 * of its candidates and at most one of each pair; for each unit and digit it lacks, at least
 * one of the unit's open cells that can hold it and at most one of each pair. A cell or
 * (unit, digit) with no candidate gives the empty clause. Its models are the completions.
 */
export function gridCnf(grid: Uint8Array, size: number, variant: Variant): GridCnf {
  const units = unitsOf(size, variant);
  const cells = size * size;
  const unitsOfCell: number[][] = Array.from({ length: cells }, () => []);
  units.forEach((u, i) => u.forEach((x) => unitsOfCell[x].push(i)));
  // given[u * (size + 1) + d]: digit d is given in unit u.
  const given = new Uint8Array(units.length * (size + 1));
  units.forEach((u, i) => u.forEach((x) => given[i * (size + 1) + grid[x]] = 1));
  const varOf = new Int32Array(cells * (size + 1));
  const cellOf = [0], digitOf = [0];
  for (let x = 0; x < cells; x++) {
    if (grid[x] !== 0) continue;
    for (let d = 1; d <= size; d++) {
      if (unitsOfCell[x].some((u) => given[u * (size + 1) + d])) continue;
      varOf[x * (size + 1) + d] = cellOf.length;
      cellOf.push(x), digitOf.push(d);
    }
  }
  const lines: string[] = [];
  const oneOf = (lits: number[]) => {
    lines.push(lits.length === 0 ? "0" : lits.join(" ") + " 0");
    for (let i = 0; i < lits.length; i++) {
      for (let j = i + 1; j < lits.length; j++) lines.push(`-${lits[i]} -${lits[j]} 0`);
    }
  };
  const lits: number[] = [];
  for (let x = 0; x < cells; x++) {
    if (grid[x] !== 0) continue;
    lits.length = 0;
    for (let d = 1; d <= size; d++) {
      if (varOf[x * (size + 1) + d]) lits.push(varOf[x * (size + 1) + d]);
    }
    oneOf(lits);
  }
  units.forEach((u, i) => {
    for (let d = 1; d <= size; d++) {
      if (given[i * (size + 1) + d]) continue;
      lits.length = 0;
      for (const x of u) if (varOf[x * (size + 1) + d]) lits.push(varOf[x * (size + 1) + d]);
      oneOf(lits);
    }
  });
  return {
    vars: cellOf.length - 1,
    clauses: lines.length,
    body: lines.join("\n") + (lines.length > 0 ? "\n" : ""),
    cellOf: Int32Array.from(cellOf),
    digitOf: Uint8Array.from(digitOf),
  };
}

/** The DIMACS text of `cnf` with `extra` clauses (literals, no final 0) appended. */
export function dimacs(cnf: GridCnf, extra: readonly (readonly number[])[] = []): string {
  const more = extra.map((c) => (c.length === 0 ? "0" : c.join(" ") + " 0") + "\n").join("");
  return `p cnf ${cnf.vars} ${cnf.clauses + extra.length}\n${cnf.body}${more}`;
}

/** The grid completed by the true variables of a model (`model[v]` for v in 1..vars). */
export function modelGrid(cnf: GridCnf, grid: Uint8Array, model: ArrayLike<boolean>): Uint8Array {
  const out = grid.slice();
  for (let v = 1; v <= cnf.vars; v++) if (model[v]) out[cnf.cellOf[v]] = cnf.digitOf[v];
  return out;
}
