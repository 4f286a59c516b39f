// AsyncAPI documents to channel pages: 2.x and 3.x read into one model, `$ref`s followed
// within the docs folder only, channel pages in the navigation and below frontmatter, and
// what is wrong reported as warnings with the file and the JSON pointer.
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { resolveRefs } from '../src/core/asyncapi/document.ts';
import { AsyncSpecLibrary } from '../src/core/asyncapi/library.ts';
import { channelMarkdown } from '../src/core/asyncapi/markdown.ts';
import { asyncSpecOf } from '../src/core/asyncapi/model.ts';
import { declaredSocketServers, declaredSocketTarget, namesSocketHost } from '../src/core/asyncapi/socket-targets.ts';
import { channelView, findChannel } from '../src/core/asyncapi/view.ts';
import { buildLlmsTxt } from '../src/core/discovery/llms.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs, pages } from './helpers.ts';

/** A 3.0 document: a chat room whose messages live in components and a file beside it. */
const CHAT_V3 = `asyncapi: 3.0.0
info:
  title: Chat rooms
  version: 1.0.0
servers:
  local:
    host: 127.0.0.1:9001
    protocol: ws
    pathname: /live
    description: A server on this machine
channels:
  room:
    address: rooms/{roomId}
    title: Chat room
    description: Everything said in one room.
    parameters:
      roomId:
        description: The room's id.
    messages:
      say:
        $ref: '#/components/messages/Say'
      said:
        $ref: 'shared/said.yaml#/Said'
    bindings:
      ws:
        query:
          type: object
operations:
  speak:
    action: receive
    channel:
      $ref: '#/channels/room'
    messages:
      - $ref: '#/channels/room/messages/say'
  listen:
    action: send
    channel:
      $ref: '#/channels/room'
    messages:
      - $ref: '#/channels/room/messages/said'
components:
  messages:
    Say:
      title: Say something
      payload:
        $ref: '#/components/schemas/Line'
      examples:
        - payload: { text: hello }
  schemas:
    Line:
      type: object
      required: [text]
      properties:
        text:
          type: string
          description: What is said.
        replyTo:
          $ref: '#/components/schemas/Line'
`;

const SAID = `Said:
  title: Someone said
  payload:
    type: object
    properties:
      author: { type: string }
      text: { type: string }
`;

/** A 2.6 document: publish and subscribe on channels keyed by address. */
const TICKER_V2 = {
  asyncapi: '2.6.0',
  info: { title: 'Prices', version: '1' },
  servers: { prod: { url: 'wss://{region}.prices.example.com/ws', protocol: 'wss', variables: { region: { enum: ['eu', 'us'], default: 'eu' } } } },
  channels: {
    '/ticker': {
      description: 'Live prices.',
      publish: { operationId: 'subscribeTo', message: { name: 'Subscribe', payload: { type: 'object', properties: { symbol: { type: 'string', enum: ['ABC', 'XYZ'] } } } } },
      subscribe: {
        message: {
          oneOf: [
            { name: 'Tick', payload: { type: 'object', properties: { price: { type: 'number' } } } },
            { name: 'Halt', payload: { type: 'object', properties: { reason: { type: 'string' } } } },
          ],
        },
      },
    },
  },
};

