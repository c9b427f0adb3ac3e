import assert from "node:assert/strict";
import { repoPath, runCli } from "./test_util.ts";

const DIR = "testdata/verdict/";

function read(name: string): string {
  return Deno.readTextFileSync(repoPath(DIR + name));
}

Deno.test("verdict sample and messy sample", async (t) => {
  const expected = read("sample.expected.txt");
  const runs = {
    sampleFile: runCli(["verdict", DIR + "sample.txt"]),
    sampleStdin: runCli(["verdict"], read("sample.txt")),
    messyFile: runCli(["verdict", DIR + "messy.txt"]),
    messyStdin: runCli(["verdict"], read("messy.txt")),
    both: runCli(["verdict", DIR + "sample.txt", "-"], read("messy.txt")),
    oneLine: runCli(["verdict", DIR + "case_one_line.txt"]),
  };
  await t.step("the four cases, from a file and from stdin", async () => {
    assert.equal(
      expected,
      "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Illegal.\nCase 4: Impossible.\n",
    );
    for (const run of [runs.sampleFile, runs.sampleStdin]) {
      const r = await run;
      assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", expected]);
    }
  });
  await t.step("messy.txt (CRLF, trailing spaces, odd separators) gives the same", async () => {
    assert.ok(read("messy.txt").includes("\r\n"));
    for (const run of [runs.messyFile, runs.messyStdin]) {
      const r = await run;
      assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", expected]);
    }
  });
  await t.step("cases are numbered across inputs", async () => {
    const r = await runs.both;
    assert.equal(r.code, 0);
    assert.equal(
      r.stdout,
      expected + expected.replace(/Case (\d)/g, (_, n) => `Case ${Number(n) + 4}`),
    );
  });
  await t.step("one grid per line with '.' or '0', and '#' comments", async () => {
    const r = await runs.oneLine;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.equal(
      r.stdout,
      "Case 1: Unique.\nCase 2: Illegal.\nCase 3: Ambiguous.\nCase 4: Unique.\n",
    );
  });
});

Deno.test("verdict bad input: one-line error, exit 2, earlier cases kept", async (t) => {
  const cases: [string, string, string][] = [
    ["err_not_digit.txt", "Case 1: Unique.\n", "grid 2, line 15, column 11: 'x' is not a digit"],
    [
      "err_value_ten.txt",
      "Case 1: Unique.\n",
      "grid 2, line 13, column 9: value 10 is outside 0..9",
    ],
    [
      "err_incomplete.txt",
      "Case 1: Unique.\nCase 2: Unique.\n",
      "grid 3, line 24, column 8: input ends after 31 of 81 values",
    ],
  ];
  const runs = cases.map(([file]) => ({
    named: runCli(["verdict", DIR + file]),
    stdin: runCli(["verdict"], read(file)),
  }));
  const across = runCli(["verdict", DIR + "sample.txt", DIR + "err_not_digit.txt"]);
  for (const [k, [file, stdout, message]] of cases.entries()) {
    await t.step(file, async () => {
      const named = await runs[k].named;
      assert.deepEqual(
        [named.code, named.stdout, named.stderr],
        [2, stdout, `error: ${DIR}${file}: ${message}\n`],
      );
      const stdin = await runs[k].stdin;
      assert.deepEqual([stdin.code, stdin.stdout, stdin.stderr], [
        2,
        stdout,
        `error: ${message}\n`,
      ]);
    });
  }
  await t.step("grid numbers count across inputs, lines within the file", async () => {
    const r = await across;
    assert.equal(r.code, 2);
    assert.equal(r.stdout, read("sample.expected.txt") + "Case 5: Unique.\n");
    assert.equal(
      r.stderr,
      `error: ${DIR}err_not_digit.txt: grid 6, line 15, column 11: 'x' is not a digit\n`,
    );
  });
});

Deno.test("verdict --format json: one object per case", async (t) => {
  const runs = {
    sample: runCli(["verdict", "--format", "json", DIR + "sample.txt"]),
    text: runCli(["verdict", "--format", "text", DIR + "sample.txt"]),
    bad: runCli(["verdict", "--format", "json", DIR + "sample.txt", DIR + "err_not_digit.txt"]),
    xml: runCli(["verdict", "--format", "xml", DIR + "sample.txt"]),
  };
  await t.step("the four cases", async () => {
    const r = await runs.sample;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.equal(
      r.stdout,
      '{"case":1,"verdict":"Unique"}\n{"case":2,"verdict":"Ambiguous"}\n' +
        '{"case":3,"verdict":"Illegal"}\n{"case":4,"verdict":"Impossible"}\n',
    );
  });
  await t.step("--format text is the default", async () => {
    const r = await runs.text;
    assert.deepEqual([r.code, r.stdout], [0, read("sample.expected.txt")]);
  });
  await t.step("bad input: the cases before it, then the error on stderr", async () => {
    const r = await runs.bad;
    assert.equal(r.code, 2);
    assert.equal(r.stdout.trim().split("\n").length, 5);
    assert.equal(r.stdout.trim().split("\n")[4], '{"case":5,"verdict":"Unique"}');
    assert.equal(
      r.stderr,
      `error: ${DIR}err_not_digit.txt: grid 6, line 15, column 11: 'x' is not a digit\n`,
    );
  });
  await t.step("an unknown format", async () => {
    const r = await runs.xml;
    assert.deepEqual(
      [r.code, r.stdout, r.stderr],
      [
        2,
        "",
        "error: --format must be one of text, json, not 'xml'\n" +
        "Run 'sudokit verdict --help' for usage.\n",
      ],
    );
  });
});

Deno.test("verdict usage errors and help", async (t) => {
  const unknown = runCli(["verdict", "--limit", "3"]);
  const missing = runCli(["verdict", "nosuch.txt"]);
  const missingAfter = runCli(["verdict", DIR + "sample.txt", "nosuch.txt"]);
  const help = runCli(["verdict", "--help"]);
  await t.step("unknown option", async () => {
    const r = await unknown;
    assert.deepEqual(
      [r.code, r.stdout, r.stderr],
      [2, "", "error: unknown option '--limit'\nRun 'sudokit verdict --help' for usage.\n"],
    );
  });
  await t.step("missing file", async () => {
    const r = await missing;
    assert.deepEqual([r.code, r.stdout, r.stderr], [
      2,
      "",
      "error: cannot read nosuch.txt: no such file\n",
    ]);
  });
  await t.step(
    "missing file after a good one: the good one's cases are still printed",
    async () => {
      const r = await missingAfter;
      assert.equal(r.stderr, "error: cannot read nosuch.txt: no such file\n");
      assert.equal(r.code, 2);
      assert.equal(r.stdout, read("sample.expected.txt"));
    },
  );
  await t.step("--help", async () => {
    const r = await help;
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.ok(r.stdout.startsWith("Usage: sudokit verdict"));
  });
});

Deno.test("verdict answers the hard impossible grid (whole process)", async () => {
  // How fast is for the benches (deno task bench): tests hold no clock.
  const r = await runCli(["verdict", DIR + "hard_impossible.txt"]);
  assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", "Case 1: Impossible.\n"]);
});
