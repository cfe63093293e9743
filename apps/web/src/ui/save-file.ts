/** Saves a file the browser already holds under the given name (a download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: free the file a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
