/**
 * Symbol sets as bitboards: a set of symbols 1..64 per unit, stored as one 32-bit word per
 * set for sizes up to 32 (so 9×9 work touches single words) and two words above that.
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
