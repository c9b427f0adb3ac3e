/**
 * Puzzles by Sudoku Explainer's rating: minimal 9×9 puzzles with one solution from the
 * generator, kept when SE's ER lies in a band, the same for the same seed everywhere.
 *
 * @module
 */

import { type Generated, Generator, puzzleSeed, type Symmetry } from "../generate/mod.ts";
import { SeRater, type SeRating } from "./rate.ts";

/** Mixed into a puzzle's seed to give the seeds of its tries. */
const SALT = 0x5e5e5e5e;

/** A band of ER, in tenths, both ends included. */
export interface SeBand {
  /** Lowest ER kept. */
  readonly min: number;
  /** Highest ER kept. */
  readonly max: number;
}

/** A puzzle in the band, its rating, and how many puzzles were tried for it. */
export interface SeGenerated {
  /** The puzzle, as the generator made it. */
  readonly made: Generated;
  /** Its SE rating. */
  readonly rating: SeRating;
  /** Puzzles generated and rated for it, this one included. */
  readonly tries: number;
}

/** Generates 9×9 puzzles whose ER lies in a band. */
export class SeGenerator {
  readonly #generator: Generator;
  readonly #rater = new SeRater();
  readonly #band: SeBand;
  readonly #maxTries: number;

  /** A generator for `band`, `symmetry` (default none: minimal puzzles), `maxTries` each. */
  constructor(band: SeBand, symmetry: Symmetry | "random" = "none", maxTries = 5000) {
    this.#band = band;
    this.#maxTries = maxTries;
    this.#generator = new Generator({ size: 9, variant: "sudoku", target: "any", symmetry });
  }

  /**
   * The puzzle of seed `seed`: the first of the generator's puzzles of seeds
   * `puzzleSeed(seed ^ SALT, 1), puzzleSeed(seed ^ SALT, 2), ...` rated in the band, or
   * undefined after `maxTries`. The salt keeps these tries apart from the seeds of the
   * run's next puzzles (`puzzleSeed(seed, k)`): else two puzzles of a run could be the
   * same. A rating is cut short as soon as it passes the band's top.
   */
  generate(seed: number): SeGenerated | undefined {
    const { min, max } = this.#band;
    const base = (seed ^ SALT) >>> 0;
    for (let k = 1; k <= this.#maxTries; k++) {
      const made = this.#generator.generate(puzzleSeed(base, k));
      if (made === undefined) continue;
      const rating = this.#rater.rate(made.puzzle, false, max);
      if (rating.er >= min && rating.er <= max) return { made, rating, tries: k };
    }
    return undefined;
  }
}