describe('AsyncAPI documents', () => {
  it('reads 3.x: channels by id, operations by direction from the client\'s side, refs within and beside the file', () => {
    const dir = makeDocs({ 'chat.yaml': CHAT_V3, 'shared/said.yaml': SAID });
    const library = new AsyncSpecLibrary(dir);
    const outcome = library.read('/chat.yaml');
    assert.equal(outcome.status, 'loaded');
    assert.deepEqual(outcome.problems, []);
    const spec = library.spec('chat.yaml')!;
    assert.equal(spec.title, 'Chat rooms');
    assert.deepEqual(spec.servers.map((server) => server.url), ['ws://127.0.0.1:9001/live']);
    const [room] = spec.channels;
    assert.equal(room!.address, 'rooms/{roomId}');
    assert.deepEqual(room!.operations.map((operation) => [operation.id, operation.direction, operation.messages.map((message) => message.name)]), [
      ['speak', 'send', ['say']],
      ['listen', 'receive', ['said']],
    ]);
    const view = channelView(spec, room!);
    assert.equal(view.title, 'Chat room');
    assert.deepEqual(view.sockets, ['ws://127.0.0.1:9001/live/rooms/{roomId}']);
    assert.deepEqual(view.messages[0]!.payload!.children!.map((child) => [child.name, child.type, child.required ?? false]), [
      ['text', 'string', true],
      ['replyTo', 'object', false],
    ]);
    // The schema that contains itself is cut where it recurs.
    assert.equal(view.messages[0]!.payload!.children![1]!.recursive, true);
    assert.equal(view.messages[0]!.example, '{\n  "text": "hello"\n}');
    assert.deepEqual(view.messages[1]!.payload!.children!.map((child) => child.name), ['author', 'text']);
    assert.match(view.bindings!, /"query"/);
    assert.deepEqual(view.parameters.map((parameter) => [parameter.name, parameter.description]), [['roomId', "The room's id."]]);
    assert.match(channelMarkdown(view), /## Send: Say something[\s\S]*- `text` \(`string`, required\): What is said\./);
  });

  it('reads 2.x: publish is sent, subscribe received, `oneOf` messages each shown, server variables at their defaults', () => {
    const dir = makeDocs({ 'prices.json': TICKER_V2 });
    const spec = new AsyncSpecLibrary(dir).spec('prices.json')!;
    const view = channelView(spec, spec.channels[0]!);
    assert.equal(view.title, '/ticker');
    assert.deepEqual(view.messages.map((message) => [message.direction, message.name]), [
      ['send', 'Subscribe'],
      ['receive', 'Tick'],
      ['receive', 'Halt'],
    ]);
    assert.deepEqual(view.messages[0]!.payload!.children![0]!.enum, ['ABC', 'XYZ']);
    assert.deepEqual(view.servers, [{ name: 'prod', url: 'wss://eu.prices.example.com/ws', protocol: 'wss' }]);
    assert.deepEqual(view.sockets, ['wss://eu.prices.example.com/ws/ticker']);
  });

  it('reports what is wrong as warnings with the file and the JSON pointer, and builds the rest', () => {
    const dir = makeDocs({
      'bad.yaml': 'asyncapi: 3.0.0\ninfo: { title: Bad, version: "1" }\nchannels:\n  a:\n    address: a\n    messages:\n      m: { $ref: "#/components/messages/Nowhere" }\n      n: { $ref: "../../etc/passwd#/x" }\n      o: { $ref: "https://example.com/m.yaml" }\noperations:\n  lost:\n    action: send\n    channel: { $ref: "#/channels/b" }\n',
      'not-yaml.yaml': 'asyncapi: [unclosed\n',
      'openapi.yaml': 'openapi: 3.1.0\ninfo: { title: X, version: "1" }\npaths: {}\n',
    });
    const library = new AsyncSpecLibrary(dir);
    assert.equal(library.read('bad.yaml').status, 'loaded');
    assert.equal(library.read('not-yaml.yaml').status, 'failed');
    assert.equal(library.read('openapi.yaml').status, 'failed');
    assert.equal(library.read('missing.yaml').status, 'failed');
    const failures = ['not-yaml.yaml', 'openapi.yaml', 'missing.yaml'].map((file) => { const [problem] = library.read(file).problems; return `${problem!.file} ${problem!.path ?? ''} ${problem!.message}`; });
    assert.match(failures[0]!, /^not-yaml\.yaml  is neither JSON nor YAML/);
    assert.match(failures[1]!, /^openapi\.yaml #\/asyncapi has no `asyncapi` version field/);
    assert.match(failures[2]!, /^missing\.yaml  cannot be read: no such file in the docs folder/);
    const found = library.diagnostics().map((d) => `${d.severity} ${d.code} ${d.file} ${d.path ?? ''}`);
    assert.deepEqual(found, [
      'warning invalid-asyncapi bad.yaml #/channels/a/messages/m/$ref',
      'warning invalid-asyncapi bad.yaml #/channels/a/messages/n/$ref',
      'warning invalid-asyncapi bad.yaml #/channels/a/messages/o/$ref',
      'warning invalid-asyncapi bad.yaml #/operations/lost/channel/$ref',
      'warning invalid-asyncapi bad.yaml #/operations/lost/channel',
    ]);
    const messages = library.diagnostics().map((d) => d.message).join('\n');
    assert.match(messages, /leads out of the docs folder/);
    assert.match(messages, /names a URL: it is not fetched/);
    assert.match(messages, /points at nothing/);
  });

  it('follows no link out of the docs folder, and ends loops of references', () => {
    const outside = makeDocs({ 'secret.yaml': 'Secret: { payload: { type: string } }\n' });
    const dir = makeDocs({ 'a.yaml': 'asyncapi: 3.0.0\ninfo: { title: A, version: "1" }\nchannels:\n  c:\n    messages:\n      m: { $ref: "link/secret.yaml#/Secret" }\n' });
    symlinkSync(outside, path.join(dir, 'link'));
    const library = new AsyncSpecLibrary(dir);
    assert.equal(library.spec('a.yaml')!.channels[0]!.operations[0]!.messages[0]!.payload, undefined);
    assert.match(library.diagnostics()[0]!.message, /leads out of the docs folder/);
    const loop = resolveRefs({ a: { $ref: '#/b' }, b: { $ref: '#/a' } }, 'loop.yaml');
    assert.deepEqual(loop.document, { a: {}, b: {} });
    const cycle = resolveRefs({ s: { type: 'object', properties: { next: { $ref: '#/s' } } } }, 'cycle.yaml').document as { s: { properties: { next: unknown } } };
    assert.equal(cycle.s.properties.next, cycle.s, 'a schema that contains itself is one object');
  });

  it('is not an AsyncAPI document without its version, and not one of another major version', () => {
    assert.equal(asyncSpecOf('x.yaml', { info: {} }).spec, undefined);
    assert.match(asyncSpecOf('x.yaml', { asyncapi: '1.2.0' }).problems[0]!.message, /AsyncAPI 1\.2\.0/);
  });
});

describe('channel pages', () => {
  const docs = () =>
    makeDocs({
      'docs.json': {
        name: 'x',
        api: { asyncapi: 'chat.yaml' },
        navigation: {
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'live', { group: 'Rooms', asyncapi: { source: '/chat.yaml', directory: 'sockets' } }] }] },
            { tab: 'Prices', asyncapi: ['prices.json', 'https://example.com/events.yaml'] },
          ],
        },
      },
      'chat.yaml': CHAT_V3,
      'shared/said.yaml': SAID,
      'prices.json': TICKER_V2,
      ...pages('index'),
      'live.mdx': '---\ntitle: Live\nasyncapi: "/prices.json /ticker"\n---\n\nOwn words.\n',
      'room.mdx': '---\ntitle: Room\nasyncapi: room\n---\n',
      'lost.mdx': '---\ntitle: Lost\nasyncapi: "chat.yaml nowhere"\n---\n',
    });

  it('are generated where `asyncapi` is set, in its directory, and named in frontmatter', async () => {
    const site = await loadSite(docs());
    const byUrl = new Map(site.routes.map((route) => [route.url, route]));
    assert.deepEqual(byUrl.get('/sockets/room')?.channel, { spec: 'chat.yaml', channel: 'room' });
    assert.equal(byUrl.get('/sockets/room')?.title, 'Chat room');
    assert.deepEqual(byUrl.get('/api-reference/ticker')?.channel, { spec: 'prices.json', channel: '/ticker' });
    assert.deepEqual(byUrl.get('/live')?.channel, { spec: 'prices.json', channel: '/ticker' });
    assert.deepEqual(byUrl.get('/room')?.channel, { spec: 'chat.yaml', channel: 'room' }, 'a channel of `api.asyncapi`');
    assert.equal(byUrl.get('/lost')?.channel, undefined);
    assert.deepEqual([...site.asyncSpecs.keys()], ['chat.yaml', 'prices.json']);
    // The tab's pages are in a group named after the document.
    const prices = site.navigation!.children[1]!;
    assert.ok(prices.type === 'division' && prices.children[0]!.type === 'group' && prices.children[0]!.name === 'Prices');
    const warnings = site.diagnostics.filter((d) => d.severity === 'warning' && /asyncapi|channel/.test(d.code)).map((d) => `${d.code} ${d.file}${d.path ? ` ${d.path}` : ''}`);
    assert.deepEqual(warnings, ['asyncapi-not-read docs.json navigation.tabs[1].asyncapi', 'unknown-channel lost.mdx']);
    assert.match(site.diagnostics.find((d) => d.code === 'asyncapi-not-read')!.message, /named by URL: this site does not fetch AsyncAPI documents/);
    assert.equal(site.diagnostics.filter((d) => d.code === 'unsupported-setting').length, 0);
    assert.ok(site.ok);
  });

  it('are listed in llms.txt with their documents', async () => {
    const site = await loadSite(docs());
    const model = buildSiteModel(site);
    // Generated channel pages are badged in the sidebar; a page of its own with a channel below is not.
    const entries = JSON.stringify(model.sections);
    assert.match(entries, /"url":"\/sockets\/room","title":"Chat room","method":"WS"/);
    assert.doesNotMatch(entries, /"url":"\/live","title":"Live","method"/);
    const llms = buildLlmsTxt(model, 'https://docs.example.com');
    assert.match(llms, /## AsyncAPI Specs\n\n- \[chat\.yaml\]\(https:\/\/docs\.example\.com\/chat\.yaml\)\n- \[prices\.json\]\(https:\/\/docs\.example\.com\/prices\.json\)/);
    assert.match(llms, /\[Chat room\]\(https:\/\/docs\.example\.com\/sockets\/room\.md\)/);
  });

  it('give the socket proxy the WebSocket servers, and only those', async () => {
    const site = await loadSite(docs());
    const servers = declaredSocketServers(site.asyncSpecs.values());
    assert.deepEqual(servers.map((server) => server.url), ['ws://127.0.0.1:9001/live', 'wss://{region}.prices.example.com/ws']);
    const allowed = (url: string) => declaredSocketTarget(new URL(url), servers) !== undefined;
    assert.ok(allowed('ws://127.0.0.1:9001/live/rooms/1'));
    assert.ok(allowed('wss://us.prices.example.com/ws/ticker'));
    assert.ok(!allowed('wss://ca.prices.example.com/ws/ticker'), 'a value outside the enum');
    assert.ok(!allowed('ws://127.0.0.1:9002/live'), 'another port');
    assert.ok(!allowed('ws://127.0.0.1:9001/other'), 'another path');
    assert.ok(!allowed('http://127.0.0.1:9001/live'), 'not a WebSocket URL');
    assert.ok(!allowed('ws://user@127.0.0.1:9001/live'), 'userinfo');
    assert.ok(namesSocketHost('127.0.0.1', servers));
    assert.ok(!namesSocketHost('eu.prices.example.com', servers), 'a host with a variable names no host outright');
    const spec = findChannel(site.asyncSpecs, { spec: 'chat.yaml', channel: 'room' });
    assert.equal(spec?.channel.id, 'room');
  });
});

