/**
 * Saves text as a file the way a download link would (the API answered it to an authenticated request). A CSV
 * gets back the byte-order mark that reading the answer as text removed, so Excel opens it as UTF-8.
 */
export const downloadText = (text: string, filename: string, type: string) => {
  const url = URL.createObjectURL(new Blob([type.startsWith('text/csv') ? `\uFEFF${text}` : text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
