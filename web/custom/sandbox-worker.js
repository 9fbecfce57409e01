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
// Memory has a hard cap: WebAssembly memory may not grow past `memoryLimit` bytes. A growth past
// it fails as if the browser had no more memory (Python raises MemoryError), and the next answer
// is replaced by a fatal message that names the limit, so the page ends this worker.
//
// Python reaches the rest of the worker's memory only through Pyodide's bridge to JavaScript
// and through its file system, and both are shut once the package is imported (`seal`), before
// any request, so before any person's code runs:
// - the bridge: build.py seals pyodide.asm.mjs ("pyodide-sealed": its BRIDGE_DOORS, every
//   function through which Python calls or constructs anything in JavaScript, or makes or fills a
//   JavaScript object) so that each door refuses; `js.Uint8Array.new(2**30)` is refused before
//   anything is allocated. Reading a value stays open (it allocates nothing that Python does not
//   hold in its own capped memory).
// - the file system (Emscripten's MEMFS keeps each file in JavaScript memory): while Python runs,
//   what it writes, truncates or allocates in files may total FILE_BYTES and it may make
//   FILE_NODES files, folders and links; past either a call fails as a full disk (ENOSPC).
// - what it prints goes to the console up to PRINT_BYTES, then nowhere (nothing kept).
// A refusal ends the worker like the memory cap, with words that say which limit stopped it.
import { loadPyodide } from "pyodide/pyodide.mjs";
import createPyodideModule, { sealBridge } from "pyodide-sealed";
import { failFast, reason, serve } from "../solver/worker-core.js";

const FILE_BYTES = 32 * 2 ** 20;
const FILE_NODES = 1000;
const PRINT_BYTES = 64 * 1024;
const NO_SPACE = 51; // Emscripten's ENOSPC

// Where Pyodide thinks its files are: nothing is fetched from there (the fetch below answers).
const RUNTIME = "sandbox:/runtime/";
const post = (message) => postMessage(JSON.stringify(message));

let limitHit = null; // the words of the cap once something tried to pass it

function capMemory(limit) {
  const grow = WebAssembly.Memory.prototype.grow;
  const mebibytes = Math.round(limit / 2 ** 20);
  Object.defineProperty(WebAssembly.Memory.prototype, "grow", {
    value(pages) {
      if (this.buffer.byteLength + pages * 65536 > limit) {
        limitHit = `your code tried to use more than ${mebibytes} MB of memory, the limit of the worker that runs it`;
        throw new RangeError(limitHit);
      }
      return grow.call(this, pages);
    },
    writable: false, configurable: false, enumerable: false,
  });
  // A memory made afresh may not start or grow past the cap either.
  const Memory = WebAssembly.Memory;
  const capped = function Memory_(descriptor) {
    if (!new.target) throw new TypeError("WebAssembly.Memory must be called with new");
    const maximum = Math.min(Number(descriptor && descriptor.maximum) || 65536, Math.floor(limit / 65536));
    if (Number(descriptor && descriptor.initial) > maximum) throw new RangeError(`a memory over ${mebibytes} MB`);
    return new Memory({ ...descriptor, maximum });
  };
  capped.prototype = Memory.prototype;
  Object.defineProperty(WebAssembly, "Memory", { value: capped, writable: false, configurable: false });
}

// Once the package is imported: the bridge refuses, the file system counts what Python writes.
function seal(pyodide) {
  sealBridge((door) => {
    limitHit = limitHit || "your code tried to use JavaScript, which the worker that runs it does not allow";
    throw new Error(`${limitHit} (${door})`);
  });
  const FS = pyodide.FS;
  let bytes = 0;
  let nodes = 0;
  const full = (words) => {
    limitHit = limitHit || `your code tried to ${words}, the limit of the worker that runs it`;
    throw new FS.ErrnoError(NO_SPACE);
  };
  const spend = (size) => {
    if (inPython && (bytes += Math.max(0, Number(size) || 0)) > FILE_BYTES) {
      full(`write more than ${FILE_BYTES / 2 ** 20} MB into files`);
    }
  };
  const made = () => {
    if (inPython && ++nodes > FILE_NODES) full(`make more than ${FILE_NODES} files, folders or links`);
  };
  const wrap = (name, before) => {
    const real = FS[name];
    if (typeof real !== "function") return;
    FS[name] = function (...args) {
      before(...args);
      return real.apply(this, args);
    };
  };
  // A write counts its bytes, or how far it grows the file if more (a write far past the end).
  // Files only: what goes to the console (a terminal device) is PRINT_BYTES' business.
  const grown = (stream, at, length) => {
    if (!stream || !stream.node || !FS.isFile(stream.node.mode)) return 0;
    const used = stream.node.usedBytes || 0;
    return Math.max(Number(length) || 0, (Number(at) || 0) + (Number(length) || 0) - used);
  };
  wrap("write", (stream, buffer, offset, length, position) => {
    const append = stream && (stream.flags & 1024); // O_APPEND: at the end
    spend(grown(stream, append ? stream.node.usedBytes : position ?? stream.position, length));
  });
  wrap("msync", (stream, buffer, offset, length) => spend(grown(stream, offset, length))); // mmap's write-back
  wrap("doTruncate", (stream, node, length) => spend(length));
  wrap("allocate", (stream, offset, length) => spend(Number(offset) + Number(length)));
  wrap("mknod", made);
  wrap("symlink", made);
  // Printed bytes one by one, a line to the console at its end, up to PRINT_BYTES in all; past
  // that nothing is kept (Pyodide's own line buffer would keep a line without end).
  let printed = 0;
  const text = new TextDecoder();
  const print = (log) => {
    let line = [];
    return {
      raw(byte) {
        if (printed >= PRINT_BYTES) return;
        printed += 1;
        if (byte === 10 || printed === PRINT_BYTES) {
          log(text.decode(new Uint8Array(line)));
          line = [];
        } else {
          line.push(byte);
        }
      },
    };
  };
  pyodide.setStdout(print(console.log));
  pyodide.setStderr(print(console.warn));
}

let inPython = false; // while a call into Python runs
function guard(call) {
  inPython = true;
  try {
    return call();
  } finally {
    inPython = false;
  }
}

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
  load, table, post, guard,
  started: seal,
  broken: () => limitHit,
});

onmessage = (event) => {
  const message = event.data;
  if (message && message.type === "files" && files === null) {
    capMemory(message.memoryLimit);
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
