/**
 * `sudokit rate --scale se`: Sudoku Explainer's ER/EP/ED per puzzle, its hardest rule,
 * and on request the count of each rule or the solving path; lines for `rate` to write.
 *
 * @module
 */

import { InputError, type ParsedGrid } from "../lib/grid/mod.ts";
import { describeHint, formatRating, SeRater } from "../lib/se/mod.ts";

const rater = new SeRater();

/** Whether `--scale se` can rate a grid of this size; the located error when not. */
export function seScaleProblem(grid: ParsedGrid): InputError | undefined {
  if (grid.size === 9) return undefined;
  return new InputError(
    `a ${grid.size}×${grid.size} grid: --scale se rates 9×9 sudoku only`,
    grid.line,
    1,
    grid.index,
  );
}

/**
 * The output of one 9×9 puzzle on SE's scale: `ER EP ED technique` (or `invalid reason`),
 * then the path when `steps`; as one JSON object a line when `json`.
 */
export function seLines(grid: ParsedGrid, json: boolean, steps: boolean): string {
  const r = rater.ratePuzzle(grid.cells, steps);
  let clues = 0;
  for (const d of grid.cells) if (d !== 0) clues++;
  const head = { puzzle: grid.index, line: grid.line, size: 9, variant: "sudoku", clues };
  if (!r.valid) {
    return json
      ? JSON.stringify({ ...head, scale: "se", level: "invalid", reason: r.reason }) + "\n"
      : `invalid ${r.reason}\n`;
  }
  const technique = r.er >= 200 ? "unsolved" : r.hardest ?? "none";
  if (json) {
    const body: Record<string, unknown> = {
      ...head,
      scale: "se",
      er: r.er / 10,
      ep: r.ep / 10,
      ed: r.ed / 10,
      technique,
      techniques: r.counts,
    };
    if (r.steps !== undefined) {
      body.steps = r.steps.map((h) => ({
        rating: h.rating / 10,
        rule: h.rule,
        text: describeHint(h),
      }));
    }
    return JSON.stringify(body) + "\n";
  }
  let text = `${formatRating(r.er)} ${formatRating(r.ep)} ${formatRating(r.ed)} ${technique}\n`;
  for (const h of r.steps ?? []) text += `  ${describeHint(h)}\n`;
  return text;
}
