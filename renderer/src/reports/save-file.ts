// Saving an exported report from the page: the same in both hosts. A browser saves an `<a download>`
// click to its downloads (or asks where); Electron shows its own save dialog for it.

/** The bytes of base64 text. */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Hands a finished file, given as base64, to the host to save under `filename`. */
export function saveFile(filename: string, mediaType: string, dataBase64: string): void {
  saveBytes(filename, mediaType, bytesOfBase64(dataBase64));
}

/** Hands a finished file made in the page to the host to save under `filename`. */
export function saveBytes(filename: string, mediaType: string, bytes: Uint8Array<ArrayBuffer>): void {
  const blob = new Blob([bytes], { type: mediaType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the host to start reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Tries to open the web host's one-time print page of a PDF export in a new tab; false when the browser
 * blocked it (the export answers after the click, so a popup blocker may refuse it).
 */
export function openPrintPage(path: string): boolean {
  // Without "noopener" in the features, so window.open tells whether a tab opened (with it, always null).
  const opened = window.open(path, '_blank');
  if (opened === null) return false;
  opened.opener = null;
  return true;
}
