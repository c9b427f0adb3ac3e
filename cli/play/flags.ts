/**
 * The flags of `play`, parsed once for both games (CodeCup 2024 sudoku and, with
 * `--game qttt`, CodeCup 2012 quantum tic-tac-toe): each game reads the ones it takes.
 *
 * @module
 */

import { UsageError } from "../io.ts";
import { choiceFlag, parseFlags } from "../flags.ts";

/** The flags of `play`, for both games: each game reads the ones it takes. */
export interface BotFlags {
  readonly level?: string;
  readonly seed?: string;
  readonly time?: string;
  readonly jobs?: string;
  readonly analyze?: string;
  readonly format?: string;
  readonly help?: boolean;
}

/** Parse `play`'s arguments: the game, the flags, and any stray positional arguments. */
export async function parseBotFlags(
  args: string[],
): Promise<{ game: "sudoku" | "qttt"; values: BotFlags; positionals: string[] }> {
  const { values, positionals } = await parseFlags(args, {
    game: { type: "string" },
    level: { type: "string" },
    seed: { type: "string" },
    time: { type: "string" },
    jobs: { type: "string" },
    analyze: { type: "string" },
    format: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  const game = choiceFlag("game", values.game, ["sudoku", "qttt"] as const, "sudoku");
  return { game, values, positionals };
}

/** The `--format` of `--analyze` (both games). */
export function analyzeFormat(value: string | undefined): "text" | "json" {
  return choiceFlag("format", value, ["text", "json"] as const, "text");
}

/** `--format` without `--analyze`: the bot speaks the game's protocol, which has no format. */
export function formatWithoutAnalyze(): UsageError {
  return new UsageError("--format is for --analyze only: the bot speaks the game's protocol");
}
