// The package's zip (build.py's: stored or deflated entries, no zip64) read by the solver's worker
// without Python: its files' names and bytes, checked as soon as the zip has come, while Python is
// still being restored (worker.js), so what is left once it is up is writing them (Pyodide's
// unpackArchive did all of it in Python then: 40 ms under Node, 100 ms and more in a browser).
// The build stores its files (sitebuild/archive.py: one DecompressionStream per file cost more
// than the download saved); a deflated entry is still read, inflated by the browser's own.
// An Error that says what is wrong if `bytes` is not such a zip (the worker's start then fails
// with it).

const END = 0x06054b50; // the end of the central directory
const CENTRAL = 0x02014b50; // an entry of the central directory
const LOCAL = 0x04034b50; // an entry's local header
const STORED = 0;
const DEFLATED = 8;

// [{name, data}] in the zip's order: a folder's entry (its name ends in "/") has no data.
export async function unzip(bytes) {
  return Promise.all(entries(bytes).map(async (entry) => ({ name: entry.name, data: await contents(entry) })));
}

// Each entry's name, method, CRC-32, size and bytes as stored, from the central directory.
export function entries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at) => view.getUint16(at, true);
  const u32 = (at) => view.getUint32(at, true);
  let end = bytes.length - 22;
  const lowest = Math.max(0, end - 0xffff); // past the longest comment a zip may have
  while (end >= lowest && u32(end) !== END) end -= 1;
  if (end < lowest) throw new Error("it is not a zip (no end of its directory)");
  const count = u16(end + 10);
  let at = u32(end + 16);
  const found = [];
  const names = new TextDecoder("utf-8", { fatal: true });
  for (let k = 0; k < count; k++) {
    if (at + 46 > end || u32(at) !== CENTRAL) throw new Error("its directory is cut short or damaged");
    const method = u16(at + 10);
    const crc = u32(at + 16);
    const packed = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const local = u32(at + 42);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`it names a file outside its folder (${name})`);
    if (method !== STORED && method !== DEFLATED) throw new Error(`${name} is compressed in a way it cannot be read (method ${method})`);
    if (local + 30 > bytes.length || u32(local) !== LOCAL) throw new Error(`${name}'s header is damaged`);
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + packed > bytes.length) throw new Error(`${name} is cut short`);
    found.push({ name, method, crc, size, packed: bytes.subarray(start, start + packed) });
  }
  return found;
}

// An entry's bytes (null for a folder), of the size and CRC-32 its directory says.
async function contents(entry) {
  if (entry.name.endsWith("/")) return null;
  const data = entry.method === STORED ? entry.packed
    : new Uint8Array(await new Response(new Blob([entry.packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
  if (data.length !== entry.size) throw new Error(`${entry.name} is ${data.length} bytes, not the ${entry.size} its directory says`);
  if (crc32(data) !== entry.crc) throw new Error(`${entry.name} is damaged (its CRC-32 is not its directory's)`);
  return data;
}

let table = null; // CRC-32's table (zip's polynomial), made at the first use

function crc32(data) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Write `files` (unzip's) into Pyodide's file system `FS` under the folder `into`, as
// unpackArchive would.
export function writeFiles(FS, files, into) {
  for (const { name, data } of files) {
    const path = `${into}/${name}`.replace(/\/+$/, "");
    const folder = data === null ? path : path.slice(0, path.lastIndexOf("/"));
    if (folder) FS.mkdirTree(folder);
    if (data !== null) FS.writeFile(path, data);
  }
}
