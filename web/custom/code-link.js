// A person's code in a link: deflated (the browser's own CompressionStream, "deflate-raw") and
// written in base64url, so that it fits the fragment (url-state.js checks the form; what it
// decodes to is only ever shown, and run when the person presses Run). Why a link's code cannot
// be read is said in code-words.js's words.

import { unpackRefusal } from "./code-words.js";


export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The text `packed` holds; an Error saying why not (garbled, or longer than `maxCode` characters:
// Python's cap on a program's text, LINK_LIMITS.code, which the link's reader hands in).
export async function unpack(packed, maxCode) {
  let binary;
  try {
    binary = atob(packed.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new Error(unpackRefusal.base64);
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > maxCode) {
        reader.cancel().catch(() => {});
        throw new RangeError(unpackRefusal.tooLong(maxCode));
      }
    }
    text += decoder.decode();
  } catch (error) {
    if (error instanceof RangeError) throw new Error(error.message);
    throw new Error(unpackRefusal.inflate);
  }
  return text;
}
