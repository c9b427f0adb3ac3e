import assert from "node:assert/strict";
import { PICTURES, pictures } from "./pictures.ts";
import { repoPath } from "../test_util.ts";

Deno.test("README pictures: each committed one is what its command draws now", async () => {
  // pictures(true) compares without writing; 1 and a message name a stale picture.
  assert.equal(await pictures(true), 0, "run 'deno task pictures' and commit the result");
  const readme = Deno.readTextFileSync(repoPath("README.md"));
  for (const p of PICTURES) {
    assert.ok(readme.includes(`(testdata/pictures/${p.file})`), `README shows ${p.file}`);
  }
});
