/**
 * The frame search (`endgame_frames.ts`) in WebAssembly: the same nodes in the same order,
 * with the machine's population counts and bit scans instead of table lookups, and with
 * the transposition table in the module's memory so that both the row-level search (here)
 * and the frames (there) use it.
 *
 * The module is compiled from `assembly/frames.ts` (AssemblyScript) by
 * `deno task wasm` into `endgame_wasm_bytes.ts`; it needs only WebAssembly 1.0 (V8 7.0 and
 * later run it).
 *
 * @module
 */

import { FRAME_ROWS, type FrameKernel } from "./endgame_frames.ts";
import { type Budget, CHECK_EVERY, tableBytes, type TranspositionTable } from "./endgame_table.ts";
import { FRAMES_WASM } from "./endgame_wasm_bytes.ts";

/** The module's exports. */
interface Exports {
  tableOffset(): number;
  layout(which: number): number;
  prepare(mask: number, age: number, nodeLimit: number, checkAt: number): void;
  start(width: number, k: number, W: number, h1: number, h2: number): number;
  spentNodes(): number;
  spentVisits(): number;
  wasAborted(): number;
  lastWinMove(): number;
}

const PAGE = 65536;
const I32_MAX = 0x7fffffff;
const CELLS = 81;
const LEVELS = 4;
const TMP_INTS = 81 * 10 * 8;

/** Bytes of base64 text (no padding needed at the end). */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const value = new Int8Array(128).fill(-1);
  const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < 64; i++) value[digits.charCodeAt(i)] = i;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const v = value[text.charCodeAt(i) & 127];
    if (v < 0) continue;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 255;
    }
  }
  return out.subarray(0, n);
}

/**
 * The WebAssembly frame search and its memory, which also holds the transposition table
 * (2^tableBits buckets from {@linkcode WasmFrames.tableOffset}). Build the table over
 * that memory, then {@linkcode WasmFrames.bind} it and the search's budget.
 */
export class WasmFrames implements FrameKernel {
  /** The module's memory: its scratch, then the table. */
  readonly memory: WebAssembly.Memory;
  /** Byte offset of the table in {@linkcode WasmFrames.memory}. */
  readonly tableOffset: number;
  /** Words of each level's frame, in the module's memory. */
  readonly words: Uint8Array;
  /** The first keys of each level's frame rows, in the module's memory. */
  readonly keyA: Int32Array;
  /** The second keys of each level's frame rows, in the module's memory. */
  readonly keyB: Int32Array;
  /** Each (column, digit)'s rows of a frame being built, in the module's memory. */
  readonly tmp: Int32Array;
  /** Winning move of the last start that returned a win. */
  winMove = 0;
  private readonly cells: Uint8Array;
  private readonly ex: Exports;
  private table: TranspositionTable | undefined = undefined;
  private budget: Budget | undefined = undefined;
  private nodes0 = 0;
  private visits0 = 0;

  /** Compile the module with room for a table of 2^tableBits buckets. */
  constructor(tableBits: number) {
    this.memory = new WebAssembly.Memory({ initial: 1 });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(fromBase64(FRAMES_WASM)), {
      env: { memory: this.memory },
      host: { check: (nodes: number, visits: number) => this.check(nodes, visits) },
    });
    this.ex = instance.exports as unknown as Exports;
    this.tableOffset = this.ex.tableOffset();
    const bytes = this.tableOffset + tableBytes(tableBits);
    this.memory.grow(Math.ceil(bytes / PAGE) - 1);
    const buffer = this.memory.buffer;
    this.words = new Uint8Array(buffer, this.ex.layout(0), LEVELS);
    this.cells = new Uint8Array(buffer, this.ex.layout(1), CELLS);
    this.keyA = new Int32Array(buffer, this.ex.layout(2), LEVELS * FRAME_ROWS);
    this.keyB = new Int32Array(buffer, this.ex.layout(3), LEVELS * FRAME_ROWS);
    this.tmp = new Int32Array(buffer, this.ex.layout(4), TMP_INTS);
  }

  /** The table (over {@linkcode WasmFrames.memory}) and the budget the searches use. */
  bind(table: TranspositionTable, budget: Budget): this {
    this.table = table;
    this.budget = budget;
    return this;
  }

  /** The value of a frame built into the arrays (see {@linkcode FrameKernel.start}). */
  start(
    width: number,
    cellOf: Uint8Array,
    cb: number,
    k: number,
    W: number,
    h1: number,
    h2: number,
  ): number {
    const table = this.table!;
    const budget = this.budget!;
    for (let i = 0; i < width; i++) this.cells[i] = cellOf[cb + i];
    this.nodes0 = budget.nodes;
    this.visits0 = budget.visits;
    const ex = this.ex;
    ex.prepare(
      table.bucketMask,
      table.searchAge,
      Math.min(budget.nodesLeft, I32_MAX),
      Math.max(-I32_MAX, Math.min(budget.visitsToCheck, I32_MAX)),
    );
    const r = ex.start(width, k, W, h1, h2);
    budget.nodes = this.nodes0 + ex.spentNodes();
    budget.visits = this.visits0 + ex.spentVisits();
    if (ex.wasAborted() === 2) budget.expire();
    this.winMove = ex.lastWinMove();
    return r;
  }

  /**
   * The module's clock read, with its nodes since the start and its work since the last
   * read: the work to the next read, or -1 to stop.
   */
  private check(nodes: number, visits: number): number {
    const budget = this.budget!;
    budget.nodes = this.nodes0 + nodes;
    budget.visits = this.visits0 += visits;
    return budget.check() ? CHECK_EVERY : -1;
  }
}
