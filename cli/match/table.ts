/**
 * The final report of a match: per bot its games, wins, points, time used and statuses,
 * then the commands, the games lost by a fault, and the bots that had to be killed.
 *
 * @module
 */

import { type GameRecord, QUIT_GRACE_MS } from "./game.ts";

/** Per-bot totals for the final table. */
export interface Tally {
  games: number;
  wins: number;
  points: number;
  timeSum: number;
  timeMax: number;
  unquit: number;
  readonly statuses: Map<string, number>;
  readonly extra: Map<string, number>;
}

/** A bot's totals before its first game. */
export function newTally(): Tally {
  return {
    games: 0,
    wins: 0,
    points: 0,
    timeSum: 0,
    timeMax: 0,
    unquit: 0,
    statuses: new Map(),
    extra: new Map(),
  };
}

/** Add one game to the totals of the two bots that played it. */
export function addRecord(tallies: readonly [Tally, Tally], rec: GameRecord): void {
  for (const seat of [0, 1] as const) {
    const t = tallies[rec.bots[seat]];
    const status = rec.result.statuses[seat];
    t.games++;
    if (status === "WIN") t.wins++;
    t.points += rec.result.points[seat];
    t.timeSum += rec.used[seat];
    t.timeMax = Math.max(t.timeMax, rec.used[seat]);
    if (rec.unquit[seat]) t.unquit++;
    t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
    for (const [key, values] of Object.entries(rec.result.extra ?? {})) {
      t.extra.set(key, (t.extra.get(key) ?? 0) + values[seat]);
    }
  }
}

/** How many faulty games the report lists one by one. */
const FAULTS_SHOWN = 10;

/** The report line of each seat that lost a game by a fault in `rec`. */
export function faultLines(rec: GameRecord): string[] {
  const lines: string[] = [];
  for (const seat of [0, 1] as const) {
    if (rec.faults[seat] === "") continue;
    const bot = rec.bots[seat] === 0 ? "A" : "B";
    const moves = rec.result.moves.length;
    lines.push(
      `game ${rec.index}: ${bot} (${seat === 0 ? "first" : "second"}, ${moves} moves recorded) ${
        rec.faults[seat]
      }`,
    );
  }
  return lines;
}

/** The final table: one row per bot, then the commands, then faults and notes. */
export function formatTable(
  commands: readonly [string, string],
  tallies: readonly [Tally, Tally],
  faults: readonly string[] = [],
): string {
  const extraKeys = [...new Set([...tallies[0].extra.keys(), ...tallies[1].extra.keys()])];
  const header = ["bot", "games", "wins", "points", ...extraKeys, "mean_s", "max_s", "statuses"];
  const rows = tallies.map((t, i) => [
    i === 0 ? "A" : "B",
    String(t.games),
    String(t.wins),
    String(t.points),
    ...extraKeys.map((k) => String(t.extra.get(k) ?? 0)),
    (t.games === 0 ? 0 : t.timeSum / t.games / 1000).toFixed(3),
    (t.timeMax / 1000).toFixed(3),
    [...t.statuses.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([s, n]) => `${s} ${n}`).join(", "),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const last = header.length - 1;
  const fmt = (cells: string[]) =>
    cells.map((cell, c) =>
      c === last ? cell : c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])
    ).join("  ");
  const lines = [fmt(header), ...rows.map(fmt)];
  lines.push("", `A: ${commands[0]}`, `B: ${commands[1]}`);
  for (const f of faults.slice(0, FAULTS_SHOWN)) lines.push(f);
  if (faults.length > FAULTS_SHOWN) {
    lines.push(`... and ${faults.length - FAULTS_SHOWN} more faults (see the statuses above)`);
  }
  tallies.forEach((t, i) => {
    if (t.unquit > 0) {
      lines.push(
        `note: ${i === 0 ? "A" : "B"} did not exit within ${
          QUIT_GRACE_MS / 1000
        } s of Quit in ${t.unquit} game(s) and was killed`,
      );
    }
  });
  return lines.join("\n") + "\n";
}
