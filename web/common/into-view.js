// Bringing a panel's results into view: its top at the top of the screen, below the board's dock
// where the dock is pinned (a phone; the page's scroll-padding-top is the dock's height, kept by
// keepDockHeight), scrolled smoothly unless the person asked for less motion.

// How far the pinned dock reaches down the window `win` (0 where it is not pinned).
export function dockHeight(win) {
  return parseFloat(win.getComputedStyle(win.document.documentElement).getPropertyValue("--dock-height")) || 0;
}

// Scroll `el`'s top into view (unless it already starts on screen, below the dock).
export function bringIntoView(el) {
  if (!el || !el.scrollIntoView) return;
  const win = el.ownerDocument.defaultView;
  const box = el.getBoundingClientRect();
  const dock = dockHeight(win);
  if (box.top >= dock && box.top < win.innerHeight * 0.6) return;
  const reduce = win.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
}

// Keep the page's --dock-height at the height the pinned dock covers (0 where it is not pinned:
// the wide layout holds the whole column in place beside the panels instead), and --dock-size at
// the dock's height at any width (in the wide layout the dock stays at the top of its column,
// over the solution's panel as the column scrolls: the column's scroll-padding).
export function keepDockHeight(doc) {
  const dock = doc.getElementById("board-dock");
  const win = doc.defaultView;
  if (!dock || !win.ResizeObserver) return;
  const root = doc.documentElement;
  const narrow = win.matchMedia("(max-width: 899.98px)");
  const update = () => {
    const height = `${Math.ceil(dock.offsetHeight)}px`;
    root.style.setProperty("--dock-height", narrow.matches ? height : "0px");
    root.style.setProperty("--dock-size", height);
  };
  new win.ResizeObserver(update).observe(dock);
  narrow.addEventListener("change", update);
  update();
}
