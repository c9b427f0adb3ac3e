/**
 * Worker thread of `play --jobs N`: a helper of the bot's endgame search. It holds a
 * `SolutionGame` over the table the bot shares with it, and on each message searches the
 * root moves of the set it is sent, taking them from the shared list (`helpSolve`).
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { helpSolve, SolutionGame } from "../../lib/sudoku_game/mod.ts";
import type { HelperMessage } from "./helpers.ts";

let game: SolutionGame | undefined;

self.onmessage = (e: MessageEvent<HelperMessage>) => {
  const m = e.data;
  if (m.kind === "table") {
    game = new SolutionGame({ tableBits: m.bits, tableBuffer: m.table });
  } else {
    helpSolve(game!, new Uint8Array(m.solutions, 0, m.n * 81), m.n, m.control);
  }
};
