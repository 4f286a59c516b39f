/**
 * A request's body read within a size (`core/traffic/request-body.ts`): at the cap it is
 * read whole; past it, refused, whatever `Content-Length` claims, and the stream is not read
 * to its end.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBytes, readBodyWithin } from '../src/core/traffic/request-body.ts';

/** A body of `chunks` chunks of `size` bytes, counting the chunks the reader pulled. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}): { request: Request; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  const request = new Request('http://localhost/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  return { request, pulled: () => pulled };
}

describe('readBodyWithin', () => {
  it('reads a body of exactly the cap, as bytes and text', async () => {
    const body = await readBodyWithin(new Request('http://localhost/', { method: 'POST', body: 'héllo' }), 6);
    assert.equal(body.ok, true);
    assert.equal(body.ok && body.text(), 'héllo');
    assert.equal(body.ok && body.bytes.byteLength, 6);
  });

  it('reads a request with no body as empty', async () => {
    const body = await readBodyWithin(new Request('http://localhost/'), 10);
    assert.equal(body.ok && body.bytes.byteLength, 0);
  });

  it('refuses a body one byte past the cap', async () => {
    assert.deepEqual(await readBodyWithin(new Request('http://localhost/', { method: 'POST', body: 'x'.repeat(11) }), 10), { ok: false, reason: 'too-large' });
  });

  it('stops reading at the cap when Content-Length claims less, or nothing', async () => {
    const lying = streamed(1_000, 1024, { 'content-length': '10' });
    assert.deepEqual(await readBodyWithin(lying.request, 4096), { ok: false, reason: 'too-large' });
    assert.ok(lying.pulled() < 10, `read ${lying.pulled()} chunks of 1,000`);
    const chunked = streamed(1_000, 1024);
    assert.deepEqual(await readBodyWithin(chunked.request, 4096), { ok: false, reason: 'too-large' });
    assert.ok(chunked.pulled() < 10, `read ${chunked.pulled()} chunks of 1,000`);
  });

  it('refuses a Content-Length past the cap before reading anything', async () => {
    const claimed = streamed(1, 1, { 'content-length': '100000' });
    assert.deepEqual(await readBodyWithin(claimed.request, 10), { ok: false, reason: 'too-large' });
    assert.equal(claimed.pulled(), 0);
  });

  it('says a stream that fails is unreadable', async () => {
    const body = new ReadableStream<Uint8Array>({ pull: (controller) => controller.error(new Error('reset')) });
    const request = new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit);
    assert.deepEqual(await readBodyWithin(request, 10), { ok: false, reason: 'unreadable' });
  });

  it('names limits in binary units', () => {
    assert.deepEqual([formatBytes(1024 * 1024), formatBytes(64 * 1024), formatBytes(1000)], ['1 MiB', '64 KiB', '1000 bytes']);
  });
});
