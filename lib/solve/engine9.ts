/**
 * A specialised 9×9 sudoku solution counter: per-digit band bitboards with the triad
 * rule, branching on the configurations of a digit's triads.
 *
 * The state ({@linkcode Board9} in `engine9_board.ts`) keeps the candidates of each digit
 * in each band as one 27-bit word; its propagation applies locked candidates and hidden
 * singles per digit, naked singles per band, and the triad rule (a minirow or minicolumn
 * holds exactly three digits). The search branches where the most triads are forced: in
 * the band or stack with the most forced (digit, triad) pairs, on the digit with the fewest
 * row-to-box (or band-to-column) permutations left, one branch per permutation (nearly
 * always two). Where solutions turn out dense (enumerating), and on grids with many givens,
 * it drops the triad rule and guesses cells instead. States live on a preallocated stack.
 * After 1000 guesses without a solution the search restarts (or, once it has found one,
 * carries on) with failed-literal probing (`engine9_probe.ts`), which refutes the rare
 * sparse grids without a solution that defeat the cheap choice. README.md in this folder
 * explains the algorithm and the data layout.
 *
 * @module
 */

import type { Engine, SolutionCallback } from "./engine.ts";
import { Board9, STATE_SIZE } from "./engine9_board.ts";
import { Probe9, PROBE_CHANGED, PROBE_CHOSEN } from "./engine9_probe.ts";
import * as T from "./engine9_tables.ts";

// Module-local copies of the tables, as in `engine9_board.ts`, where imported bindings read
// through module cells cost 5-8%; here the search reads few, and the gain is in the noise.
const cellDigits = T.cellDigits, COLUMN = T.COLUMN, OTHER1 = T.OTHER1, OTHER2 = T.OTHER2;
const PEERS = T.PEERS, popcount = T.popcount;

/**
 * Search depth bound: a cell guess places a cell (81), and a configuration guess fixes a
 * digit's triads in one band or stack (27 + 27), which is never guessed again below it.
 */
const MAX_DEPTH = 81 + 54 + 1;
/**
 * Guesses without a solution after which the search switches to probing (and, if no
 * solution was found yet, restarts with it). No puzzle of the benchmark sets needs as
 * many; some sparse grids without a solution take the plain search 10^5 guesses.
 */
const PROBE_AFTER = 1000;
/**
 * Once two solutions are found, guesses per solution below which the search is enumerating
 * dense solutions and drops the triad rule.
 */
const DENSE = 16;
/**
 * Grids with at least this many givens are searched without the triad rule (cell guesses)
 * until they take `DENSE_ESCALATE` guesses without a solution. The triad rule pays on
 * sparse hard grids; on dense ones it changes the guesses little and costs its time
 * (measured on grids with 30, 34 and 38 givens and many solutions: 1.07-1.11 times as
 * fast without it; unique dense grids mostly need no guess). Below 30, the hardest set
 * needs the rule (from 26 givens up: 117.76 guesses a puzzle become 119.26).
 */
const DENSE_GIVENS = 30;
/** Guesses without a solution after which a dense grid turns the triad rule on. */
const DENSE_ESCALATE = 32;
/** What a guess fixes: a cell's digit, or a digit's configuration in a band or stack. */
const CELL_GUESS = 0, BAND_GUESS = 1, STACK_GUESS = 2;

/**
 * Counts completions of 9×9 classic sudoku grids, up to a limit.
 *
 * One instance is reusable and not reentrant: do not call `count` again from inside
 * an `onSolution` callback of the same instance.
 */
export class Engine9 implements Engine {
  /** Always 9. */
  readonly size = 9;
  /** Guesses made by the last `count` (each alternative tried counts; probes do not). */
  nodes = 0;
  /** Guesses without a solution before the search turns to probing. */
  private readonly probeAfter: number;
  /** Givens from which a grid starts without the triad rule. */
  private readonly denseGivens: number;
  private readonly board = new Board9();
  private readonly prober = new Probe9();
  /** Saved states, one per open guess. */
  private readonly stack = new Int32Array(STATE_SIZE * MAX_DEPTH);
  /** Per open guess: its kind (`*_GUESS`), where (band cell or word), what is left to try. */
  private readonly guessKind = new Int32Array(MAX_DEPTH);
  private readonly guessWhere = new Int32Array(MAX_DEPTH);
  private readonly guessLeft = new Int32Array(MAX_DEPTH);
  /** The branch `chooseBranch` picked: kind, where, and the alternatives (bits). */
  private branchKind = 0;
  private branchWhere = 0;
  private branchAlternatives = 0;
  /** Whether `pickCell` takes the first bivalue cell instead of scoring them. */
  private firstBivalue = false;
  /** Reused buffer handed to `onSolution`. */
  private readonly solution = new Uint8Array(81);

