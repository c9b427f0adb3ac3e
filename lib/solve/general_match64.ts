/**
 * The all-different matching filter (Régin) of the general engine's two-word core: for
 * units of up to 64 positions and 64 values, each set as a low and a high word.
 *
 * @module
 */

/** Scratch state and hints of Régin's filter for constraints of `size` <= 64 positions. */
export class Matcher64 {
  /** Positions (and values) per constraint. */
  readonly size: number;
  /** Per constraint and position, the value matched last time (a hint, not trailed). */
  readonly matchHint: Int32Array;
  /** The value sets of the constraint `match` works on (then the values to drop). */
  readonly mkLo: Int32Array;
  readonly mkHi: Int32Array;
  /** The open positions and their value sets without the solved positions' values. */
  readonly openPos: Int32Array;
  readonly cmLo: Int32Array;
  readonly cmHi: Int32Array;
  readonly matchOf: Int32Array;
  readonly posOfDigit: Int32Array;
  readonly seen: Int32Array;
  /** Per open position: edges of the alternating graph, reverse edges, its component. */
  readonly reachLo: Int32Array;
  readonly reachHi: Int32Array;
  readonly revLo: Int32Array;
  readonly revHi: Int32Array;
  readonly sccLo: Int32Array;
  readonly sccHi: Int32Array;
  stamp = 0;

  /** Scratch for constraints of `size` positions, hints for `constraints` of them. */
  constructor(size: number, constraints: number) {
    this.size = size;
    this.matchHint = new Int32Array(constraints * size).fill(-1);
    this.mkLo = new Int32Array(size);
    this.mkHi = new Int32Array(size);
    this.openPos = new Int32Array(size);
    this.cmLo = new Int32Array(size);
    this.cmHi = new Int32Array(size);
    this.matchOf = new Int32Array(size);
    this.posOfDigit = new Int32Array(size);
    this.seen = new Int32Array(size);
    this.reachLo = new Int32Array(size);
    this.reachHi = new Int32Array(size);
    this.revLo = new Int32Array(size);
    this.revHi = new Int32Array(size);
    this.sccLo = new Int32Array(size);
    this.sccHi = new Int32Array(size);
  }

