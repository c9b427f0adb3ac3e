/**
 * Symbols: sets of them as bitboards (a set of symbols 1..64 per unit, stored as one
 * 32-bit word per set for sizes up to 32, so 9×9 work touches single words, and two words
 * above that), and the tables that map the characters of one puzzle per line to values
 * and back.
 *
 * @module
 */

/** Number of set bits of a 32-bit word. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero 32-bit word. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** A reusable array of symbol sets; `reset` sizes it without allocating when it fits. */
export class SymbolSets {
  #words: Uint32Array;
  #stride = 1;

  /** Room for `capacity` sets of up to 64 symbols before any reallocation. */
  constructor(capacity = 0) {
    this.#words = new Uint32Array(capacity * 2);
  }

  /** Empty `count` sets of symbols 1..`symbols`. */
  reset(count: number, symbols: number): void {
    this.#stride = symbols <= 32 ? 1 : 2;
    const need = count * this.#stride;
    if (this.#words.length < need) this.#words = new Uint32Array(need);
    else this.#words.fill(0, 0, need);
  }

  /** Add symbol `v` (1-based) to set `s`; returns false when it was already there. */
  add(s: number, v: number): boolean {
    const i = s * this.#stride + ((v - 1) >>> 5);
    const bit = 1 << ((v - 1) & 31);
    const w = this.#words[i];
    if (w & bit) return false;
    this.#words[i] = w | bit;
    return true;
  }

  /** Whether set `s` holds symbol `v` (1-based). */
  has(s: number, v: number): boolean {
    return (this.#words[s * this.#stride + ((v - 1) >>> 5)] & (1 << ((v - 1) & 31))) !== 0;
  }

  /** Whether set `s` is empty. */
  isEmpty(s: number): boolean {
    const base = s * this.#stride;
    return this.#stride === 1
      ? this.#words[base] === 0
      : (this.#words[base] | this.#words[base + 1]) === 0;
  }

  /** Symbols of set `s` in increasing order. */
  values(s: number): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.#stride; k++) {
      let w = this.#words[s * this.#stride + k];
      while (w !== 0) {
        out.push(k * 32 + lowestBit(w) + 1);
        w &= w - 1;
      }
    }
    return out;
  }
}

/** The default symbols of one puzzle per line: value v is the v-th (sizes up to 35). */
const DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The largest size a table of symbols may serve (as `MAX_SIZE` of `geometry.ts`). */
const MAX_SYMBOLS = 64;

/**
 * What is wrong with `chars` as the symbols of one puzzle per line (the i-th character
 * being value i + 1), or undefined when they will do: they must be printable ASCII
 * characters, each once, neither `.` (empty) nor `#` (a comment line), 1 to 64 of them.
 * The answer completes a sentence that starts with the symbols quoted: `'12 3' holds ' '`.
 */
export function symbolsProblem(chars: string): string | undefined {
  if (chars.length === 0) return "is empty: give one character per value, e.g. 123456789";
  const seen = new Set<string>();
  for (const ch of chars) {
    const code = ch.codePointAt(0)!;
    if (ch === ".") return "holds '.', which always marks an empty cell: use another character";
    if (ch === "#") return "holds '#', which starts a comment line: use another character";
    if (code <= 32 || code >= 127) {
      return `holds ${
        code === 32 ? "a space" : `character U+${code.toString(16).toUpperCase().padStart(4, "0")}`
      }: use printable ASCII characters (letters, digits, punctuation)`;
    }
    if (seen.has(ch)) return `repeats '${ch}': give each value its own character`;
    seen.add(ch);
  }
  if (chars.length > MAX_SYMBOLS) {
    return `has ${chars.length} characters: the largest size is ${MAX_SYMBOLS}×${MAX_SYMBOLS}`;
  }
  return undefined;
}

/**
 * The characters of one puzzle per line and their values: value v (1-based) is written as
 * the v-th symbol, and `.` is empty. The default table reads `1`-`9` then `A`-`Z` (sizes
 * up to 35) with `0` empty too; a custom one (`count --symbols`) reads exactly its
 * symbols, for one size, its number of them. Letters read in either case unless both
 * cases are symbols.
 */
export class SymbolTable {
  /** The default symbols: `1`-`9`, `A`-`Z`; `.` and `0` empty. */
  static readonly DEFAULT: SymbolTable = new SymbolTable(DEFAULT_SYMBOLS, true);

  /** The symbols, value v being `chars[v - 1]`. */
  readonly chars: string;
  /** Whether `0` reads as empty (the default table). */
  readonly zeroIsEmpty: boolean;
  /** Value of each ASCII code, 0 for empty, -1 where the character is no symbol. */
  readonly values: Int8Array;

  private constructor(chars: string, zeroIsEmpty: boolean) {
    this.chars = chars;
    this.zeroIsEmpty = zeroIsEmpty;
    const values = new Int8Array(128).fill(-1);
    for (let v = 1; v <= chars.length; v++) {
      const code = chars.charCodeAt(v - 1);
      values[code] = v;
      // The other case of a letter, unless it is a symbol of its own.
      const other = code >= 65 && code <= 90
        ? code + 32
        : code >= 97 && code <= 122
        ? code - 32
        : -1;
      if (other >= 0 && !chars.includes(String.fromCharCode(other))) values[other] = v;
    }
    values[46] = 0; // .
    if (zeroIsEmpty) values[48] = 0;
    this.values = values;
  }

  /** A table of the given symbols; throws a RangeError when {@linkcode symbolsProblem} finds one. */
  static of(chars: string): SymbolTable {
    const problem = symbolsProblem(chars);
    if (problem !== undefined) throw new RangeError(`symbols '${chars}' ${problem}`);
    return new SymbolTable(chars, false);
  }

  /** Whether this is a custom table (not the default one). */
  get custom(): boolean {
    return this !== SymbolTable.DEFAULT;
  }

  /** The largest size this table writes: its number of symbols. */
  get maxSize(): number {
    return this.chars.length;
  }

  /** The character of value v: `.` for 0. */
  symbol(v: number): string {
    return v === 0 ? "." : this.chars[v - 1];
  }

  /** Value of a character code, 0 for empty, or -1 when it is no symbol. */
  value(code: number): number {
    return code >= 0 && code < 128 ? this.values[code] : -1;
  }

  /**
   * The characters a grid of this size may hold, for messages: `1-9 and A-G, '.' or '0'
   * for empty` (default), `the symbols '0123456789ABCDEF', '.' for empty` (custom).
   */
  allowed(size: number): string {
    if (this.custom) return `the symbols '${this.chars.slice(0, size)}', '.' for empty`;
    const digits = size === 1 ? "1" : `1-${Math.min(size, 9)}`;
    const letters = size <= 9 ? "" : size === 10 ? " and A" : ` and A-${this.chars[size - 1]}`;
    return `${digits}${letters}, '.' or '0' for empty`;
  }
}

/**
 * The symbols to pass for a grid of this size written with `0` as a digit: `0`-`9` then
 * `A`.. (`0123456789ABCDEF` for 16×16), for sizes up to 36.
 */
export function zeroBasedSymbols(size: number): string {
  return ("0" + DEFAULT_SYMBOLS).slice(0, size);
}
