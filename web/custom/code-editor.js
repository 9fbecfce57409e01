// The code editor, loaded when a person first opens "Your heuristic" or "Your search": the
// bundle build.py makes of CodeMirror (editor-bundle.js) is imported then, never at the page's
// start. Until it has loaded (or if it cannot load), a plain text area holds the code, so
// nothing typed is lost; the editor takes over with the text as it is then.
//
// openEditor(view, which, {text, label, onChange}) -> a promise of {text, setText, markError,
// clearError, focus}, the same whichever holds the code.

let bundle = null; // the import of editor-bundle.js, once asked for

export async function openEditor(view, which, { text, label, onChange }) {
  const plain = view.fallback(which, text, onChange);
  bundle = bundle || import("../custom/editor-bundle.js"); // (so named, it is found from the page's bundle in app/ too)
  try {
    const { createEditor } = await bundle;
    const now = plain.text;
    const host = view.host(which);
    // The text area's room is kept until the editor has measured its lines (CodeMirror does, in
    // the next animation frame; drawn before that, it is taller): nothing under it moves.
    const room = host.getBoundingClientRect().height;
    if (room > 0) Object.assign(host.style, { height: `${room}px`, overflow: "hidden" });
    host.replaceChildren();
    const editor = createEditor(host, { text: now, label, onChange });
    requestAnimationFrame(() => requestAnimationFrame(() => Object.assign(host.style, { height: "", overflow: "" })));
    return editor;
  } catch {
    bundle = null; // tried again the next time one is opened
    return plain;
  }
}
