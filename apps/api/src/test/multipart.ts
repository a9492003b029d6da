/**
 * Test helper: builds a multipart/form-data body from text fields and optional file parts, for
 * `app.inject({ payload, headers })`.
 */
import sharp from 'sharp';

/** A file part: field name, file name, bytes and declared content type. */
export interface FilePart {
  field: string;
  filename: string;
  content: Buffer;
  type?: string;
}

/** Returns `{ payload, headers }` with the boundary set; text fields are sent in insertion order. */
export function multipartForm(fields: Record<string, string | number | boolean>, files: FilePart[] = []) {
  const boundary = '----cc' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real JPEG of the given colour (for image parts). */
export function jpeg(colour = '#3366aa', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}
