// The frame search of endgame_frames.ts in AssemblyScript, for WebAssembly: the same
// nodes in the same order, with the population counts and bit scans of the machine.

const FRAME_ROWS: i32 = 256;
const MAX_WORDS: i32 = 8;
const FEW: i32 = 32;
const ETC_MIN: i32 = 32;
const LEVELS: i32 = 4;
const MOVE_SLOTS: i32 = 2048;
const DEPTH: i32 = 81 + LEVELS + 2;
const WIN: i32 = 1;
const LOSS: i32 = 2;
const GOLDEN: i32 = <i32>0x9e3779b1;

// Memory layout (byte offsets). The host writes a frame into the first five parts, found
// with `layout`; the table starts at `tableOffset`, and the host sizes the memory to it.
const WORDS: usize = 0; // u8[LEVELS]
const CELLS: usize = 64; // u8[81]: the cell of each column of a frame being started
const KEY_A: usize = 256; // i32[LEVELS * FRAME_ROWS]
const KEY_B: usize = KEY_A + 4 * LEVELS * FRAME_ROWS;
const TMP: usize = KEY_B + 4 * LEVELS * FRAME_ROWS; // i32[81 * 10 * MAX_WORDS]
const MASK: usize = TMP + 4 * 81 * 10 * MAX_WORDS; // i32[LEVELS * 729 * MAX_WORDS]
const S: usize = MASK + 4 * LEVELS * 729 * MAX_WORDS; // i32[(DEPTH + 1) * MAX_WORDS]
const MOVES: usize = S + 4 * (DEPTH + 1) * MAX_WORDS; // i32[DEPTH * 729]
const SKIP: usize = MOVES + 4 * DEPTH * 729;
const SKIP_COUNT: usize = SKIP + 4 * DEPTH * 729;
const CK1: usize = SKIP_COUNT + 4 * DEPTH * 729;
const CK2: usize = CK1 + 4 * DEPTH * 729;
const HIST: usize = CK2 + 4 * DEPTH * 729; // i32[FRAME_ROWS + 2]
const SORTED: usize = HIST + 4 * (FRAME_ROWS + 2); // i32[729]
const SEEN_STAMP: usize = SORTED + 4 * 729; // i32[1024]
const MARK_TMP: usize = SEEN_STAMP + 4 * 1024; // i32[729]
const P_MOVE: usize = MARK_TMP + 4 * 729; // i16[LEVELS * 729]
const LIST: usize = P_MOVE + 2 * LEVELS * 729; // i16[(DEPTH + 1) * 729]
const FEW_ROWS: usize = LIST + 2 * (DEPTH + 1) * 729; // i16[DEPTH * FEW * 4]
const SEEN_PAIR: usize = FEW_ROWS + 2 * DEPTH * FEW * 4; // i16[1024]
const RANK: usize = SEEN_PAIR + 2 * 1024; // i16[FRAME_ROWS]
const LOW: usize = RANK + 2 * FRAME_ROWS; // i16[729]
const NEW_IDX: usize = LOW + 2 * 729; // i16[729]
const PAIR_OF: usize = NEW_IDX + 2 * 729; // i16[LEVELS * MOVE_SLOTS]
const CHUNK: i32 = 8;
const CHUNK_V: usize = PAIR_OF + 2 * LEVELS * MOVE_SLOTS; // i32[CHUNK]
const CHUNK_1: usize = CHUNK_V + 4 * CHUNK;
const CHUNK_2: usize = CHUNK_1 + 4 * CHUNK;
const END: usize = CHUNK_2 + 4 * CHUNK;
/** The table's first byte: after the scratch, on a 64-byte line. */
const TABLE: usize = (END + 63) & ~63;

/**
 * The host's clock and stop checks, with the nodes since `prepare` and the work since the
 * last check: the work to the next check, or -1 to stop.
 */
@external("host", "check")
declare function hostCheck(nodes: i32, visits: i32): i32;

// The search's state, set by the host before each `start`.
let tableMask: i32 = 0;
let age: i32 = 1;
let nodeLimit: i32 = 0;
let checkAt: i32 = 0;
let nodes: i32 = 0;
let visits: i32 = 0;
let aborted: i32 = 0;
let winMove: i32 = 0;
let serial: i32 = 0;
let seenSerial: i32 = 0;
let key2: i32 = 0;
let probedMove: i32 = 0;

