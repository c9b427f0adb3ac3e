/**
 * The symmetries a generated puzzle's clues may keep, as QQWing names them, and the
 * orbits they split the cells into: clues are removed one orbit at a time.
 *
 * @module
 */

/** A symmetry of the clue pattern. */
export type Symmetry = "none" | "rotate90" | "rotate180" | "mirror" | "flip";

/** Every symmetry, `none` first. */
export const SYMMETRIES: readonly Symmetry[] = ["none", "rotate90", "rotate180", "mirror", "flip"];

/** The images of cell (r, c) of an S×S grid under a symmetry's group, itself first. */
function images(symmetry: Symmetry, size: number, r: number, c: number): number[] {
  const e = size - 1;
  const at = (row: number, col: number) => row * size + col;
  switch (symmetry) {
    case "none":
      return [at(r, c)];
    case "rotate180":
      return [at(r, c), at(e - r, e - c)];
    case "rotate90":
      return [at(r, c), at(c, e - r), at(e - r, e - c), at(e - c, r)];
    case "mirror":
      // Left to right, as QQWing's mirror.
      return [at(r, c), at(r, e - c)];
    case "flip":
      // Top to bottom, as QQWing's flip.
      return [at(r, c), at(e - r, c)];
  }
}

/**
 * The orbits of the cells of an S×S grid under `symmetry`, each listed once with its
 * distinct cells ascending, orbits in the order of their first cell.
 */
export function orbits(symmetry: Symmetry, size: number): number[][] {
  const seen = new Uint8Array(size * size);
  const out: number[][] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const cell = r * size + c;
      if (seen[cell]) continue;
      const orbit = [...new Set(images(symmetry, size, r, c))].sort((a, b) => a - b);
      for (const x of orbit) seen[x] = 1;
      out.push(orbit);
    }
  }
  return out;
}
