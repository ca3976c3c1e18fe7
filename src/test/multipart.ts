import { randomBytes } from 'node:crypto';

export interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/**
 * A multipart/form-data body written by hand, so each test controls the field names, file names, claimed types
 * and bytes it sends; for app.inject (`payload` and `headers`).
 */
export function multipartBody(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----verdict${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const { field = 'photos', filename = 'photo.jpg', type = 'image/jpeg', data } of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
