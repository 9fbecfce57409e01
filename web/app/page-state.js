// PageState: what the page is doing, with one owner (the controller holds it; features
// change it through `set`, and read Python's facts from its `info`: no other module keeps a
// copy). Every change is announced to the "change" listeners (with the names of the fields
// that changed), so that what derives from it (the link, the busy flags, the explanation) is
// computed in one place. The step shown is not here: the replay owns it (and the search tree
// its own), and the link reads it from them.

export class PageState {
  constructor() {
    this.info = null; // Python's "info" answer, once the solver was first ready (a restarted worker runs the same package: kept)
    this.ready = false; // whether the solver answers now (false while it loads, restarts, or after it failed)
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
