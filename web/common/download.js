// Offer `text` as a file called `name` (a comparison's CSV or chart, a check's CSV, a person's code).

export function download(doc, name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = doc.createElement("a");
  Object.assign(link, { href: url, download: name });
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
