// SVG elements for the views' charts (compare-view.js, trace-view.js).

export const SVG = "http://www.w3.org/2000/svg";

// An SVG element `name` with `attrs` set.
export function el(doc, name, attrs) {
  const node = doc.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// An SVG text at (x, y) with class `cls` and text-anchor `anchor`.
export function text(doc, x, y, content, cls, anchor) {
  const node = el(doc, "text", { x, y, class: cls, "text-anchor": anchor });
  node.textContent = content;
  return node;
}
