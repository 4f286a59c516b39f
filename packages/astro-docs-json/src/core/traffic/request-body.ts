/**
 * A request's body, read within a size: the server routes that take a body (`/mcp`, the
 * playground's proxy) must not hold more of a stranger's bytes than they mean to read. The
 * stream is read chunk by chunk and abandoned at the first byte past the cap, whatever the
 * `Content-Length` says: a header that claims too much is refused before reading, and one
 * that claims too little (or none, with chunked encoding) does not make the cap larger.
 */

export type BodyWithin =
  | { ok: true; bytes: Uint8Array<ArrayBuffer>; text(): string }
  | { ok: false; reason: 'too-large' | 'unreadable' };

/**
 * The body of `request` if it is at most `maxBytes`; otherwise why not, with the rest of the
 * stream cancelled. A response from upstream is read the same way (the agent endpoint's).
 */
export async function readBodyWithin(request: Pick<Request | Response, 'headers' | 'body'>, maxBytes: number): Promise<BodyWithin> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too-large' };
  }
  if (!request.body) return within(new Uint8Array());
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      return { ok: false, reason: 'unreadable' };
    }
    if (read.done) break;
    total += read.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(read.value);
  }
  return within(concat(chunks, total));
}

function within(bytes: Uint8Array<ArrayBuffer>): BodyWithin {
  return { ok: true, bytes, text: () => new TextDecoder().decode(bytes) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** `1 MiB`, `64 KiB`, `1000 bytes`: a limit as messages name it. */
export function formatBytes(bytes: number): string {
  const MIB = 1024 * 1024;
  if (bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