  /**
   * Makes an engine; `probeAfter` (default 1000) is how many guesses without a solution
   * the cheap guess choice gets before failed-literal probing takes over, `denseGivens`
   * (default 30) how many givens make a grid start without the triad rule. Tests use 0
   * and 82 to run those searches on everything.
   */
  constructor(options?: { probeAfter?: number; denseGivens?: number }) {
    this.probeAfter = options?.probeAfter ?? PROBE_AFTER;
    this.denseGivens = options?.denseGivens ?? DENSE_GIVENS;
  }

  /**
   * Counts the completions of `grid` (81 cells, 0 empty), stopping at `limit`.
   *
   * `allowed[i]` (bit d-1 for digit d) restricts cell i, givens included: a given
   * outside its mask leaves no solution. `onSolution` returning `false` stops the
   * search; the count found so far is returned.
   */
  count(
    grid: Uint8Array,
    limit: number,
    onSolution?: SolutionCallback,
    allowed?: Uint32Array,
  ): number {
    this.nodes = 0;
    if (!(limit >= 1)) return 0;
    if (!this.board.load(grid, allowed)) return 0;
    return this.search(grid, allowed, limit, onSolution);
  }

  /** Depth-first search over guesses, with states on the preallocated stack. */
  private search(
    grid: Uint8Array,
    allowed: Uint32Array | undefined,
    limit: number,
    onSolution?: SolutionCallback,
  ): number {
    const board = this.board, stack = this.stack, probeAfter = this.probeAfter;
    const guessKind = this.guessKind, guessWhere = this.guessWhere, guessLeft = this.guessLeft;
    let found = 0, sp = 0, nodes = 0;
    // Guesses since the last solution: past probeAfter the cheap choice is failing.
    let fruitless = 0, strong = false, restarted = false;
    const u = board.u;
    let denseGrid = popcount(u[0]) + popcount(u[1]) + popcount(u[2]) <= 81 - this.denseGivens;
    board.triadRule = !denseGrid;
    this.firstBivalue = denseGrid;
    for (;;) {
      if (board.propagate()) {
        if (board.solved()) {
          found++;
          if (onSolution !== undefined) {
            board.write(this.solution);
            if (onSolution(this.solution) === false) break;
          }
          if (found >= limit) break;
          fruitless = 0;
          strong = false;
          // Enumerating: where solutions are dense, plain cell guesses without the triad
          // rule find them faster (1.1x against 0.9x the old engine's speed).
          board.triadRule = found < 2 ? !denseGrid : nodes >= DENSE * found;
          if (found >= 2) this.firstBivalue = false;
        } else {
          if (denseGrid && fruitless >= DENSE_ESCALATE) {
            // A hard dense grid: from here on, the triads' guesses.
            denseGrid = false;
            board.triadRule = true;
            this.firstBivalue = false;
          }
          if (!strong && fruitless >= probeAfter) {
            strong = true;
            if (found === 0 && !restarted) {
              // The cheap guesses near the root are what made the tree big: start over.
              restarted = true;
              board.load(grid, allowed);
              sp = 0;
              continue;
            }
          }
          // The first alternative is applied below; the others wait on the stack.
          let kind = -1, where = 0, rest = 0, firstKind = 0, firstWhere = 0, first = 0;
          if (strong) {
            const r = this.prober.probe(board);
            if (r === PROBE_CHANGED) continue;
            if (r === PROBE_CHOSEN) {
              // "A at its cell, or else B at its cell": the rest is a one-digit cell guess.
              const p = this.prober;
              kind = firstKind = CELL_GUESS;
              firstWhere = p.choiceA;
              first = p.choiceDigitA;
              where = p.choiceB;
              rest = 1 << p.choiceDigitB;
            }
          }
          if (kind < 0) {
            this.chooseBranch();
            kind = firstKind = this.branchKind;
            where = firstWhere = this.branchWhere;
            const alternatives = this.branchAlternatives;
            first = 31 - Math.clz32(alternatives & -alternatives);
            rest = alternatives & (alternatives - 1);
          }
          board.save(stack, sp * STATE_SIZE);
          guessKind[sp] = kind;
          guessWhere[sp] = where;
          guessLeft[sp] = rest;
          sp++;
          nodes++;
          fruitless++;
          this.apply(firstKind, firstWhere, first);
          continue;
        }
      }
      // Backtrack to the newest guess with alternatives left.
      if (sp === 0) break;
      const top = sp - 1;
      board.restore(stack, top * STATE_SIZE);
      const left = guessLeft[top];
      const next = 31 - Math.clz32(left & -left);
      const rest = left & (left - 1);
      if (rest === 0) sp--;
      else guessLeft[top] = rest;
      nodes++;
      fruitless++;
      this.apply(guessKind[top], guessWhere[top], next);
    }
    this.nodes = nodes;
    return found;
  }

