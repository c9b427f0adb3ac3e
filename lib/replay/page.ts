/**
 * A replay page: one self-contained HTML file per game (inline CSS, SVG and script, nothing
 * fetched) showing the board after every step, stepped with the arrow keys, Home and End,
 * a slider or a click on the move list; each side's moves, time per move and clock; the
 * solution count after each move where the referee counted it; and the verdict, with every
 * claim and fault. The game's log is embedded as JSON (`<script id="game-log">`).
 *
 * @module
 */

import { escapeXml } from "../picture/mod.ts";
import { chartOf, durationText } from "./chart.ts";
import { escapeText } from "../text/mod.ts";
import { type GameLog, gameLog, type LoggedMove, type ReplayInput, scriptJson } from "./log.ts";
import { qtttView } from "./qttt.ts";
import { REPLAY_SCRIPT } from "./script.ts";
import { sudokuView } from "./sudoku.ts";
import type { GameView } from "./view.ts";
import type { SolutionCount } from "../referee/mod.ts";

const VIEWS: Readonly<Record<string, GameView>> = { sudoku: sudokuView, qttt: qtttView };

/** The view of a game by its name; throws a RangeError for a game without one. */
function viewOf(game: string): GameView {
  const view = Object.hasOwn(VIEWS, game) ? VIEWS[game] : undefined;
  if (view === undefined) {
    throw new RangeError(`no replay for the game '${escapeText(game, 40)}': sudoku or qttt`);
  }
  return view;
}

/** The log of a game from what the runner knows, positions replayed where it kept none. */
export function replayLog(input: ReplayInput): GameLog {
  return gameLog(input, viewOf(input.game).positions);
}

/** Text made safe for HTML: escaped, invisible characters shown (`\x1b`), long text cut. */
function html(text: string, max = 400): string {
  return escapeXml(escapeText(text, max));
}