@inline function gi(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function si(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}
@inline function gh(base: usize, i: i32): i32 {
  return <i32>load<i16>(base + (<usize>i << 1));
}
@inline function sh(base: usize, i: i32, v: i32): void {
  store<i16>(base + (<usize>i << 1), <i16>v);
}
// Masks are read 64 bits at a time, two of their 32-bit words (W is 1, 2, 4 or 8): half the
// loads, population counts and loop turns, about 9% less time on decisive positions. Rows
// keep the 32-bit numbering (bit b of word w is row 32w + b), so the nodes stay those of the
// JavaScript frames. A node mask of one word keeps its second word 0 (`setFull`, and the
// children's masks are ANDs of it), so a one-word frame reads its masks the same way.
@inline function gl(base: usize, i: i32): i64 {
  return load<i64>(base + (<usize>i << 2));
}
@inline function sl(base: usize, i: i32, v: i64): void {
  store<i64>(base + (<usize>i << 2), v);
}

// V8's baseline compiler (Liftoff) of 7.x had no 64-bit population count or bit scan: a
// function using one is compiled by the optimising compiler (TurboFan) instead. `d8
// --single-threaded`, as the competition runs it, never tiers Liftoff code up (there is no
// background thread), and Liftoff code ran this search 1.9 times as slowly. So every hot
// function counts and scans bits in 64-bit operations (`start` on a 32-bit word's zero
// extension, the others on the 64-bit masks of `gl`).
@inline function pop(x: i32): i32 {
  return <i32>popcnt<i64>(<i64><u32>x);
}

/** The byte offset of the table in memory. */
export function tableOffset(): i32 {
  return <i32>TABLE;
}
/** The byte offset of the scratch the host writes a frame into. */
export function layout(which: i32): i32 {
  if (which == 0) return <i32>WORDS;
  if (which == 1) return <i32>CELLS;
  if (which == 2) return <i32>KEY_A;
  if (which == 3) return <i32>KEY_B;
  return <i32>TMP;
}

/** Set the search's limits and table state before a `start`. */
export function prepare(mask: i32, tableAge: i32, limit: i32, check: i32): void {
  tableMask = mask;
  age = tableAge;
  nodeLimit = limit;
  checkAt = check;
  nodes = 0;
  visits = 0;
  aborted = 0;
}
/** Nodes searched since `prepare`. */
export function spentNodes(): i32 {
  return nodes;
}
/** Work (mask words scanned) since the last clock check. */
export function spentVisits(): i32 {
  return visits;
}
/** 0, or why the last search stopped: 1 the host's check, 2 the node limit. */
export function wasAborted(): i32 {
  return aborted;
}
/** The winning move (`cell * 16 + digit`) of the last node that returned a win. */
export function lastWinMove(): i32 {
  return winMove;
}

@inline function tick(work: i32): bool {
  if (++nodes >= nodeLimit) {
    aborted = 2;
    return false;
  }
  visits += work;
  if (visits >= checkAt) {
    const next = hostCheck(nodes, visits);
    if (next < 0) {
      aborted = 1;
      return false;
    }
    // The host has counted these: start again from 0, so that the count never overflows.
    visits = 0;
    checkAt = next;
  }
  return true;
}

function probe(h1: i32, h2: i32, c: i32): i32 {
  const b = TABLE + ((<usize>((h1 ^ (h2 * GOLDEN)) & tableMask)) << 6);
  for (let e = b; e < b + 64; e += 16) {
    const meta = load<i32>(e, 12);
    if ((load<i32>(e) ^ meta) == h1 && load<i32>(e, 4) == h2 && load<i32>(e, 8) == c) {
      probedMove = (meta >>> 2) & 0x7ff;
      return meta & 3;
    }
  }
  return 0;
}

@inline function tableStore(h1: i32, h2: i32, c: i32, value: i32, move: i32, work: i32): void {
  const b = TABLE + ((<usize>((h1 ^ (h2 * GOLDEN)) & tableMask)) << 6);
  let victim = b;
  let worst: i32 = 0x7fffffff;
  for (let e = b; e < b + 64; e += 16) {
    const meta = load<i32>(e, 12);
    if (meta == 0 || ((load<i32>(e) ^ meta) == h1 && load<i32>(e, 4) == h2 && load<i32>(e, 8) == c)) {
      victim = e;
      break;
    }
    const score = ((meta >>> 16) & 0xff) == age ? 1 + (meta >>> 24) : 0;
    if (score < worst) {
      worst = score;
      victim = e;
    }
  }
  const meta = (work << 24) | (age << 16) | (move << 2) | value;
  store<i32>(victim, h1 ^ meta);
  store<i32>(victim, h2, 4);
  store<i32>(victim, c, 8);
  store<i32>(victim, meta, 12);
}

@inline function wordsFor(k: i32): i32 {
  let w = 1;
  while (w * 32 < k) w *= 2;
  return w;
}

function setFull(fd: i32, k: i32, W: i32): void {
  for (let w = 0; w < W; w++) {
    const left = k - w * 32;
    si(S, fd * MAX_WORDS + w, left >= 32 ? -1 : (1 << left) - 1);
  }
  // The second word of a one-word mask, read with the first (see `gl`).
  if (W == 1) si(S, fd * MAX_WORDS + 1, 0);
}

/** The root node of a frame whose pairs' rows are in the scratch (`width` columns). */
export function start(width: i32, k: i32, W: i32, h1: i32, h2: i32): i32 {
  store<u8>(WORDS, <u8>W);
  setFull(0, k, W);
  let np = 0;
  const stride = width * 10;
  for (let i = 0; i < width; i++) {
    for (let d = 1; d <= 9; d++) {
      const t = i * 10 + d;
      let rows = 0;
      let full = -1;
      for (let w = 0, x = t; w < W; w++, x += stride) {
        const v = gi(TMP, x);
        rows += pop(v);
        full &= ~(v ^ gi(S, w));
      }
      if (rows == 0 || full == -1) continue;
      for (let w = 0, x = t; w < W; w++, x += stride) si(MASK, np * MAX_WORDS + w, gi(TMP, x));
      const mv = <i32>load<u8>(CELLS + <usize>i) * 16 + d;
      sh(P_MOVE, np, mv);
      sh(PAIR_OF, mv, np);
      sh(LIST, np, np);
      np++;
    }
  }
  return node(0, 0, np, k, h1, h2);
}

function renumber(fd: i32, lv: i32, k: i32, nl: i32): void {
  const W = <i32>load<u8>(WORDS + <usize>lv);
  const W2 = wordsFor(k);
  const lv2 = lv + 1;
  store<u8>(WORDS + <usize>lv2, <u8>W2);
  const sb = fd * MAX_WORDS;
  let j2 = 0;
  for (let w = 0; w < W; w += 2) {
    let x = gl(S, sb + w);
    while (x != 0) {
      const j = (w << 5) + <i32>ctz<i64>(x);
      x &= x - 1;
      sh(RANK, j, j2);
      si(KEY_A, lv2 * FRAME_ROWS + j2, gi(KEY_A, lv * FRAME_ROWS + j));
      si(KEY_B, lv2 * FRAME_ROWS + j2, gi(KEY_B, lv * FRAME_ROWS + j));
      j2++;
    }
  }
  const nb = (fd + 1) * 729;
  const pb = lv * 729;
  const pb2 = lv2 * 729;
  for (let q = 0; q < nl; q++) {
    const p = gh(LIST, nb + q);
    const mb = (pb + p) * MAX_WORDS;
    const mb2 = (pb2 + q) * MAX_WORDS;
    for (let w = 0; w < W2; w++) si(MASK, mb2 + w, 0);
    for (let w = 0; w < W; w += 2) {
      let x = gl(S, sb + w) & gl(MASK, mb + w);
      while (x != 0) {
        const r = gh(RANK, (w << 5) + <i32>ctz<i64>(x));
        x &= x - 1;
        const at = mb2 + (r >> 5);
        si(MASK, at, gi(MASK, at) | (1 << (r & 31)));
      }
    }
    const mv = gh(P_MOVE, pb + p);
    sh(P_MOVE, pb2 + q, mv);
    sh(PAIR_OF, lv2 * MOVE_SLOTS + mv, q);
    sh(NEW_IDX, p, q);
    sh(LIST, nb + q, q);
  }
  setFull(fd + 1, k, W2);
}

function childKey(sb: i32, mb: i32, W: i32, rowBase: i32): i32 {
  const cs = sb + MAX_WORDS;
  let h1 = 0;
  let h2 = 0;
  for (let w = 0; w < W; w += 2) {
    let x = gl(S, sb + w) & gl(MASK, mb + w);
    sl(S, cs + w, x);
    while (x != 0) {
      const j = rowBase + (w << 5) + <i32>ctz<i64>(x);
      x &= x - 1;
      h1 ^= gi(KEY_A, j);
      h2 ^= gi(KEY_B, j);
    }
  }
  key2 = h2;
  return h1;
}

function lostAtOnce(mb: i32, fb: i32, nf: i32): bool {
  for (let f = fb; f < fb + 4 * nf; f += 4) {
    let n = 0;
    for (let i = f; i < f + 4; i++) {
      const j = gh(FEW_ROWS, i);
      if (j < 0) break;
      n += (gi(MASK, mb + (j >> 5)) >>> (j & 31)) & 1;
    }
    if (n == 1) return true;
  }
  return false;
}

function markReply(lb: i32, lv: i32, reply: i32, ser: i32, c: i32): void {
  const x = gh(PAIR_OF, lv * MOVE_SLOTS + reply);
  if (gh(P_MOVE, lv * 729 + x) != reply) return;
  if (gi(SKIP, lb + x) != ser || gi(SKIP_COUNT, lb + x) > c) {
    si(SKIP, lb + x, ser);
    si(SKIP_COUNT, lb + x, c);
  }
}

function node(fd: i32, lv: i32, np: i32, k: i32, h1: i32, h2: i32): i32 {
  let W = <i32>load<u8>(WORDS + <usize>lv);
  const startNodes = nodes;
  if (!tick(np * W)) return 0;
  const sb = fd * MAX_WORDS;
  let pb = lv * 729;
  const lb = fd * 729;
  const nb = lb + 729;
  let nl = 0;
  let m = 0;
  let nlow = 0;
  const fb = fd * FEW * 4;
  let nf = 0;
  const stamp = ++seenSerial;
  let shrink = W > 1 && (wordsFor(k) * 4 <= W || (W == 2 && k <= 16));
  for (let q = lb; q < lb + np; q++) {
    const p = gh(LIST, q);
    const mb = (pb + p) * MAX_WORDS;
    let c = 0;
    for (let w = 0; w < W; w += 2) c += <i32>popcnt<i64>(gl(S, sb + w) & gl(MASK, mb + w));
    if (c == 0 || c == k) continue;
    if (c == 1) {
      winMove = gh(P_MOVE, pb + p);
      tableStore(h1, h2, k, WIN, winMove, 0);
      return WIN;
    }
    let hash = 0;
    for (let w = 0; w < W; w += 2) {
      const x = gl(S, sb + w) & gl(MASK, mb + w);
      hash = (hash ^ <i32>(x ^ (x >>> 32))) * GOLDEN;
    }
    let slot = <i32>(<u32>hash >> 22);
    let dup = false;
    for (;;) {
      if (gi(SEEN_STAMP, slot) != stamp) {
        si(SEEN_STAMP, slot, stamp);
        sh(SEEN_PAIR, slot, p);
        break;
      }
      const ob = (pb + gh(SEEN_PAIR, slot)) * MAX_WORDS;
      let same = true;
      for (let w = 0; w < W && same; w += 2) {
        const sw = gl(S, sb + w);
        same = (sw & gl(MASK, ob + w)) == (sw & gl(MASK, mb + w));
      }
      if (same) {
        dup = true;
        break;
      }
      slot = (slot + 1) & 1023;
    }
    if (dup) continue;
    sh(LIST, nb + nl++, p);
    if (c >= 4) si(MOVES, lb + m++, c * 1024 + p);
    else sh(LOW, nlow++, p);
    if (c <= 4 && nf < FEW) {
      const f = fb + 4 * nf++;
      sh(FEW_ROWS, f + 3, -1);
      let n = 0;
      for (let w = 0; w < W; w += 2) {
        let x = gl(S, sb + w) & gl(MASK, mb + w);
        while (x != 0) {
          sh(FEW_ROWS, f + n++, (w << 5) + <i32>ctz<i64>(x));
          x &= x - 1;
        }
      }
      if (n == 2) sh(FEW_ROWS, f + 2, -1);
    }
  }
  if (m <= 12) {
    for (let a = lb + 1; a < lb + m; a++) {
      const v = gi(MOVES, a);
      let b = a - 1;
      while (b >= lb && gi(MOVES, b) > v) {
        si(MOVES, b + 1, gi(MOVES, b));
        b--;
      }
      si(MOVES, b + 1, v);
    }
  } else {
    for (let c = 0; c <= k; c++) si(HIST, c, 0);
    for (let a = lb; a < lb + m; a++) {
      const at = (gi(MOVES, a) >> 10) + 1;
      si(HIST, at, gi(HIST, at) + 1);
    }
    for (let c = 1; c <= k; c++) si(HIST, c, gi(HIST, c) + gi(HIST, c - 1));
    for (let a = lb; a < lb + m; a++) {
      const v = gi(MOVES, a);
      const at = v >> 10;
      const to = gi(HIST, at);
      si(HIST, at, to + 1);
      si(SORTED, to, v);
    }
    for (let a = 0; a < m; a++) si(MOVES, lb + a, gi(SORTED, a));
  }
  {
    let q = nb;
    for (let i = 0; i < nlow; i++) sh(LIST, q++, gh(LOW, i));
    for (let a = lb; a < lb + m; a++) sh(LIST, q++, gi(MOVES, a) & 1023);
  }
  let ser = ++serial;
  let rowBase = lv * FRAME_ROWS;
  const cs = sb + MAX_WORDS;
  const etc = k >= ETC_MIN;
  if (etc) {
    // Keys a chunk of children at a time, then their probes one after another: the probes'
    // cache misses (the table is far larger than the caches) then overlap. The same probes
    // in the same order as one child at a time; a win ends the node as before.
    let kept = 0;
    let a = lb;
    while (a < lb + m) {
      let nq = 0;
      while (a < lb + m && nq < CHUNK) {
        const v = gi(MOVES, a++);
        const mb = (pb + (v & 1023)) * MAX_WORDS;
        if (lostAtOnce(mb, fb, nf)) continue;
        si(CHUNK_1, nq, childKey(sb, mb, W, rowBase));
        si(CHUNK_2, nq, key2);
        si(CHUNK_V, nq++, v);
      }
      for (let q = 0; q < nq; q++) {
        const v = gi(CHUNK_V, q);
        const c = v >> 10;
        const ch1 = gi(CHUNK_1, q);
        const ch2 = gi(CHUNK_2, q);
        const r = probe(ch1, ch2, c);
        if (r == LOSS) {
          winMove = gh(P_MOVE, pb + (v & 1023));
          tableStore(h1, h2, k, WIN, winMove, 0);
          return WIN;
        }
        if (r == WIN) {
          markReply(lb, lv, probedMove, ser, c);
          continue;
        }
        si(MOVES, lb + kept, v);
        si(CK1, lb + kept, ch1);
        si(CK2, lb + kept, ch2);
        kept++;
      }
    }
    m = kept;
  }
  for (let a = lb; a < lb + m; a++) {
    const v = gi(MOVES, a);
    const c = v >> 10;
    let p = v & 1023;
    if (gi(SKIP, lb + p) == ser && c >= gi(SKIP_COUNT, lb + p)) continue;
    let mb = (pb + p) * MAX_WORDS;
    let ch1 = 0;
    let ch2 = 0;
    if (etc) {
      for (let w = 0; w < W; w += 2) sl(S, cs + w, gl(S, sb + w) & gl(MASK, mb + w));
      ch1 = gi(CK1, a);
      ch2 = gi(CK2, a);
    } else {
      if (lostAtOnce(mb, fb, nf)) continue;
      ch1 = childKey(sb, mb, W, rowBase);
      ch2 = key2;
    }
    let r = probe(ch1, ch2, c);
    let reply = probedMove;
    if (r == 0) {
      if (shrink) {
        renumber(fd, lv, k, nl);
        lv++;
        W = <i32>load<u8>(WORDS + <usize>lv);
        pb = lv * 729;
        rowBase = lv * FRAME_ROWS;
        setFull(fd, k, W);
        for (let a2 = a; a2 < lb + m; a2++) {
          const p2 = gi(MOVES, a2) & 1023;
          si(MARK_TMP, a2 - a, gi(SKIP, lb + p2) == ser ? gi(SKIP_COUNT, lb + p2) : -1);
        }
        ser = ++serial;
        for (let a2 = a; a2 < lb + m; a2++) {
          const v2 = gi(MOVES, a2);
          const q = gh(NEW_IDX, v2 & 1023);
          si(MOVES, a2, (v2 & ~1023) | q);
          const mk = gi(MARK_TMP, a2 - a);
          if (mk >= 0) {
            si(SKIP, lb + q, ser);
            si(SKIP_COUNT, lb + q, mk);
          }
        }
        for (let f = fb; f < fb + 4 * nf; f++) {
          const j = gh(FEW_ROWS, f);
          if (j >= 0) sh(FEW_ROWS, f, gh(RANK, j));
        }
        shrink = false;
        p = gh(NEW_IDX, p);
        mb = (pb + p) * MAX_WORDS;
        for (let w = 0; w < W; w += 2) sl(S, cs + w, gl(S, sb + w) & gl(MASK, mb + w));
      }
      r = node(fd + 1, lv, nl, c, ch1, ch2);
      if (aborted != 0) return 0;
      reply = winMove;
    }
    if (r == LOSS) {
      winMove = gh(P_MOVE, pb + p);
      tableStore(h1, h2, k, WIN, winMove, 32 - clz(nodes - startNodes));
      return WIN;
    }
    markReply(lb, lv, reply, ser, c);
  }
  winMove = 0;
  tableStore(h1, h2, k, LOSS, 0, 32 - clz(nodes - startNodes));
  return LOSS;
}
