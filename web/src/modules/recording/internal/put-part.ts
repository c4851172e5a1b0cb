/**
 * PUTs one part to its presigned URL. XMLHttpRequest rather than fetch: it reports upload progress, which fetch
 * cannot. No credentials and no auth header: the signature is the permission. Storage must expose ETag (CORS),
 * which the complete step needs.
 */
export const putPart = (url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) =>
  new Promise<string>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      const etag = request.getResponseHeader('ETag');
      if (request.status >= 200 && request.status < 300 && etag) resolve(etag);
      else reject(new Error(`storage answered ${request.status}${etag ? '' : ' without an ETag'}`));
    };
    request.onerror = () => reject(new Error('network error'));
    request.ontimeout = () => reject(new Error('timeout'));
    const abort = () => request.abort();
    signal.addEventListener('abort', abort, { once: true });
    request.onabort = () => reject(signal.reason ?? new DOMException('Upload aborted', 'AbortError'));
    request.onloadend = () => signal.removeEventListener('abort', abort);
    request.send(body);
  });