/** `3 solutions`, `1 solution`, `no solution`, `1000+ solutions` (a lower bound). */
export function solutionsText(s: SolutionCount): string {
  if (s.exact && s.count === 0) return "no solution";
  if (s.exact) return `${s.count} solution${s.count === 1 ? "" : "s"}`;
  return `${s.count}+ solutions`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3)} s`;
}

/** `A (first)`, `B (O)`: the bot and its seat. */
function who(log: GameLog, view: GameView, seat: 0 | 1): string {
  return `${log.labels[seat]} (${view.seatNames[seat]})`;
}

/** What a step did, in words: `A (first) played Dg7`. */
function deed(log: GameLog, view: GameView, s: LoggedMove): string {
  const by = who(log, view, s.seat);
  if (s.auto) return `the referee played ${s.move} for ${by}`;
  if (s.played) return `${by} played ${s.move}`;
  if (s.move === "") return by;
  return `${by} wrote '${s.move}'`;
}

function verdictOf(s: LoggedMove): string {
  return s.reason === "" ? s.status : `${s.status}: ${s.reason}`;
}

/** The one-line description of each step, 0 being the start. */
function infoLines(log: GameLog, view: GameView): string[] {
  const n = log.steps.length;
  const first = n > 0 ? log.steps[0].seat : 0;
  const lines = [`Start: ${who(log, view, first)} to move.`];
  for (const s of log.steps) {
    const parts = [`Move ${s.step} of ${n}: ${deed(log, view, s)}`, verdictOf(s)];
    if (s.ms !== null) parts.push(`thought ${durationText(s.ms)}`);
    if (view.counts && s.solutions !== null) parts.push(solutionsText(s.solutions));
    lines.push(parts.join(" · "));
  }
  return lines;
}

/** The verdict: each seat's final status and points, then every claim, fault and end. */
function verdictHtml(log: GameLog, view: GameView): string {
  const r = log.result;
  const bonus = r.extra.bonus;
  const score = ([0, 1] as const).map((seat) => {
    const pts = r.points[seat];
    const extra = bonus === undefined ? "" : `, bonus ${bonus[seat]}`;
    return `<span class="seat s${seat}"><span class="tag s${seat}">${
      html(who(log, view, seat))
    }</span> <b class="status">${html(r.statuses[seat])}</b>, ${pts} point${
      pts === 1 ? "" : "s"
    }${extra}</span>`;
  }).join(" ");
  const events = log.steps.filter((s) => s.status !== "OK").map((s) =>
    `<li>Move ${s.step}: ${html(deed(log, view, s))} — ${html(verdictOf(s))}</li>`
  );
  if (events.length === 0) events.push("<li>No claim, fault or end was recorded.</li>");
  const auto = log.steps.find((s) => s.auto);
  if (auto !== undefined) {
    events.push(
      `<li class="aside">After its fault the referee played the turns of ${
        html(who(log, view, auto.seat))
      }: the fault decides the game, the board still earns the other side its bonus.</li>`,
    );
  }
  return `<section id="verdict" class="verdict card"><h2>Verdict</h2><p class="score">${score}</p>` +
    `<ul class="events">${events.join("")}</ul></section>`;
}

/** The move list: one row per step, row 0 the start. */
function movesHtml(log: GameLog, view: GameView): string {
  const head = `<tr><th>#</th><th>side</th><th>move</th><th>verdict</th><th>time</th>${
    view.counts ? "<th>solutions</th>" : ""
  }</tr>`;
  const blank = view.counts ? "<td></td>" : "";
  const rows = [
    `<tr data-step="0" class="start"><td>0</td><td colspan="2">start</td><td></td><td></td>${blank}</tr>`,
  ];
  for (const s of log.steps) {
    const cls = [`s${s.seat}`];
    if (s.status !== "OK") cls.push(s.played ? "end" : "bad");
    if (s.auto) cls.push("auto");
    const sol = s.solutions === null ? "" : solutionsText(s.solutions);
    const uniq = s.solutions !== null && s.solutions.exact && s.solutions.count === 1;
    rows.push(
      `<tr data-step="${s.step}" class="${cls.join(" ")}"><td>${s.step}</td><td class="side">${
        html(log.labels[s.seat])
      } <small>${html(view.seatNames[s.seat])}</small></td><td class="move">${
        s.move === "" ? "—" : html(s.move, 40)
      }</td><td class="judged" title="${html(s.reason)}">${html(s.status)}${
        s.reason === "" ? "" : ` <small>${html(s.reason, 80)}</small>`
      }</td><td class="time">${s.auto ? "referee" : s.ms === null ? "" : durationText(s.ms)}</td>${
        view.counts ? `<td class="sol${uniq ? " unique" : ""}">${html(sol)}</td>` : ""
      }</tr>`,
    );
  }
  return `<div class="moves card"><table><thead>${head}</thead><tbody>${
    rows.join("")
  }</tbody></table></div>`;
}

function clocksHtml(log: GameLog, view: GameView): string {
  const limit = log.timeLimitMs === null ? "" : ` of ${log.timeLimitMs / 1000} s`;
  return `<div class="clocks">${
    ([0, 1] as const).map((seat) =>
      `<div class="clock s${seat}"><span class="who">${
        html(who(log, view, seat))
      }</span><span class="bar"><span id="bar${seat}"></span></span><span><span id="clock${seat}">${
        seconds(0)
      }</span><small>${limit}</small></span></div>`
    ).join("")
  }</div>`;
}

const STYLE = `
:root { --p0: #b4412f; --p1: #1d5bbf; --ink: #1d2330; --muted: #687083; --line: #d9dde4;
  --bg: #f4f5f7; --hl: #fff1b8; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 15px/1.45 system-ui, "DejaVu Sans", "Segoe UI", Roboto, sans-serif; }
.page { max-width: 1180px; margin: 0 auto; padding: 18px 24px 28px; }
h1 { font-size: 22px; margin: 0 0 6px; }
h1 .kind { color: var(--muted); font-weight: normal; font-size: 16px; margin-left: 10px; }
h2 { font-size: 14px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted);
  margin: 0 0 6px; }
.players { margin: 0; display: flex; flex-wrap: wrap; gap: 6px 22px; }
.players code { font-size: 13px; background: #e9ecf1; padding: 1px 6px; border-radius: 4px;
  word-break: break-all; }
.tag { display: inline-block; padding: 1px 9px; border-radius: 10px; color: #fff;
  font-weight: 600; font-size: 13px; }
