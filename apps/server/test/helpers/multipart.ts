import crypto from 'node:crypto';

export type FormEntry =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type?: string };

/**
 * A multipart/form-data body written out by hand, as a browser sends one, with its
 * content-type header: for `app.inject`, which takes the bytes as they are.
 */
export function multipartBody(entries: FormEntry[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----queuecast${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const entry of entries) {
    const disposition =
      'filename' in entry
        ? `form-data; name="${entry.name}"; filename="${entry.filename}"\r\nContent-Type: ${entry.type ?? 'application/octet-stream'}`
        : `form-data; name="${entry.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in entry ? entry.content : Buffer.from(entry.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
