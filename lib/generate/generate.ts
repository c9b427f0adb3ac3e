/**
 * The generator: a random solved grid, clues removed one symmetry orbit at a time in
 * random order while the puzzle keeps one solution (and, for a target level, while the
 * human solver still solves it at or below that level), then a check that no clue left
 * can go, and the level asked for.
 *
 * @module
 */

import { Rng, type Variant } from "../grid/mod.ts";
import { countSolutions, type SearchControl } from "../solve/mod.ts";
import {
  type Difficulty,
  HumanSolver,
  type HumanTables,
  humanTables,
  levelOf,
  levelRungs,
  LEVELS,
  RUNG,
  type Technique,
  TOP_RUNG,
} from "../human/mod.ts";
import { randomSolution } from "./fill.ts";
import { orbits, SYMMETRIES, type Symmetry } from "./symmetry.ts";

/** What to generate: any puzzle, a QQWing level, or a hardest technique of the ladder. */
export type Target = "any" | Difficulty | Technique;

/** How {@linkcode Generator} generates. */
export interface GenerateOptions {
  /** Side: 4, 9, 16 or 25 (any square size works, larger ones slowly). */
  readonly size: number;
  /** Rule set: `sudoku` or `x`. */
  readonly variant: Variant;
  /** What to generate (default `any`). */
  readonly target?: Target;
  /** Symmetry of the clues, or `random` for one of the five per puzzle (default `none`). */
  readonly symmetry?: Symmetry | "random";
  /** Tries before giving up on a puzzle (default 5000). */
  readonly maxAttempts?: number;
  /**
   * Search nodes the exact counter may spend on one uniqueness check (default: 16 from
   * 25×25 up, else no bound). A check that runs out keeps its clues, and the puzzle is
   * then not proven minimal.
   */
  readonly nodeBudget?: number;
}

/** A generated puzzle. */
export interface Generated {
  /** The puzzle, row-major, 0 for empty. */
  readonly puzzle: Uint8Array;
  /** Its one solution. */
  readonly solution: Uint8Array;
  /** Clues given. */
  readonly clues: number;
  /** The symmetry its clues keep. */
  readonly symmetry: Symmetry;
  /**
   * Whether no clue (no symmetric orbit of clues) can be removed with one solution left;
   * false only when a node budget cut a check short.
   */
  readonly minimal: boolean;
  /** Puzzles tried for it, this one included. */
  readonly attempts: number;
}

/**
 * The seed of the puzzle at 0-based `index` of a run seeded `seed`: the first puzzle's is
 * the run's own, so `--seed` of any puzzle's seed with `--count 1` gives that puzzle back.
 */