.tag.s0 { background: var(--p0); } .tag.s1 { background: var(--p1); }
.card { background: #fff; border: 1px solid var(--line); border-radius: 10px; }
.verdict { margin: 14px 0 16px; padding: 12px 18px; border-left: 5px solid var(--ink); }
.verdict .score { margin: 0 0 4px; display: flex; flex-wrap: wrap; gap: 6px 28px; font-size: 16px; }
.verdict .events { margin: 0; padding-left: 20px; }
.verdict .aside { color: var(--muted); }
main { display: flex; flex-wrap: wrap; gap: 22px; align-items: flex-start; }
.stage { padding: 14px; }
.stage svg { display: block; max-width: 100%; height: auto; }
.note { min-height: 1.45em; margin: 10px 2px 0; max-width: 480px; color: #8a4b00; font-weight: 600; }
.panel { flex: 1; min-width: 360px; display: flex; flex-direction: column; gap: 12px; }
.controls { display: flex; align-items: center; gap: 8px; }
.controls button { font: inherit; font-size: 13px; padding: 4px 10px; border: 1px solid var(--line);
  background: #fff; border-radius: 6px; cursor: pointer; }
.controls button:hover { background: #eef1f6; }
.controls input { flex: 1; accent-color: var(--ink); }
#counter { min-width: 64px; text-align: right; font-variant-numeric: tabular-nums; }
.info { margin: 0; padding: 10px 14px; min-height: 3.2em; }
.clocks { display: flex; flex-direction: column; gap: 6px; }
.clock { display: grid; grid-template-columns: 110px 1fr 150px; gap: 10px; align-items: center;
  font-variant-numeric: tabular-nums; }
.clock small { color: var(--muted); }
.bar { height: 10px; background: #e3e7ee; border-radius: 5px; overflow: hidden; }
.bar span { display: block; height: 100%; width: 0; }
.s0 .bar span { background: var(--p0); } .s1 .bar span { background: var(--p1); }
.moves { max-height: 430px; overflow: auto; position: relative; }
.moves table { border-collapse: collapse; width: 100%; font-size: 13.5px; }
.moves th { position: sticky; top: 0; background: #f0f2f6; text-align: left; font-weight: 600;
  padding: 5px 8px; border-bottom: 1px solid var(--line); }
.moves td { padding: 3px 8px; border-bottom: 1px solid #eef0f3; vertical-align: top; }
.moves tr { cursor: pointer; }
.moves tbody tr:hover { background: #f6f8fb; }
.moves tr.current, .moves tr.current:hover { background: var(--hl); }
.moves .s0 .side { color: var(--p0); font-weight: 600; }
.moves .s1 .side { color: var(--p1); font-weight: 600; }
.moves .side small, .moves .judged small { color: var(--muted); font-weight: normal; }
.moves .move { font-family: "DejaVu Sans Mono", monospace; }
.moves .time { font-variant-numeric: tabular-nums; white-space: nowrap; }
.moves tr.bad .judged { color: #c62828; font-weight: 600; }
.moves tr.end .judged { font-weight: 700; }
.moves tr.auto .move { color: var(--muted); font-style: italic; }
.moves td.unique { color: #8a4b00; font-weight: 700; }
.help { margin: 0; color: var(--muted); font-size: 13px; }
.board .paper { fill: #fff; }
.board .thin { fill: none; stroke: #b9bfc9; stroke-width: 1; }
.board .thick { fill: none; stroke: var(--ink); stroke-width: 2.5; }
.board .border { fill: none; stroke: var(--ink); stroke-width: 3; }
.board .labels text { fill: var(--muted); font-size: 13px; text-anchor: middle; }
.sudoku .cells text { font-size: 29px; text-anchor: middle; }
.sudoku .p0 text { fill: var(--p0); } .sudoku .p1 text { fill: var(--p1); }
.sudoku .given text { fill: var(--ink); font-weight: 700; }
.sudoku .last .mark { fill: var(--hl); stroke: #e07b00; stroke-width: 3; }
.sudoku .rejected .mark { fill: #fbd5d5; stroke: #c62828; stroke-width: 3; }
.qttt .labels text { text-anchor: start; font-size: 13px; }
.qttt .bg { fill: none; }
.qttt .collapsed .bg { fill: var(--hl); }
.qttt .pending .bg { fill: #fff8ec; stroke: #e07b00; stroke-width: 3; stroke-dasharray: 9 6; }
.qttt .big { font-size: 74px; font-weight: 600; text-anchor: middle; }
.qttt .classical.x .big { fill: var(--p0); } .qttt .classical.o .big { fill: var(--p1); }
.qttt .sub { font-size: 16px; fill: var(--muted); text-anchor: end; }
.qttt .marks { font-size: 17px; text-anchor: middle; }
.qttt .marks.dense { font-size: 14px; }
.qttt .marks .x { fill: var(--p0); } .qttt .marks .o { fill: var(--p1); }
.qttt .marks .new { font-weight: 700; }
.qttt .marks .pending { text-decoration: underline; }
.chart { display: block; margin-top: 14px; }
.chart .plot { fill: #fafbfc; stroke: var(--line); }
.chart text { font-size: 11.5px; fill: var(--muted); }
.chart .axis { text-anchor: end; }
.chart .title { font-size: 12px; fill: var(--ink); font-weight: 600; }
.chart .count { fill: none; stroke: #6b4fbb; stroke-width: 2; }
.chart .one { fill: #e07b00; }
.chart .t0 { fill: var(--p0); } .chart .t1 { fill: var(--p1); }
.chart #cursor { stroke: #e07b00; stroke-width: 2; stroke-dasharray: 4 3; }
`;

/** The page's title: the game, its kind and its outcome. */
function titleOf(log: GameLog, view: GameView): string {
  const r = log.result;
  return `Game ${log.index}: ${who(log, view, 0)} ${r.statuses[0]}, ${who(log, view, 1)} ${
    r.statuses[1]
  } (${log.game}) · sudokit replay`;
}

/**
 * The replay page of a game: a complete HTML document. Throws a RangeError for a game
 * without a view or a log whose moves do not replay.
 */
export function replayPage(log: GameLog): string {
  const view = viewOf(log.game);
  const board = view.board(log);
  const n = log.steps.length;
  const chart = chartOf(log, view.counts);
  const clocks: (readonly [number, number])[] = [[0, 0], ...log.steps.map((s) => s.clockMs)];
  const data = {
    states: board.states,
    frames: board.frames,
    info: infoLines(log, view),
    notes: board.notes,
    clocks,
    limit: log.timeLimitMs,
    cursor: chart === undefined ? null : [chart.x0, chart.dx],
  };
  const kind = log.game + (log.rules === null ? "" : ` · ${log.rules} rules`);
  const players = ([0, 1] as const).map((seat) =>
    `<span><span class="tag s${seat}">${html(who(log, view, seat))}</span> <code>${
      html(log.players[seat])
    }</code></span>`
  ).join("");
  const limit = log.timeLimitMs === null ? "" : `, ${log.timeLimitMs / 1000} s a game each`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(titleOf(log, view))}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="page">
<header>
<h1>Game ${log.index}<span class="kind">${html(kind)}${html(limit)}</span></h1>
<p class="players">${players}</p>
</header>
${verdictHtml(log, view)}
<main>
<div class="stage card">
${board.svg(n)}
<p id="note" class="note">${html(board.notes[n])}</p>
${chart?.svg ?? ""}
</div>
<div class="panel">
<div class="controls">
<button type="button" data-go="first" title="Home">« first</button>
<button type="button" data-go="prev" title="Left arrow">‹ back</button>
<input id="step" type="range" min="0" max="${n}" value="${n}" aria-label="move">
<button type="button" data-go="next" title="Right arrow">next ›</button>
<button type="button" data-go="last" title="End">last »</button>
<span id="counter">${n} / ${n}</span>
</div>
<p id="info" class="info card">${html(data.info[n])}</p>
${clocksHtml(log, view)}
${movesHtml(log, view)}
<p class="help">Left and right arrows step through the game, Home and End jump to its ends;
drag the slider or click a move. To share or bookmark a move, copy the page's address:
it ends in #N for the move shown (#12 for move 12).</p>
</div>
</main>
</div>
<script type="application/json" id="game-log">${scriptJson(log)}</script>
<script type="application/json" id="replay-view">${scriptJson(data)}</script>
<script>${REPLAY_SCRIPT}</script>
</body>
</html>
`;
}
