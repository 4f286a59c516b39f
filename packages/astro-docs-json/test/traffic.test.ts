// The per-client limits' parts: the token bucket, the limiter's bounded memory, and which
// address a request is counted under behind proxies the site trusts, and behind others.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClientAddress, isAddressOrRange } from '../src/core/traffic/client-address.ts';
import { createClientLimiter, TokenBucket } from '../src/core/traffic/token-bucket.ts';

test('a bucket allows its burst, then one request per refill, and holds back what it keeps for others', () => {
  const bucket = new TokenBucket({ capacity: 3, perSecond: 2 }, 0);
  assert.deepEqual([bucket.take(0), bucket.take(0), bucket.take(0)], [0, 0, 0]);
  assert.equal(bucket.take(0), 500);
  assert.equal(bucket.take(250), 250);
  assert.equal(bucket.take(500), 0);
  // Refilled for 10 s, it holds its capacity, no more.
  assert.equal(Math.round(bucket.tokens(10_500)), 3);
  // Keeping 2 of 3 for others: one request, then a wait until a third token is back.
  assert.equal(bucket.take(10_500, 2), 0);
  assert.equal(bucket.take(10_500, 2), 500);
  const stopped = new TokenBucket({ capacity: 0, perSecond: 0 }, 0);
  assert.equal(stopped.take(0), Number.POSITIVE_INFINITY);
});

test('each client has a bucket of its own, and the limiter forgets the least recent past its size', () => {
  const take = createClientLimiter({ capacity: 2, perSecond: 1 }, 2);
  assert.deepEqual([take('a', 0), take('a', 0), take('a', 0)], [0, 0, 1_000]);
  assert.equal(take('b', 0), 0);
  // A third client pushes out the least recently seen ("a" was seen before "b").
  take('b', 0);
  assert.equal(take('c', 0), 0);
  assert.equal(take('a', 0), 0, 'a forgotten client starts with a full bucket');
  assert.equal(take('b', 0), 0, '"b" was forgotten in turn when "a" came back');
});

test('forwarding headers are believed only from the proxies the site trusts', () => {
  const headers = new Headers({ 'x-forwarded-for': '203.0.113.9, 10.1.2.3' });
  assert.equal(createClientAddress([])('10.0.0.1', headers), '10.0.0.1', 'no proxy trusted: the peer');
  const behindProxies = createClientAddress(['10.0.0.0/8']);
  assert.equal(behindProxies('::ffff:10.0.0.1', headers), '203.0.113.9', 'right to left past every trusted proxy');
  assert.equal(behindProxies('198.51.100.7', headers), '198.51.100.7', 'an untrusted peer writes what it likes');
  // A client that forges the header itself gains nothing: the trusted proxy appended the real address.
  const forged = new Headers({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' });
  assert.equal(behindProxies('10.0.0.1', forged), '203.0.113.9');
  assert.equal(behindProxies('10.0.0.1', new Headers()), '10.0.0.1', 'no header: the proxy itself');
  const standard = new Headers({ forwarded: 'for="[2001:db8::7]:4711";proto=https, for=10.0.0.5' });
  assert.equal(behindProxies('10.0.0.1', standard), '2001:db8::7', 'Forwarded, with its brackets and port');
  assert.equal(createClientAddress(['127.0.0.1'])('127.0.0.1', new Headers({ 'x-forwarded-for': '192.0.2.4:5000' })), '192.0.2.4');
});

test('trusted proxies are addresses or CIDR ranges', () => {
  for (const good of ['10.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32']) assert.ok(isAddressOrRange(good), good);
  for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.0/8/1', '::/129', '']) assert.ok(!isAddressOrRange(bad), bad);
});
