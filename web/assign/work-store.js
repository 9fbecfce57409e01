// A student's work on an assignment, kept in this browser by the assignment's id (the window's
// localStorage, handed in by main.js; null where the browser refuses it). Storage that refuses
// (full, private) keeps nothing: the work stays in the editor and in its link (hcode=).

export const STORE_PREFIX = "npuzzle-assignment-work:";

export class WorkStore {
  constructor(storage) {
    this.storage = storage;
  }

  // The work kept for assignment `id`, or null.
  load(id) {
    try {
      return this.storage ? this.storage.getItem(STORE_PREFIX + id) : null;
    } catch {
      return null;
    }
  }

  save(id, text) {
    try {
      if (this.storage) this.storage.setItem(STORE_PREFIX + id, text);
    } catch { /* refused: see above */ }
  }
}
