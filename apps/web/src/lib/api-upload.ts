import { NetworkError, parseJson, refusal } from './api-client';
import { sessionStore } from './session';

export interface UploadCallbacks {
  /** Bytes sent so far of `total` (the whole request body). */
  onProgress?: (sent: number, total: number) => void;
  /** Every byte is sent; the server is still working on its answer. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with the session's bearer token over XMLHttpRequest, since fetch
 * reports no upload progress. Fails like `api`: ApiError with the server's text for a non-2xx
 * answer (a 401 logs out), NetworkError without an answer, an AbortError when aborted.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  { onProgress, onSent, signal }: UploadCallbacks = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Upload aborted', 'AbortError'));
    const session = sessionStore.get();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    if (session) xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded, e.total);
    };
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status <= 299) return resolve(parseJson(xhr.responseText) as T);
      const retryAfter = xhr.getResponseHeader('retry-after');
      reject(refusal(xhr.status, xhr.responseText, retryAfter, session?.token ?? null));
    };
    xhr.onerror = () => reject(new NetworkError(new Error('Upload failed to reach the server')));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