  /** Applies alternative `alt` of a guess: a digit for a cell, a permutation otherwise. */
  private apply(kind: number, where: number, alt: number): void {
    if (kind === CELL_GUESS) this.applyCell(where, alt);
    else this.board.restrict(where, kind === STACK_GUESS, alt);
  }

  /** Places digit d at band cell q (band * 27 + bit). */
  private applyCell(q: number, d: number): void {
    this.board.place(d, (q / 27) | 0, q % 27);
  }

  /** Sets `branch*` to the guess to make: a configuration, else a cell. */
  private chooseBranch(): void {
    const board = this.board;
    if (board.triadRule && board.chooseConfig()) {
      this.branchKind = board.branchVertical ? STACK_GUESS : BAND_GUESS;
      this.branchWhere = board.branchWord;
      this.branchAlternatives = board.branchPerms;
      return;
    }
    const q = this.pickCell();
    this.branchKind = CELL_GUESS;
    this.branchWhere = q;
    this.branchAlternatives = cellDigits(board.f, (q / 27) | 0, q % 27);
  }

  /** A guess cell (band * 27 + bit): a bivalue cell scored by its peers, else fewest digits. */
  private pickCell(): number {
    const f = this.board.f, u = this.board.u;
    let best = -1, bestScore = -1;
    if (this.firstBivalue) {
      // On a dense grid the first bivalue cell does as well as the best scored (7.6 guesses
      // against 7.8 on serg_benchmark) and costs nothing to find. Taken from the band with
      // the fewest open cells first: more guesses (8.20 against 7.63), but cheaper ones,
      // 1.03 times the speed (most open cells first: 7.51 guesses, 1.00).
      const n0 = popcount(u[0]), n1 = popcount(u[1]), n2 = popcount(u[2]);
      const first = n0 < n1 ? (n0 < n2 ? 0 : 2) : (n1 < n2 ? 1 : 2);
      for (let k = 0, b = first; k < 3; k++, b = b === 2 ? 0 : b + 1) {
        const ub = u[b];
        if (ub === 0) continue;
        // `twoCandidates` written out, here and below: as a call, 0.986 times the speed
        // on serg_benchmark (4 paired processes, 0.977–0.996).
        let one = 0, two = 0, three = 0;
        for (let i = b; i < 27; i += 3) {
          const x = f[i];
          three |= two & x;
          two |= one & x;
          one |= x;
        }
        const bivalue = ub & two & ~three;
        if (bivalue !== 0) return b * 27 + 31 - Math.clz32(bivalue & -bivalue);
      }
    }
    // Scoring every bivalue cell pays off on hard grids, not near the leaves of easy ones.
    const unsolved = popcount(u[0]) + popcount(u[1]) + popcount(u[2]);
    let budget = unsolved < 45 ? 3 : 81;
    for (let b = 0; b < 3; b++) {
      const ub = u[b];
      if (ub === 0) continue;
      const b1 = b === 2 ? 0 : b + 1, b2 = b === 0 ? 2 : b - 1;
      let one = 0, two = 0, three = 0;
      for (let i = b; i < 27; i += 3) {
        const x = f[i];
        three |= two & x;
        two |= one & x;
        one |= x;
      }
      let bivalue = ub & two & ~three;
      while (bivalue !== 0) {
        const bit = bivalue & -bivalue;
        bivalue ^= bit;
        const p = 31 - Math.clz32(bit);
        const peers = PEERS[p], col = COLUMN[p];
        const digits = cellDigits(f, b, p);
        const oA = 3 * (31 - Math.clz32(digits & -digits));
        const oB = 3 * (31 - Math.clz32(digits & (digits - 1)));
        const score = popcount(f[oA + b] & peers) +
          popcount((f[oA + b1] | f[oA + b2]) & col) + popcount(f[oB + b] & peers) +
          popcount((f[oB + b1] | f[oB + b2]) & col);
        if (score > bestScore) {
          bestScore = score;
          best = b * 27 + p;
        }
        if (--budget === 0) return best;
      }
    }
    if (best >= 0) return best;
    let bestN = 10;
    for (let b = 0; b < 3; b++) {
      let ub = u[b];
      while (ub !== 0) {
        const bit = ub & -ub;
        ub ^= bit;
        let n = 0;
        for (let w = b; w < 27; w += 3) if (f[w] & bit) n++;
        if (n > bestN) continue;
        if (unsolved > 64 && n <= 3) return b * 27 + 31 - Math.clz32(bit);
        const p = 31 - Math.clz32(bit);
        const peers = PEERS[p], col = COLUMN[p];
        let score = 0;
        for (let w = b; w < 27; w += 3) {
          if (f[w] & bit) {
            score += popcount(f[w] & peers) + popcount((f[OTHER1[w]] | f[OTHER2[w]]) & col);
          }
        }
        if (n < bestN || score > bestScore) {
          bestN = n;
          bestScore = score;
          best = b * 27 + p;
        }
      }
    }
    return best;
  }
}
