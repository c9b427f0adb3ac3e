import { replayRecords } from "../../testdata/check_move/replay.ts";

const DATA = new URL("../../testdata/check_move/", import.meta.url);
const texts: string[] = [];
for await (const entry of Deno.readDir(DATA)) {
  if (entry.name.endsWith("-games.csv")) {
    texts.push(await Deno.readTextFile(new URL(entry.name, DATA)));
  }
}

Deno.bench("codecup judge: replay all four competition record files", { n: 3 }, () => {
  let games = 0;
  let moves = 0;
  for (const text of texts) {
    const r = replayRecords(text);
    games += r.games;
    moves += r.moves;
  }
  if (games !== 5912 || moves !== 160667) {
    throw new Error(`replayed ${games} games, ${moves} moves`);
  }
});