  /** Kuhn's augmenting path from open position `x` (of `cmLo`/`cmHi`). */
  augment(x: number): boolean {
    for (let w = 0; w < 2; w++) {
      let m = w === 0 ? this.cmLo[x] : this.cmHi[x];
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const d = 31 - Math.clz32(bit) + 32 * w;
        if (this.seen[d] === this.stamp) continue;
        this.seen[d] = this.stamp;
        const y = this.posOfDigit[d];
        if (y < 0 || this.augment(y)) {
          this.posOfDigit[d] = x;
          this.matchOf[x] = d;
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Régin's filter on one all-different constraint whose positions have the value sets
   * `mkLo/mkHi[0..S)`, as `Matcher32.match` does for one word: positions with one value
   * are taken out first, the strongly connected components of the alternating graph come
   * from forward and backward bitset searches over two-word position sets. Leaves the
   * values to drop in `mkLo/mkHi` and returns 1 when some position loses values, 0 when
   * none does, -1 when no perfect matching exists.
   */
  match(hintBase: number): number {
    const size = this.size;
    const mkLo = this.mkLo;
    const mkHi = this.mkHi;
    const cmLo = this.cmLo;
    const cmHi = this.cmHi;
    const open = this.openPos;
    const hint = this.matchHint;
    const matchOf = this.matchOf;
    const pos = this.posOfDigit;
    let fixedLo = 0;
    let fixedHi = 0;
    let m = 0;
    for (let x = 0; x < size; x++) {
      const vl = mkLo[x];
      const vh = mkHi[x];
      if (vl === 0 ? (vh & (vh - 1)) === 0 : vh === 0 && (vl & (vl - 1)) === 0) {
        if ((vl | vh) === 0 || ((fixedLo & vl) | (fixedHi & vh)) !== 0) return -1;
        fixedLo |= vl;
        fixedHi |= vh;
      } else {
        open[m++] = x;
      }
    }
    if (m === 0) return 0;
    pos.fill(-1);
    let stray = 0;
    for (let i = 0; i < m; i++) {
      const x = open[i];
      const vl = mkLo[x] & ~fixedLo;
      const vh = mkHi[x] & ~fixedHi;
      stray |= (mkLo[x] & fixedLo) | (mkHi[x] & fixedHi);
      cmLo[i] = vl;
      cmHi[i] = vh;
      const d = hint[hintBase + x];
      if (d >= 0 && ((d < 32 ? vl : vh) & (1 << d)) !== 0 && pos[d] < 0) {
        pos[d] = i;
        matchOf[i] = d;
      } else {
        matchOf[i] = -1;
      }
    }
    for (let i = 0; i < m; i++) {
      if (matchOf[i] >= 0) continue;
      this.stamp++;
      if (!this.augment(i)) return -1;
    }
    // Alternating graph on positions: i -> j when i can take the value j is matched to.
    const reachLo = this.reachLo;
    const reachHi = this.reachHi;
    const revLo = this.revLo;
    const revHi = this.revHi;
    for (let i = 0; i < m; i++) revLo[i] = revHi[i] = 0;
    for (let i = 0; i < m; i++) {
      hint[hintBase + open[i]] = matchOf[i];
      const md = matchOf[i];
      let al = 0;
      let ah = 0;
      const il = i < 32 ? 1 << i : 0;
      const ih = i < 32 ? 0 : 1 << i;
      for (let w = 0; w < 2; w++) {
        let v = w === 0 ? cmLo[i] : cmHi[i];
        if (md >>> 5 === w) v &= ~(1 << md);
        while (v !== 0) {
          const bit = v & -v;
          v ^= bit;
          const j = pos[31 - Math.clz32(bit) + 32 * w];
          if (j < 32) al |= 1 << j;
          else ah |= 1 << j;
          revLo[j] |= il;
          revHi[j] |= ih;
        }
      }
      reachLo[i] = al;
      reachHi[i] = ah;
    }
    // Strongly connected components: forward reach ∩ backward reach of one position.
    const sccLo = this.sccLo;
    const sccHi = this.sccHi;
    let leftLo = m >= 32 ? -1 : (1 << m) - 1;
    let leftHi = m >= 64 ? -1 : m > 32 ? (1 << (m - 32)) - 1 : 0;
    let comps = 0;
    while ((leftLo | leftHi) !== 0) {
      comps++;
      const startLo = leftLo & -leftLo;
      const startHi = startLo === 0 ? leftHi & -leftHi : 0;
      let fwdLo = startLo;
      let fwdHi = startHi;
      let todoLo = startLo;
      let todoHi = startHi;
      while ((todoLo | todoHi) !== 0) {
        let p: number;
        if (todoLo !== 0) {
          const b = todoLo & -todoLo;
          todoLo ^= b;
          p = 31 - Math.clz32(b);
        } else {
          const b = todoHi & -todoHi;
          todoHi ^= b;
          p = 63 - Math.clz32(b);
        }
        const nl = reachLo[p] & leftLo & ~fwdLo;
        const nh = reachHi[p] & leftHi & ~fwdHi;
        fwdLo |= nl;
        fwdHi |= nh;
        todoLo |= nl;
        todoHi |= nh;
      }
      let backLo = startLo;
      let backHi = startHi;
      todoLo = startLo;
      todoHi = startHi;
      while ((todoLo | todoHi) !== 0) {
        let p: number;
        if (todoLo !== 0) {
          const b = todoLo & -todoLo;
          todoLo ^= b;
          p = 31 - Math.clz32(b);
        } else {
          const b = todoHi & -todoHi;
          todoHi ^= b;
          p = 63 - Math.clz32(b);
        }
        const nl = revLo[p] & fwdLo & ~backLo;
        const nh = revHi[p] & fwdHi & ~backHi;
        backLo |= nl;
        backHi |= nh;
        todoLo |= nl;
        todoHi |= nh;
      }
      leftLo &= ~backLo;
      leftHi &= ~backHi;
      for (let w = 0; w < 2; w++) {
        let rest = w === 0 ? backLo : backHi;
        while (rest !== 0) {
          const b = rest & -rest;
          rest ^= b;
          const p = 31 - Math.clz32(b) + 32 * w;
          sccLo[p] = backLo;
          sccHi[p] = backHi;
        }
      }
    }
    // One component keeps every edge: the usual case, done without the edge walk.
    if (comps === 1 && stray === 0) return 0;
    let any = 0;
    for (let x = 0; x < size; x++) {
      const vl = mkLo[x];
      const vh = mkHi[x];
      if (vl === 0 ? (vh & (vh - 1)) === 0 : vh === 0 && (vl & (vl - 1)) === 0) {
        mkLo[x] = mkHi[x] = 0;
      }
    }
    for (let i = 0; i < m; i++) {
      const x = open[i];
      const md = matchOf[i];
      // A value a solved position holds goes from every other position.
      let dropLo = mkLo[x] & fixedLo;
      let dropHi = mkHi[x] & fixedHi;
      const compLo = sccLo[i];
      const compHi = sccHi[i];
      for (let w = 0; w < 2; w++) {
        let v = w === 0 ? cmLo[i] : cmHi[i];
        if (md >>> 5 === w) v &= ~(1 << md);
        while (v !== 0) {
          const bit = v & -v;
          v ^= bit;
          const j = pos[31 - Math.clz32(bit) + 32 * w];
          if (((j < 32 ? compLo : compHi) & (1 << j)) !== 0) continue;
          if (w === 0) dropLo |= bit;
          else dropHi |= bit;
        }
      }
      mkLo[x] = dropLo;
      mkHi[x] = dropHi;
      if ((dropLo | dropHi) !== 0) any = 1;
    }
    return any;
  }
}
