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

// The text `packed` holds; an Error saying why not (not base64url, not deflate data, not UTF-8
// text, or longer than `maxCode` characters: Python's cap on a program's text, LINK_LIMITS.code,
// which the link's reader hands in). Base64url's optional padding ("=") is read too.
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
  const stop = (message) => {
    reader.cancel().catch(() => {});
    return new Error(message);
  };
  let text = "";
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch {
      throw stop(unpackRefusal.inflate);
    }
    if (chunk.done) break;
    try {
      text += decoder.decode(chunk.value, { stream: true });
    } catch {
      throw stop(unpackRefusal.utf8);
    }
    if (text.length > maxCode) throw stop(unpackRefusal.tooLong(maxCode));
  }
  try {
    text += decoder.decode();
  } catch {
    throw new Error(unpackRefusal.utf8);
  }
  if (text.length > maxCode) throw new Error(unpackRefusal.tooLong(maxCode));
  return text;
}
