// PageState: what the page is doing, with one owner (the controller holds it; features
// change it through `set`). Every change is announced to the "change" listeners, so that
// what derives from it (the link, the busy flags, the explanation) is computed in one place.

export class PageState {
  constructor() {
    this.info = null; // Python's "info" answer, once the solver is ready
    this.online = true; // what the browser says
    this.restarted = null; // why the solver was last restarted, if it was
    this.view = null; // "compare", "tree" or "diagram" while that view of the board on screen is shown
    this.mode = "edit"; // what clicking the board does: "edit" (swap) or "play" (slide)
    this.listeners = [];
  }

  on(listener) {
    this.listeners.push(listener);
  }

  // Change some fields; the listeners hear the names of those that changed.
  set(changes) {
    const changed = Object.keys(changes).filter((key) => this[key] !== changes[key]);
    Object.assign(this, changes);
    if (changed.length) for (const listener of this.listeners) listener(changed);
  }

  // Whether the view the link names is the search tree (as an outline or a diagram).
  get treeShown() {
    return this.view === "tree" || this.view === "diagram";
  }
}
