/**
 * The ladder of solving techniques, easiest first, and the four QQWing levels it maps to.
 *
 * @module
 */

/**
 * Every technique of the human solver, in the order it tries them: it always uses the
 * lowest rung that makes progress, so the hardest rung a solve needed is the smallest
 * `k` such that rungs `0..k` alone solve the puzzle.
 *
 * The first six are QQWing's (singles; then pointing pairs/triples, box/line reduction,
 * naked and hidden pairs); everything from `x-wing` on is where QQWing guesses. `guess`
 * is the last resort: it places the digit the one solution has in a cell of fewest
 * candidates.
 */
export const TECHNIQUES = [
  "naked-single",
  "hidden-single",
  "pointing",
  "box-line",
  "naked-pair",
  "hidden-pair",
  "x-wing",
  "naked-triple",
  "swordfish",
  "hidden-triple",
  "xy-wing",
  "xyz-wing",
  "naked-quad",
  "jellyfish",
  "hidden-quad",
  "simple-colouring",
  "xy-chain",
  "forcing-chain",
  "guess",
] as const;

/** A technique of the ladder. */
export type Technique = typeof TECHNIQUES[number];

/** QQWing's difficulty levels. */
export const LEVELS = ["simple", "easy", "intermediate", "expert"] as const;

/** A QQWing difficulty level. */
export type Difficulty = typeof LEVELS[number];

/** The rung of each technique on the ladder (its index in {@linkcode TECHNIQUES}). */
export const RUNG: Readonly<Record<Technique, number>> = Object.fromEntries(
  TECHNIQUES.map((t, i) => [t, i]),
) as Record<Technique, number>;

/** The highest rung of each level: singles, then hidden singles, then QQWing's four. */
const LEVEL_TOP: Readonly<Record<Difficulty, number>> = {
  simple: RUNG["naked-single"],
  easy: RUNG["hidden-single"],
  intermediate: RUNG["hidden-pair"],
  expert: TECHNIQUES.length - 1,
};

/** The level of a puzzle whose hardest technique is on rung `rung`. */
export function levelOf(rung: number): Difficulty {
  if (rung <= LEVEL_TOP.simple) return "simple";
  if (rung <= LEVEL_TOP.easy) return "easy";
  if (rung <= LEVEL_TOP.intermediate) return "intermediate";
  return "expert";
}

/** The rungs a level spans, `[lowest, highest]`. */
export function levelRungs(level: Difficulty): [number, number] {
  const i = LEVELS.indexOf(level);
  const low = i === 0 ? 0 : LEVEL_TOP[LEVELS[i - 1]] + 1;
  return [low, LEVEL_TOP[level]];
}

/** Whether a word names a technique of the ladder. */
export function isTechnique(word: string): word is Technique {
  return Object.hasOwn(RUNG, word);
}