export function puzzleSeed(seed: number, index: number): number {
  if (index === 0) return seed >>> 0;
  // A 32-bit mix (murmur3's finaliser) of the seed and index.
  let h = (seed ^ Math.imul(index, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function isLevel(target: Target): target is Difficulty {
  return (LEVELS as readonly string[]).includes(target);
}

/**
 * The rung that bounds every removal's solve, or -1 when removals keep just one solution
 * and the finished puzzle is rated instead: a random minimal puzzle is easy, intermediate
 * or expert often enough (43%, 15% and 40%) that filtering them beat steering (easy 0.66
 * against 0.75 ms a puzzle, intermediate 1.9 against 4.2), but simple (2%) and the single
 * techniques above intermediate are rare.
 */
function steerRung(target: Target, steerLevels: boolean): number {
  if (target === "simple") return RUNG["naked-single"];
  if (target === "any" || target === "expert" || target === "guess") return -1;
  if (isLevel(target)) return steerLevels ? levelRungs(target)[1] : -1;
  return RUNG[target];
}

/**
 * The rung just below the target technique, where steering starts (-1: none): see
 * {@linkcode Generator}.
 */
function floorRung(target: Target, steerLevels: boolean): number {
  if (target === "any" || target === "expert" || target === "guess") return -1;
  if (isLevel(target)) return steerLevels ? levelRungs(target)[0] - 1 : -1;
  return RUNG[target] - 1;
}

/** Generates puzzles of one kind; reusable, allocation mostly up front. */
export class Generator {
  readonly #size: number;
  readonly #variant: Variant;
  readonly #target: Target;
  readonly #symmetry: Symmetry | "random";
  readonly #maxAttempts: number;
  readonly #budget: number;
  readonly #solver: HumanSolver;
  readonly #tables: HumanTables;
  readonly #steer: number;
  readonly #floor: number;
  readonly #orbits = new Map<Symmetry, number[][]>();
  /** Set when a budgeted count ran out during the current puzzle. */
  #unproven = false;
  readonly #control: SearchControl;

  /** A generator for `options`; throws a RangeError for sizes or rule sets it cannot do. */
  constructor(options: GenerateOptions) {
    this.#size = options.size;
    this.#variant = options.variant;
    this.#target = options.target ?? "any";
    this.#symmetry = options.symmetry ?? "none";
    this.#maxAttempts = options.maxAttempts ?? 5000;
    this.#budget = options.nodeBudget ?? (this.#size >= 25 ? 16 : Infinity);
    this.#solver = new HumanSolver(this.#size, this.#variant);
    this.#tables = humanTables(this.#size, this.#variant);
    // From 16×16 up a try costs seconds, and minimal Sudoku-X puzzles are nearly all
    // expert (293 of 300): there, steer to the level rather than filter.
    const steerLevels = this.#size >= 16 || this.#variant === "x";
    this.#steer = steerRung(this.#target, steerLevels);
    this.#floor = floorRung(this.#target, steerLevels);
    const budget = this.#budget;
    this.#control = {
      poll: (nodes) => (nodes > budget ? "stop" : "go"),
      give: () => {},
    };
  }

  /** The hardest rung the human solver needs on `puzzle` (rungs up to `maxRung`; -2 stuck). */
  hardest(puzzle: Uint8Array, maxRung = TOP_RUNG, solution?: Uint8Array): number {
    return this.#solver.solve(puzzle, maxRung, solution);
  }

  /**
   * The puzzle of seed `seed`, or undefined when `maxAttempts` tries found none of the
   * target (a level that the size cannot reach, say).
   */
  generate(seed: number): Generated | undefined {
    const rng = new Rng(seed);
    for (let attempt = 1; attempt <= this.#maxAttempts; attempt++) {
      const symmetry = this.#symmetry === "random"
        ? SYMMETRIES[rng.below(SYMMETRIES.length)]
        : this.#symmetry;
      const made = this.#attempt(rng, symmetry);
      if (made !== undefined) return { ...made, symmetry, attempts: attempt };
    }
    return undefined;
  }

  #orbitsOf(symmetry: Symmetry): number[][] {
    let list = this.#orbits.get(symmetry);
    if (list === undefined) {
      list = orbits(symmetry, this.#size);
      this.#orbits.set(symmetry, list);
    }
    return list;
  }

  /** One try: a minimal puzzle of the target, or undefined. */
  #attempt(
    rng: Rng,
    symmetry: Symmetry,
  ): Omit<Generated, "symmetry" | "attempts"> | undefined {
    const size = this.#size;
    const solution = randomSolution(size, this.#variant, rng);
    const puzzle = solution.slice();
    const order = rng.shuffle(this.#orbitsOf(symmetry).slice());
    let failed: number[][] = [];
    this.#unproven = false;
    const steer = this.#steer;
    // Phase 1 steers below the target (cheaper solves), phase 2 takes what phase 1 refused
    // at the target's rung: a puzzle the rung below cannot solve stays so with fewer
    // clues, so one orbit taken in phase 2 makes the target's rung necessary.
    const floor = this.#floor;
    const first = floor >= 0 ? floor : steer;
    for (const orbit of order) {
      for (const c of orbit) puzzle[c] = 0;
      // A forced orbit changes neither the solution nor the solve beyond naked singles.
      const keep = this.#forced(puzzle, orbit, solution) ||
        (first >= 0
          ? this.#solver.solve(puzzle, first) !== -2
          : this.#unique(puzzle, orbit, solution));
      if (keep) continue;
      for (const c of orbit) puzzle[c] = solution[c];
      failed.push(orbit);
    }
    let reached = false;
    if (floor >= 0) {
      const refused: number[][] = [];
      for (const orbit of failed) {
        for (const c of orbit) puzzle[c] = 0;
        if (this.#solver.solve(puzzle, steer) !== -2) {
          reached = true;
          continue;
        }
        for (const c of orbit) puzzle[c] = solution[c];
        refused.push(orbit);
      }
      if (!reached) return undefined;
      failed = refused;
    }
    // Minimal: no orbit kept can go. An orbit refused for want of uniqueness stays
    // refused (fewer clues, more solutions); those refused as too hard are asked now.
    if (steer >= 0) {
      for (const orbit of failed) {
        for (const c of orbit) puzzle[c] = 0;
        const unique = this.#unique(puzzle, orbit, solution);
        for (const c of orbit) puzzle[c] = solution[c];
        if (unique) return undefined;
      }
    }
    if (!reached && !this.#hits(puzzle)) return undefined;
    let clues = 0;
    for (let i = 0; i < puzzle.length; i++) if (puzzle[i] !== 0) clues++;
    return { puzzle, solution, clues, minimal: !this.#unproven };
  }

  /** Whether the finished puzzle is of the target. */
  #hits(puzzle: Uint8Array): boolean {
    const target = this.#target;
    if (target === "any") return true;
    if (target === "expert") {
      return this.#solver.solve(puzzle, levelRungs("intermediate")[1]) === -2;
    }
    if (target === "guess") return this.#solver.solve(puzzle, RUNG["guess"] - 1) === -2;
    if (isLevel(target)) {
      const hardest = this.#solver.solve(puzzle, levelRungs(target)[1]);
      return hardest >= 0 && levelOf(hardest) === target;
    }
    return this.#solver.solve(puzzle, RUNG[target]) === RUNG[target];
  }

  /**
   * Whether every cell of `orbit` (emptied) is a naked single of the clues left, each
   * seeing every digit but its own: then the puzzle keeps its one solution, without a
   * search. Most removals while clues are many pass this way.
   */
  #forced(puzzle: Uint8Array, orbit: number[], solution: Uint8Array): boolean {
    const { peers, peerStart, full, houses, cellHouses, perCell, size } = this.#tables;
    for (const c of orbit) {
      let seen = 0;
      for (let i = peerStart[c], end = peerStart[c + 1]; i < end; i++) {
        const d = puzzle[peers[i]];
        if (d !== 0) seen |= 1 << (d - 1);
      }
      const own = 1 << (solution[c] - 1);
      if ((full & ~seen) === own) continue;
      // Or a hidden single: every other empty cell of one of its houses sees its digit.
      let hidden = false;
      for (let k = 0; k < perCell && !hidden; k++) {
        const h = cellHouses[c * perCell + k];
        if (h < 0) continue;
        hidden = true;
        for (let i = 0; i < size && hidden; i++) {
          const e = houses[h * size + i];
          if (e === c || puzzle[e] !== 0) continue;
          let blocked = false;
          for (let j = peerStart[e], end = peerStart[e + 1]; j < end; j++) {
            if (puzzle[peers[j]] === solution[c]) {
              blocked = true;
              break;
            }
          }
          hidden = blocked;
        }
      }
      if (!hidden) return false;
    }
    return true;
  }

  /**
   * Whether `puzzle`, which `orbit` was just emptied of, still has one solution (the
   * known `solution`): a second one must differ from it in the orbit.
   */
  #unique(puzzle: Uint8Array, orbit: number[], solution: Uint8Array): boolean {
    if (this.#forced(puzzle, orbit, solution)) return true;
    // From 16×16 up a search costs far more than a solve by singles.
    if (this.#size >= 16 && this.#solver.solve(puzzle, RUNG["hidden-single"]) !== -2) return true;
    const limited = this.#budget !== Infinity;
    const r = countSolutions(puzzle, this.#size, {
      limit: 2,
      variant: this.#variant,
      control: limited ? this.#control : undefined,
    });
    if (limited && !r.exact && r.count < 2) {
      this.#unproven = true;
      return false;
    }
    return r.count === 1;
  }
}
