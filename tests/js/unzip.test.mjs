// The package's zip read without Python (web/solver/unzip.js): zips written by CPython's own
// zipfile (the build's writer, sitebuild/files.py's deterministic_zip, and zipfile itself for
// what the build never writes), read back to the very bytes; anything it cannot read is refused
// with words, and the files are written where Pyodide's unpackArchive would put them.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { entries, unzip, writeFiles } from "../../web/solver/unzip.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = process.env.NPUZZLE_PYTHON || (existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3");

// The bytes of a zip CPython writes with `code` (Python that sets `data`, the zip's bytes).
function zipFromPython(code) {
  const program = `import io, sys, zipfile\nfrom sitebuild.files import deterministic_zip\n${code}\nsys.stdout.buffer.write(data)\n`;
  return new Uint8Array(execFileSync(PYTHON, ["-c", program], { cwd: ROOT, env: { ...process.env, PYTHONPATH: ROOT } }));
}

const text = (bytes) => new TextDecoder().decode(bytes);
const LONG = "npuzzle ".repeat(5000); // long enough that deflating changes it

for (const deflated of [true, false]) {
  test(`a zip of the build's writer (${deflated ? "deflated" : "stored"}) is read back to its very bytes, folders included`, async () => {
    const zip = zipFromPython(`data = deterministic_zip({"npuzzle/": None, "npuzzle/__init__.py": b"x = 1\\n", "npuzzle/data/long.txt": ${JSON.stringify(LONG)}.encode(), "npuzzle/empty.py": b""}, deflated=${deflated ? "True" : "False"})`);
    const files = await unzip(zip);
    assert.deepEqual(files.map((f) => f.name), ["npuzzle/", "npuzzle/__init__.py", "npuzzle/data/long.txt", "npuzzle/empty.py"]);
    assert.equal(files[0].data, null);
    assert.equal(text(files[1].data), "x = 1\n");
    assert.equal(text(files[2].data), LONG);
    assert.equal(files[3].data.length, 0);
    const methods = entries(zip).map((e) => e.method);
    assert.deepEqual(methods, deflated ? [0, 8, 8, 8] : [0, 0, 0, 0]);
  });
}

test("the site's own package zip is read back to the files CPython reads from it", async () => {
  const listing = JSON.parse(execFileSync(PYTHON, ["-c",
    "import hashlib, io, json, zipfile\nfrom sitebuild.archive import package_archive\n"
    + "z = zipfile.ZipFile(io.BytesIO(package_archive()))\nprint(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))"],
  { cwd: ROOT, env: { ...process.env, PYTHONPATH: ROOT } }).toString());
  const zip = zipFromPython("from sitebuild.archive import package_archive\ndata = package_archive()");
  const { createHash } = await import("node:crypto");
  const files = await unzip(zip);
  assert.ok(files.length > 50);
  assert.deepEqual(Object.fromEntries(files.map((f) => [f.name, createHash("sha256").update(f.data).digest("hex")])), listing);
});

test("what is not such a zip is refused with words", async () => {
  const good = zipFromPython(`data = deterministic_zip({"a.py": b"a = 1\\n" * 100})`);
  await assert.rejects(unzip(new TextEncoder().encode("not a zip at all, nothing like one")), /it is not a zip/);
  await assert.rejects(unzip(good.subarray(0, good.length - 30)), /it is not a zip/); // its end cut off
  const bzip = zipFromPython(`b = io.BytesIO()\nwith zipfile.ZipFile(b, "w", zipfile.ZIP_BZIP2) as z: z.writestr("a.py", "a = 1")\ndata = b.getvalue()`);
  await assert.rejects(unzip(bzip), /a\.py is compressed in a way it cannot be read \(method 12\)/);
  const outside = zipFromPython(`data = deterministic_zip({"../evil.py": b"x"})`);
  await assert.rejects(unzip(outside), /outside its folder \(\.\.\/evil\.py\)/);
  const stored = zipFromPython(`data = deterministic_zip({"a.py": b"a = 1\\n" * 100}, deflated=False)`);
  const damaged = stored.slice();
  damaged[30 + 4 + 7] ^= 0x01; // a byte of a.py itself (after its local header and name)
  await assert.rejects(unzip(damaged), /a\.py is damaged \(its CRC-32 is not its directory's\)/);
  const central = good.slice();
  const view = new DataView(central.buffer);
  const directory = view.getUint32(central.length - 22 + 16, true);
  view.setUint32(directory + 24, 7, true); // the directory's uncompressed size of a.py
  await assert.rejects(unzip(central), /a\.py is 600 bytes, not the 7 its directory says/);
});

test("the files are written under the folder given, folders made as needed", async () => {
  const zip = zipFromPython(`data = deterministic_zip({"pkg/": None, "pkg/sub/m.py": b"m", "pkg/__init__.py": b"i"}, deflated=False)`);
  const made = [];
  const written = {};
  const FS = { mkdirTree: (path) => made.push(path), writeFile: (path, data) => { written[path] = text(data); } };
  writeFiles(FS, await unzip(zip), "/home/pyodide");
  assert.deepEqual(written, { "/home/pyodide/pkg/sub/m.py": "m", "/home/pyodide/pkg/__init__.py": "i" });
  assert.deepEqual(made, ["/home/pyodide/pkg", "/home/pyodide/pkg/sub", "/home/pyodide/pkg"]);
});
