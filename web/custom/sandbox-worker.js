// The worker that runs a person's code: the solver's worker core (solver/worker-core.js) with
// Pyodide bundled in, hosted inside the sandbox's opaque-origin frame (sandbox-boot.js starts it
// from a blob: URL). build.py bundles this file, the core and Pyodide's two scripts into one
// classic script (custom/sandbox-bundle.js): a module worker cannot start in an opaque-origin
// frame, and under the frame's policy nothing can be imported or fetched. So nothing comes from
// the network: the page sends the runtime's files as bytes in the first message, and each table
// file when Python asks for one (by its name; the page fetches only the build's own tables).
//
// Messages in (relayed by the frame from the page):
//   {type: "files", files: {wasm, stdlib, package}, lock, memoryLimit}   first, once
//   {type: "table", name, data} or {type: "table", name, error}         a table asked for
//   any request of worker-core.js
// Messages out: worker-core.js's messages, and {type: "table", name} to ask for a table file;
// each sent as JSON text (the frame passes on nothing else).
//
// Its limits (sandbox-seal.js, where each is described): WebAssembly memory may not grow past
// `memoryLimit` bytes (capMemory, before Pyodide loads), and once the package is imported, before
// any request, so before any person's code runs, `seal` shuts Pyodide's bridge to JavaScript
// ("pyodide-sealed": build.py's BRIDGE_DOORS) and the runtime's pipes, sockets and host-name
// lookups (SHUT_DOORS), and bounds what Python makes in the file system (devices refused; files,
// names and links counted), what it prints and the traceback that reaches JavaScript. A limit hit
// or a door refused makes the next answer a fatal message with words that name it, so the page
// ends this worker.
import { loadPyodide } from "pyodide/pyodide.mjs";
import createPyodideModule, { sealBridge } from "pyodide-sealed";
import { Budget, capMemory, seal } from "./sandbox-seal.js";
import { failFast, reason, serve } from "../solver/worker-core.js";

// Where Pyodide thinks its files are: nothing is fetched from there (the fetch below answers).
const RUNTIME = "sandbox:/runtime/";
const post = (message) => postMessage(JSON.stringify(message));

const budget = new Budget(); // what the code has spent of the limits, and which it hit

let files = null;
const tables = new Map(); // name -> {resolve, reject, entry}

// Pyodide fetches its WebAssembly and standard library by URL: answered from the bytes the page
// sent. Any other address is refused here, as the frame's policy refuses it anyway.
self.fetch = async (url) => {
  const name = String(url instanceof Request ? url.url : url);
  const data = name === `${RUNTIME}pyodide.asm.wasm` ? files.wasm : name === `${RUNTIME}python_stdlib.zip` ? files.stdlib : null;
  if (!data) throw new TypeError(`the worker that runs your code has no network (${name})`);
  const type = name.endsWith(".wasm") ? "application/wasm" : "application/zip";
  return new Response(data, { headers: { "Content-Type": type } });
};

async function load(report, startup) {
  report("Loading Python");
  const given = await filesGiven;
  let pyodide;
  try {
    pyodide = await failFast(() => loadPyodide({
      indexURL: RUNTIME, createPyodideModule, lockFileContents: given.lock, stdLibURL: `${RUNTIME}python_stdlib.zip`,
    }));
  } catch (error) {
    throw new Error(`the Python runtime did not start (${reason(error)})`);
  }
  startup.runtime = performance.now();
  report("Loading the solver");
  pyodide.unpackArchive(new Uint8Array(given.package), "zip");
  files = { wasm: null, stdlib: null }; // used: let them go
  return pyodide;
}

// A table file, asked of the page by its name.
function table(name, entry) {
  return new Promise((resolve, reject) => {
    tables.set(name, { resolve, reject, entry });
    post({ type: "table", name });
  });
}

let giveFiles;
const filesGiven = new Promise((resolve) => { giveFiles = resolve; });
const receive = serve({
  load, table, post,
  guard: (call) => budget.guard(call),
  started: (pyodide) => seal(pyodide, sealBridge, budget),
  broken: () => budget.refused,
});

onmessage = (event) => {
  const message = event.data;
  if (message && message.type === "files" && files === null) {
    capMemory(message.memoryLimit, budget);
    files = message.files;
    giveFiles({ lock: message.lock, package: message.files.package });
    return;
  }
  if (message && message.type === "table" && tables.has(message.name)) {
    const { resolve, reject, entry } = tables.get(message.name);
    tables.delete(message.name);
    if (message.data instanceof ArrayBuffer) {
      entry.received = entry.total = message.data.byteLength;
      resolve(new Uint8Array(message.data));
    } else {
      reject(new Error(String(message.error || `could not fetch ${message.name}`)));
    }
    return;
  }
  receive(message);
};
