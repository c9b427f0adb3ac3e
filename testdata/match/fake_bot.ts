/**
 * A scripted CodeCup 2024 sudoku bot for the match runner's tests: plays random legal moves,
 * then misbehaves in the way its mode asks.
 *
 * Usage: deno run testdata/match/fake_bot.ts MODE [N] [--seed S]
 *   random           random legal moves, claims when one solution is left
 *   crash N          N legal moves, then exits with code 3 instead of answering
 *   exit N           N legal moves, then exits with code 0 instead of answering
 *   garbage N        N legal moves, then writes a line that is not a move
 *   sleep N          N legal moves, then never answers
 *   noquit           random legal moves, then ignores Quit and the end of input
 *   slow N           random legal moves, each after waiting N milliseconds
 *   script M1 M2...  writes M1, M2, ... in turn, whatever it reads
 *
 * @module
 */

import { judge, parseMove, Position } from "../../lib/sudoku_game/rules.ts";
import { readLines } from "../../cli/io.ts";

const args = [...Deno.args];
let seed = Date.now() >>> 0;
const at = args.indexOf("--seed");
if (at >= 0) {
  seed = Number(args[at + 1]) >>> 0;
  args.splice(at, 2);
}
const mode = args[0] ?? "random";
const n = Number(args[1] ?? 0);

function random(): number {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function chooseMove(position: Position): string {
  if (judge(position, "!").status === "WIN") return "!";
  const candidates: string[] = [];
  for (let cell = 0; cell < 81; cell++) {
    if (position.grid[cell] !== 0) continue;
    for (let d = 1; d <= 9; d++) {
      candidates.push("ABCDEFGHI"[Math.floor(cell / 9)] + "abcdefghi"[cell % 9] + d);
    }
  }
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  for (const move of candidates) {
    const status = judge(position, move + "!").status;
    if (status === "WIN") return move + "!";
    if (status === "NO_UNIQUE_CLAIM") return move;
  }
  return "!";
}

const encoder = new TextEncoder();
function write(line: string): void {
  Deno.stdout.writeSync(encoder.encode(line + "\n"));
}

const position = new Position();
let played = 0;
let scriptAt = 1;
for await (const raw of readLines(Deno.stdin.readable)) {
  const line = raw.trim();
  if (line === "") continue;
  if (line === "Quit") {
    if (mode === "noquit") break;
    Deno.exit(0);
  }
  if (mode === "script") {
    write(args[scriptAt++] ?? "!");
    continue;
  }
  if (line !== "Start") {
    const m = parseMove(line);
    if (m !== undefined) position.play(m);
  }
  if (played === n) {
    if (mode === "crash") Deno.exit(3);
    if (mode === "exit") Deno.exit(0);
    if (mode === "garbage") {
      write("hello world");
      continue;
    }
    if (mode === "sleep") await new Promise((r) => setTimeout(r, 1e9));
  }
  if (mode === "slow") await new Promise((r) => setTimeout(r, n));
  const move = chooseMove(position);
  const m = parseMove(move)!;
  position.play(m);
  played++;
  write(move);
}
if (mode === "noquit") await new Promise((r) => setTimeout(r, 1e9));
