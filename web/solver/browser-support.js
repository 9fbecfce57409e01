// What this browser lacks to run the solver, found before any file of the Python runtime is
// fetched: a browser too old for it is told so in one sentence (what it lacks, which
// versions work), and the rest of the page keeps working.
//
// REQUIREMENTS is the data: each feature the worker and Pyodide 314.0.7 need, how it is
// probed, and the first version of each browser that has it (MDN's browser-compat-data:
// api.Worker.Worker.ecmascript_modules, javascript.classes.static_initialization_blocks,
// webassembly.*). The WebAssembly features are those pyodide.asm.wasm actually uses: its
// code section decoded instruction by instruction holds legacy exception handling
// (try/catch/catch_all/delegate/rethrow, a tag section), reference types (externref tables,
// table.get/set, ref.null, typed select), bulk memory (memory.copy/fill, a data count
// section), sign-extension and saturating float-to-int instructions, 280 imported mutable
// globals, and i64 parameters on its JavaScript imports and exports (BigInt integration);
// no SIMD, threads, tail calls or multi-value. Its JavaScript (pyodide.asm.mjs) uses class
// static blocks. SUPPORTED, the versions the sentence names, is each browser's latest
// first version over REQUIREMENTS.
//
// Every probe works under the page's Content-Security-Policy (no eval): the WebAssembly
// features by validating hand-written modules of a few bytes, at once (a few milliseconds,
// before the worker is started); the JavaScript syntax by importing a tiny module written in it
// (./syntax-probe.js), which resolves only once the page's start-up task is over. So as not
// to delay the worker by that much, the worker imports the same module first thing: in a
// browser that cannot parse it, the worker fails before it fetches anything of the runtime,
// and the page's import names the reason.

import { browserTooOld } from "../common/wording.js";

// A WebAssembly module from its sections (every length here is under 128: one LEB byte).
const wasm = (...sections) => new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...sections.flat()]);
const section = (id, bytes) => [id, bytes.length, ...bytes];
const I32 = 0x7f, I64 = 0x7e, F32 = 0x7d, FUNCREF = 0x70, EXTERNREF = 0x6f, END = 0x0b;
// The type section with one function type, one function of it, and its body (no locals).
const oneFunction = (params, results) => [
  section(1, [1, 0x60, params.length, ...params, results.length, ...results]),
  section(3, [1, 0]),
];
const body = (...code) => section(10, [1, code.length + 2, 0, ...code, END]);

const MODULES = {
  // (func (param i32) (result i32) local.get 0 i32.extend8_s)
  signExtension: wasm(...oneFunction([I32], [I32]), body(0x20, 0, 0xc0)),
  // (func (param f32) (result i32) local.get 0 i32.trunc_sat_f32_s)
  saturatingConversions: wasm(...oneFunction([F32], [I32]), body(0x20, 0, 0xfc, 0x00)),
  // (memory 1) (func i32.const 0 i32.const 0 i32.const 0 memory.copy)
  bulkMemory: wasm(...oneFunction([], []), section(5, [1, 0x00, 1]), body(0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 0x0a, 0, 0)),
  // (table 0 funcref) (table 0 externref) (func (result externref) i32.const 0 table.get 1)
  referenceTypes: wasm(...oneFunction([], [EXTERNREF]), section(4, [2, FUNCREF, 0x00, 0, EXTERNREF, 0x00, 0]), body(0x41, 0, 0x25, 1)),
  // (tag) (func try throw 0 catch_all end): the exception handling Pyodide's module uses
  // (the first, "legacy" instructions, not try_table and exnref)
  exceptions: wasm(...oneFunction([], []), section(13, [1, 0x00, 0]), body(0x06, 0x40, 0x08, 0, 0x19, END)),
  // (import "m" "g" (global (mut i32)))
  mutableGlobals: wasm(section(2, [1, 1, 0x6d, 1, 0x67, 0x03, I32, 0x01])),
  // (func (export "f") (param i64) (result i64) local.get 0)
  bigInt: wasm(...oneFunction([I64], [I64]), section(7, [1, 1, 0x66, 0x00, 0]), body(0x20, 0)),
};

function validates(name) {
  return () => WebAssembly.validate(MODULES[name]);
}

// Whether `new Worker(url, {type: "module"})` makes a module worker: a browser that does
// not know the option never reads it (and would load worker.js as a classic script, which
// cannot import). No worker is started to find out: the options are read before the URL
// is parsed, and this URL does not parse.
export function supportsModuleWorkers() {
  if (typeof Worker !== "function") return false;
  let read = false;
  const options = { get type() { read = true; return "module"; } };
  try {
    new Worker("//[", options).terminate();
  } catch {
    // the URL is refused, after the options were read (or not)
  }
  return read;
}

// JavaScript's i64 <-> BigInt at the WebAssembly boundary: an older browser throws a
// TypeError when an exported function takes or returns an i64.
function passesBigInts() {
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(MODULES.bigInt));
    return instance.exports.f(BigInt(-3)) === BigInt(-3);
  } catch {
    return false;
  }
}

// Class static blocks (ES2022): the probe module uses one, so a browser that cannot parse
// it rejects the import with a SyntaxError. Any other failure (the file could not be
// fetched) says nothing about the browser: it counts as supported, and the runtime's own
// loading reports what is wrong with the site.
async function parsesStaticBlocks() {
  try {
    const probe = await import("../solver/syntax-probe.js"); // (so named, it is found from the page's bundle in app/ too)
    return probe.staticBlocks === true;
  } catch (error) {
    return !(error instanceof SyntaxError);
  }
}

