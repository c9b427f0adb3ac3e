/**
 * One root search divided between threads: the calling thread and helpers (worker
 * threads the caller provides) hold the same solution set, share one transposition table
 * (a `SharedArrayBuffer`, see `endgame_table.ts`) and take the root moves one at a time
 * from a shared list ({@linkcode SharedMoves}). The first proven win stops them all.
 *
 * The values stay exact: each thread's search is the single-threaded one, and what the
 * threads share are decided moves and table entries, which are true whoever wrote them.
 *
 * @module
 */

import {
  type GameValue,
  MoveStatus,
  type RootMove,
  type SearchLimits,
  type SolutionGame,
} from "./endgame.ts";
import { DEFAULT_JOIN, type JoinRule, SharedMoves, Stop } from "./endgame_shared.ts";

/** A helper thread, as the thread that divides a search sees it. */
export interface SplitHelper {
  /**
   * Start searching `n` solutions (81 digits each; the helper copies them before
   * returning) on the shared `control` (see {@linkcode helpSolve}); false when the helper
   * cannot (it is gone), and then it never counts itself done.
   */
  start(solutions: Uint8Array, n: number, control: Int32Array): boolean;
}

/**
 * How long to wait for helpers to notice that the search is over (they look about every
 * millisecond). A helper that died never counts itself done: every wait has this bound.
 */
const STOP_GRACE_MS = 250;

/**
 * `game.solveMoves(moves, limits)` (the value only) with `helpers` taking root moves too;
 * `join` says when a thread leaves the list to help with a long search (tests may force
 * it). `moves` may be any of the position's root moves in any order: the threads match
 * them by cell and digit. The calling thread blocks while it waits for the helpers
 * (`Atomics.wait`), at most a quarter of a second after its own search ends, so a
 * helper that died costs that wait, not a hang.
 */
export function solveSplit(
  game: SolutionGame,
  moves: RootMove[],
  limits: SearchLimits,
  helpers: readonly SplitHelper[],
  join: JoinRule = DEFAULT_JOIN,
): GameValue | undefined {
  if (helpers.length === 0) return game.solveMoves(moves, limits);
  const shared = SharedMoves.create(moves, helpers.length, join);
  const solutions = game.solutions;
  for (const h of helpers) if (!h.start(solutions, game.n, shared.control)) shared.done();
  let value = game.solveMoves(moves, limits, false, shared);
  // This thread's search ended with every move decided (with none left to take, it joins
  // the moves in progress), or with a win, or out of time: the helpers only have to stop.
  shared.stop(Stop.Time);
  shared.waitIdle(STOP_GRACE_MS);
  let win = false;
  let open = false;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    // The shared list is `moves` in this order (`SharedMoves.create`).
    const s = shared.status(i);
    if (m.status === MoveStatus.Unknown) m.status = s as MoveStatus;
    m.nodes = Math.max(m.nodes ?? 0, shared.nodes(i));
    if (m.status === MoveStatus.Win) win = true;
    if (m.status === MoveStatus.Unknown) open = true;
  }
  if (value === undefined && win) value = "WIN2";
  if (value === undefined && !open && moves.length > 0) value = "LOSS";
  return value;
}

/**
 * A helper's part of {@linkcode solveSplit}: load the set into this thread's `game` (whose
 * table is the shared one), take moves until none is left or the search stops, then
 * count itself done. Its moves are put in the shared list's order (by cell and digit);
 * when one of the list's is not a move of its set, it takes no part.
 */
export function helpSolve(
  game: SolutionGame,
  solutions: Uint8Array,
  n: number,
  control: Int32Array,
): void {
  const shared = new SharedMoves(control);
  try {
    if (shared.stopped !== Stop.None || !game.load(solutions, n)) return;
    const moves = shared.order(game.rootMoves());
    if (moves === undefined) return;
    for (let i = 0; i < moves.length; i++) moves[i].status = shared.status(i) as MoveStatus;
    game.solveMoves(moves, {}, false, shared);
  } finally {
    shared.done();
  }
}
