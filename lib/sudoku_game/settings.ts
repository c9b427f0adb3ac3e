/**
 * Tuning values of the CodeCup 2024 sudoku bot, in one place: how it divides its clock,
 * and how far its offense and defense look. Each value says what it was measured against;
 * the method note (`README.md`) has the matches behind them.
 *
 * @module
 */

import { solutionKeys } from "./endgame_table.ts";

/** The strong level's tuning; see {@linkcode DEFAULT_TUNING} for the values and why. */
export interface BotTuning {
  /** Share of the game never planned for (start-up, enumeration, a busy machine). */
  reserveShare: number;
  /** The reserve is at least this many ms. */
  reserveMinMs: number;
  /** Share of the usable time a turn takes below `smallSet` solutions. */
  smallShare: number;
  /** Below this many solutions a proof takes seconds at most. */
  smallSet: number;
  /** Share of the usable time an exact turn (no move leaves a handover) takes below `allInBelow`. */
  exactShare: number;
  /** Exact turns on fewer solutions than this are played all in (`exactShare`). */
  allInBelow: number;
  /** Share of the usable time an exact turn takes from `allInBelow` solutions up. */
  largeExactShare: number;
  /** Share of a large exact turn for offense. */
  largeOffenseShare: number;
  /** Share of the usable time a handover turn takes up to `handoverSlowUntil` solutions. */
  handoverShare: number;
  /** Share of the usable time a handover turn takes above `handoverSlowUntil`. */
  handoverFastShare: number;
  /** A handover turn with more solutions than this passes at `handoverFastShare`. */
  handoverSlowUntil: number;
  /** Share of an exact turn for offense (looking for a win); the rest is defense. */
  offenseShare: number;
  /** Defense: replies of the opponent leaving at most this many solutions are checked. */
  defenseCap: number;
  /** Defense: share of the defense time left that one candidate's check may take. */
  defenseSlice: number;
  /**
   * Microseconds a solution's keys take in {@linkcode timeKeys} at competition speed (node
   * 11.15 on half of one core): the machine's speed is measured against it, and `smallSet`
   * and `allInBelow` (measured at that speed) grow with it.
   */
  keyMicros: number;
  /** Each helper thread counts as this much of a thread for the speed. */
  helperGain: number;
}

/**
 * The tuning the bot plays with.
 *
 * The exact stage (no move leaves a handover) follows what decided games against
 * NineDigits at competition speed: a failed proof on a large set costs the clock the later,
 * smaller (provable) turns need, and the move then handed over decides whether the
 * opponent finds a quick win. So a turn looks for a win for a share of its time, then
 * checks its candidate moves, largest first, for a winning reply among the opponent's
 * smaller replies (the ones a search finds first), and plays the first that has none.
 */
export const DEFAULT_TUNING: Readonly<BotTuning> = {
  reserveShare: 0.07,
  reserveMinMs: 1000,
  smallShare: 0.6,
  smallSet: 15_000,
  exactShare: 0.85,
  allInBelow: 60_000,
  largeExactShare: 0.12,
  largeOffenseShare: 0.35,
  handoverShare: 0.1,
  handoverFastShare: 0.02,
  handoverSlowUntil: 250_000,
  offenseShare: 0.9,
  defenseCap: 5_000,
  defenseSlice: 0.4,
  keyMicros: 0.2,
  helperGain: 0.35,
};

/**
 * How long the bot measures the machine's speed, in ms: shorter measures under a CPU
 * quota (`competition-speed` gives 5 ms in every 10 ms) scatter more.
 */
export const CALIBRATE_MS = 300;

/**
 * Keys of a fixed set of pseudo-random solutions, computed over and over for `ms`
 * milliseconds by `now`: how many, and the time they took. The same arithmetic as the
 * endgame's loads, so its speed is the machine's for that code (after its compilation).
 */
export function timeKeys(now: () => number, ms: number): { n: number; ms: number } {
  const rows = 512;
  const buf = new Uint8Array(rows * 81);
  let x = 12345;
  for (let i = 0; i < buf.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    buf[i] = 1 + ((x >>> 16) % 9);
  }
  const t0 = now();
  let n = 0;
  let t = t0;
  while (t - t0 < ms) {
    // Each call also writes the second key to a shared cell: no call can be left out.
    for (let s = 0; s < rows; s++) solutionKeys(buf, s * 81);
    n += rows;
    t = now();
  }
  return { n, ms: t - t0 };
}

/**
 * Speeds within this band of the competition's are taken as equal to it: a measure of
 * 300 ms under the competition's CPU quota reads 0.7–1.25 there, and the plan's sizes,
 * measured at that speed, are sharp (an all-in proof 20% too large fails).
 */
export const SAME_SPEED: readonly [number, number] = [0.65, 1.5];

/**
 * The tuning for a machine `speed` times as fast as the competition's: sizes a proof can
 * take within a turn grow in proportion (search time grows about linearly with the set).
 */
export function tuningAt(tuning: Readonly<BotTuning>, speed: number): Readonly<BotTuning> {
  const f = speed > SAME_SPEED[0] && speed < SAME_SPEED[1] ? 1 : speed;
  return { ...tuning, smallSet: tuning.smallSet * f, allInBelow: tuning.allInBelow * f };
}

/**
 * The machine's speed against the competition's, from the keys of `n` solutions computed
 * in `ms`: 1 when too few to measure, clamped to 0.5..8.
 */
export function measuredSpeed(
  tuning: Readonly<BotTuning>,
  n: number,
  ms: number,
  helpers = 0,
): number {
  if (n < 50_000 || !(ms > 0)) return 1;
  const speed = (tuning.keyMicros * n) / (1000 * ms) * (1 + tuning.helperGain * helpers);
  return Math.min(8, Math.max(0.5, speed));
}

/** Sets of at least this many solutions are out of the opponent's exact reach (assumed). */
export const HANDOVER = 100_000;

/** Share of a handover turn's time spent looking for a win; the rest checks the move. */
export const HANDOVER_OFFENSE = 0.75;

/** Handovers are looked at up to this many solutions (a reply rarely leaves half). */
export const DEAD_END_MOST = 2 * HANDOVER;

/** Handovers looked at in a turn, at most (each a scan of the set, tens of milliseconds). */
export const DEAD_END_SCANS = 8;

/** Endgame turns on sets of at least this many solutions are searched with the helpers. */
export const SPLIT_FROM = 2_000;

/** The strong level plays random moves while the grid has fewer givens than this. */
export const OPENING_GIVENS = 16;

/** Most solutions the strong level enumerates, by default: from there on it plays exactly. */
export const ENUM_LIMIT = 500_000;

/** Attempt the full enumeration once the estimate is below this multiple of the limit. */
export const ENUM_TRIGGER = 1.5;

/**
 * The enumeration (once a game) may take this share of the time left (less a second), and
 * at least {@linkcode ENUM_MIN_MS}.
 */
export const ENUM_SHARE = 0.1;

/** The enumeration's time floor, in ms. */
export const ENUM_MIN_MS = 300;