const CHROME_AND_EDGE = "chrome";

// What the solver needs: `name` in words (for the sentence), `probe` (true when present; a
// promise of it when `later`), `needs` (the requirement without which this one is not named
// apart), and the first version of each browser that has it (where MDN only says "80 or
// earlier", 80).
export const REQUIREMENTS = [
  { id: "module-workers", name: "module workers", probe: supportsModuleWorkers, versions: { chrome: 80, firefox: 114, safari: "15" } },
  { id: "class-static-blocks", name: "class static blocks (JavaScript 2022)", probe: parsesStaticBlocks, later: true, versions: { chrome: 94, firefox: 93, safari: "16.4" } },
  { id: "webassembly", name: "WebAssembly (it may be turned off)", probe: () => typeof WebAssembly === "object" && typeof WebAssembly.validate === "function", versions: { chrome: 57, firefox: 52, safari: "11" } },
  { id: "wasm-exceptions", name: "WebAssembly exception handling", needs: "webassembly", probe: validates("exceptions"), versions: { chrome: 95, firefox: 100, safari: "15.2" } },
  { id: "wasm-reference-types", name: "WebAssembly reference types", needs: "webassembly", probe: validates("referenceTypes"), versions: { chrome: 96, firefox: 79, safari: "15.1" } },
  { id: "wasm-bigint", name: "WebAssembly BigInt integration", needs: "webassembly", probe: passesBigInts, versions: { chrome: 85, firefox: 78, safari: "14.1" } },
  { id: "wasm-bulk-memory", name: "WebAssembly bulk memory operations", needs: "webassembly", probe: validates("bulkMemory"), versions: { chrome: 80, firefox: 78, safari: "15.1" } },
  { id: "wasm-saturating-conversions", name: "WebAssembly non-trapping float-to-int conversions", needs: "webassembly", probe: validates("saturatingConversions"), versions: { chrome: 80, firefox: 72, safari: "15.1" } },
  { id: "wasm-sign-extension", name: "WebAssembly sign-extension operators", needs: "webassembly", probe: validates("signExtension"), versions: { chrome: 80, firefox: 72, safari: "14.1" } },
  { id: "wasm-mutable-globals", name: "WebAssembly mutable globals", needs: "webassembly", probe: validates("mutableGlobals"), versions: { chrome: 80, firefox: 72, safari: "13.1" } },
];

// "16.4" > "15.2" > "9": versions compared number by number.
function newer(a, b) {
  const [x, y] = [String(a).split(".").map(Number), String(b).split(".").map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) > (y[i] || 0) ? a : b;
  }
  return a;
}

// The first version of each browser that has every requirement.
export const SUPPORTED = Object.fromEntries(
  ["safari", CHROME_AND_EDGE, "firefox"].map((browser) => [browser, REQUIREMENTS.map((r) => r.versions[browser]).reduce(newer)]),
);

// Whether each requirement probed at once is present, by id (false if its probe throws);
// `later` ones only with `all`.
function probed(requirements, all) {
  const present = new Map();
  for (const requirement of requirements) {
    if (requirement.later && !all) continue;
    try {
      present.set(requirement.id, requirement.probe());
    } catch {
      present.set(requirement.id, false);
    }
  }
  return present;
}

// The `later` probes' answers, awaited into `present`.
async function settled(requirements, present) {
  for (const requirement of requirements) {
    if (!requirement.later) continue;
    const answer = present.has(requirement.id) ? present.get(requirement.id) : requirement.probe();
    present.set(requirement.id, Boolean(await Promise.resolve(answer).catch(() => false)));
  }
  return present;
}

// The requirements `present` says are missing, as {id, name}, in REQUIREMENTS' order. A
// feature of a missing whole (WebAssembly's, without WebAssembly) is not named apart.
function lacking(requirements, present) {
  return requirements
    .filter((r) => present.has(r.id) && !present.get(r.id) && (!r.needs || present.get(r.needs)))
    .map(({ id, name }) => ({ id, name }));
}

// What this browser lacks, every requirement probed: a promise of [] when nothing.
export async function missingFeatures(requirements = REQUIREMENTS) {
  return lacking(requirements, await settled(requirements, probed(requirements, true)));
}

function measure(name, start) {
  try {
    performance.measure(name, { start });
  } catch {
    // an older browser's measure() takes mark names only: the check is not timed there
  }
}

// One sentence: what this browser lacks and which versions work ("" when nothing is missing).
export function unsupportedReason(missing, supported = SUPPORTED) {
  if (missing.length === 0) return "";
  const versions = { safari: supported.safari, chrome: supported[CHROME_AND_EDGE], firefox: supported.firefox };
  return browserTooOld(missing.map((m) => m.name), versions);
}

// The check the page makes before starting the solver: `now`, the sentence for what the
// probes that need no waiting found missing ("" when nothing), known before the worker is
// started; `later`, a promise of the sentence once the syntax is probed too.
export function browserSupport(requirements = REQUIREMENTS) {
  const start = performance.now();
  const present = probed(requirements, false);
  const now = unsupportedReason(lacking(requirements, present));
  measure("npuzzle: browser support check", start);
  const later = settled(requirements, present).then((all) => {
    measure("npuzzle: browser support check, with the syntax", start);
    return unsupportedReason(lacking(requirements, all));
  });
  return { now, later };
}
