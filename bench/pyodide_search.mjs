// Run bench/search.py (or another bench script) inside real Pyodide (WebAssembly CPython)
// under Node.
//
//   node bench/pyodide_search.mjs [search.py flags...]
//   python bench/search.py --runtime pyodide [flags...]     (the same, started from Python)
//   node bench/pyodide_search.mjs --script=bench/beam_profile.py [its flags...]
//
// Loads Pyodide from node_modules/pyodide, copies npuzzle/ (its modules, the
// binary pattern-database files and the known puzzles in npuzzle/data/*.txt),
// bench/common.py and the script (bench/search.py unless --script=PATH names
// another) into Pyodide's in-memory file system under /repo, runs the script there
// as __main__ with the given flags, then copies the result files back out to
// bench/results/ (search-pyodide.{md,json} for search.py), or to the folder of
// --out STEM.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(BENCH);
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const VROOT = "/repo";
const VOUT = "/out";

function copyTree(FS, realDir, virtualDir, keep = () => true) {
  FS.mkdirTree(virtualDir);
  let count = 0;
  for (const entry of fs.readdirSync(realDir, { withFileTypes: true })) {
    const real = path.join(realDir, entry.name);
    const virt = `${virtualDir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === "__pycache__") continue;
      count += copyTree(FS, real, virt, keep);
    } else if (entry.isFile() && keep(entry.name)) {
      FS.writeFile(virt, fs.readFileSync(real)); // a Buffer: bytes as they are (binary-safe)
      count += 1;
    }
  }
  return count;
}

function copyFile(FS, relative) {
  const virt = `${VROOT}/${relative}`;
  FS.mkdirTree(path.posix.dirname(virt));
  FS.writeFile(virt, fs.readFileSync(path.join(ROOT, relative)));
}

async function main() {
  const args = process.argv.slice(2);
  let script = "bench/search.py";
  const scriptAt = args.findIndex((a) => a.startsWith("--script="));
  if (scriptAt >= 0) {
    script = args[scriptAt].slice("--script=".length);
    args.splice(scriptAt, 1);
  }
  // --out STEM: the script writes into the virtual /out, and we copy to STEM's folder.
  let outDir = path.join(BENCH, "results");
  const outAt = args.findIndex((a) => a === "--out" || a.startsWith("--out="));
  if (outAt >= 0) {
    const stem = args[outAt].startsWith("--out=") ? args[outAt].slice(6) : args[outAt + 1];
    outDir = path.dirname(path.resolve(stem));
    const replacement = `--out=${VOUT}/${path.basename(stem)}`;
    args.splice(outAt, args[outAt].startsWith("--out=") ? 1 : 2, replacement);
  }

  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR + path.sep });
  const loadMs = performance.now() - t0;
  pyodide.setStdout({ batched: (line) => fs.writeSync(1, line + "\n") });
  pyodide.setStderr({ batched: (line) => fs.writeSync(2, line + "\n") });

  const FS = pyodide.FS;
  const files = copyTree(FS, path.join(ROOT, "npuzzle"), `${VROOT}/npuzzle`,
    (name) => [".py", ".bin", ".txt"].some((ending) => name.endsWith(ending)));
  copyFile(FS, "bench/common.py");
  copyFile(FS, script);
  FS.mkdirTree(`${VROOT}/bench/results`);
  FS.mkdirTree(VOUT);

  const host = {
    pyodide_version: pyodide.version,
    node: process.version,
    machine: `${os.type()} ${os.release()} ${os.arch()}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})`,
    load_ms: Math.round(loadMs),
    loadavg_start: os.loadavg().map((x) => x.toFixed(2)).join(" "),
    command: process.env.NPUZZLE_BENCH_COMMAND ||
      ["node", "bench/pyodide_search.mjs", ...process.argv.slice(2)].join(" "),
  };
  console.log(`Pyodide ${pyodide.version} loaded in ${host.load_ms} ms (Node ${process.version}); ` +
    `copied ${files} npuzzle files`);

  const argv = [script, ...args, `--host-info=${JSON.stringify(host)}`];
  const t1 = performance.now();
  const cpu1 = process.cpuUsage();
  pyodide.globals.set("BENCH_ARGV", pyodide.toPy(argv));
  const code = pyodide.runPython(`
import os, runpy, sys
os.chdir(${JSON.stringify(VROOT)})
sys.path[:0] = [${JSON.stringify(VROOT + "/bench")}, ${JSON.stringify(VROOT)}]  # as for python bench/search.py
sys.argv = list(BENCH_ARGV)
try:
    runpy.run_path(${JSON.stringify(VROOT + "/" + script)}, run_name="__main__")
    exit_code = 0
except SystemExit as stop:
    exit_code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
exit_code
`);
  const runMs = performance.now() - t1;
  const cpu = process.cpuUsage(cpu1);
  const cpuShare = (cpu.user + cpu.system) / 1000 / runMs;

  fs.mkdirSync(outDir, { recursive: true });
  const copied = [];
  for (const dir of [`${VROOT}/bench/results`, VOUT]) {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const target = path.join(outDir, name);
      let bytes = FS.readFile(`${dir}/${name}`);
      if (name.endsWith(".md")) { // what only Node can see: the CPU share of the run
        bytes = Buffer.concat([Buffer.from(bytes), Buffer.from(
          `\nNode: the Pyodide run took ${(runMs / 1000).toFixed(1)} s after ${(loadMs / 1000).toFixed(1)} s ` +
          `of loadPyodide; CPU time / wall time of the run: ${Math.round(cpuShare * 100)}% ` +
          `(100%: it had a CPU to itself; much lower: other processes took it part of the time). ` +
          `Load average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}.\n`)]);
      }
      fs.writeFileSync(target, bytes);
      copied.push(path.relative(ROOT, target));
    }
  }
  console.log(`Pyodide run: ${(runMs / 1000).toFixed(1)} s (+ ${(loadMs / 1000).toFixed(1)} s to load), ` +
    `CPU share ${Math.round(cpuShare * 100)}%; ` +
    `copied out: ${copied.join(", ") || "nothing"}`);
  process.exitCode = code;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 2;
});
