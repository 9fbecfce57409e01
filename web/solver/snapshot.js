// The memory snapshot build.py writes (sitebuild/snapshot.py's `sparse`: the pages that are not
// all zeros, and where they go), made whole again for Pyodide's private `_loadSnapshot` (worker.js).
//   `magic` (the build's SNAPSHOT_MAGIC, from its constants module), then little-endian u32s: the
//   page size, the snapshot's length, the count of pages kept and their numbers; then those
//   pages, the last one maybe short.
// An Error if `bytes` is not one (another file, cut short, too long): the worker then starts
// Python as usual.

export function whole(bytes, magic) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mark = new TextEncoder().encode(magic);
  const head = mark.length + 12; // the mark, then the page size, the length and the count
  if (bytes.length < head || mark.some((b, i) => bytes[i] !== b)) throw new Error("it is not a snapshot of this site's");
  const page = view.getUint32(mark.length, true);
  const out = new Uint8Array(view.getUint32(mark.length + 4, true));
  const count = view.getUint32(mark.length + 8, true);
  if (page === 0 || head + 4 * count > bytes.length) throw new Error("the snapshot is cut short");
  let at = head + 4 * count;
  for (let k = 0; k < count; k++) {
    const start = view.getUint32(head + 4 * k, true) * page;
    const length = Math.min(page, out.length - start);
    if (length <= 0 || at + length > bytes.length) throw new Error("the snapshot is cut short or names a page past its end");
    out.set(bytes.subarray(at, at + length), start);
    at += length;
  }
  if (at !== bytes.length) throw new Error("the snapshot is longer than its pages");
  return out;
}
