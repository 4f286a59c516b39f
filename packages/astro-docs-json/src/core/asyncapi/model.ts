/**
 * A resolved AsyncAPI document, 2.x or 3.x, in one shape: its servers, and its channels
 * with the messages a client sends and receives on each. The two versions say the same
 * things differently: 2.x hangs `publish`/`subscribe` operations on a channel keyed by its
 * address, 3.x keys channels by id and lists operations apart, with an `action` seen from
 * the application the document describes. Both are read here from the reader's side, the
 * client of that application:
 * - 2.x `publish` (others publish to the application) and 3.x `receive` are messages the
 *   client **sends**;
 * - 2.x `subscribe` and 3.x `send` are messages the client **receives**.
 * What a document gets wrong is a problem with its JSON pointer; the rest is still read.
 */
import type { ServerTemplate } from '../openapi/operations.ts';
import type { AsyncProblem } from './document.ts';

type Json = Record<string, unknown>;

export type MessageDirection = 'send' | 'receive' | 'either';

export interface AsyncMessage {
  /** The key of the message in its channel or components, or its `name`. */
  name: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  payload?: Json;
  headers?: Json;
  /** Payload examples, as the document writes them. */
  examples: unknown[];
  bindings?: Json;
}

export interface AsyncOperation {
  direction: MessageDirection;
  /** The operation's id (3.x key, 2.x `operationId`). */
  id?: string;
  summary?: string;
  description?: string;
  messages: AsyncMessage[];
  bindings?: Json;
}

export interface AsyncServer extends ServerTemplate {
  name: string;
  protocol: string;
}

export interface AsyncChannel {
  /** The key in `channels`: the id (3.x) or the address (2.x). */
  id: string;
  /** Where a client connects below a server: `/ticker`, `rooms/{roomId}`; empty when the document gives none. */
  address: string;
  title?: string;
  summary?: string;
  description?: string;
  /** Names of the servers it is on; empty means all of them. */
  servers: string[];
  parameters: Array<{ name: string; description?: string; schema?: Json }>;
  bindings?: Json;
  operations: AsyncOperation[];
}

export interface AsyncSpec {
  /** The file's path relative to the docs folder, or its URL. */
  source: string;
  /** The `asyncapi` field: `2.6.0`, `3.0.0`. */
  version: string;
  title: string;
  description?: string;
  servers: AsyncServer[];
  channels: AsyncChannel[];
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
const objectOf = (value: unknown) => (isObject(value) && Object.keys(value).length ? value : undefined);
const entries = (value: unknown): Array<[string, Json]> => (isObject(value) ? Object.entries(value).filter((entry): entry is [string, Json] => isObject(entry[1])) : []);

/** The document's channels and servers, with a problem for each part that could not be read. */
export function asyncSpecOf(source: string, document: unknown): { spec?: AsyncSpec; problems: AsyncProblem[] } {
  const problems: AsyncProblem[] = [];
  if (!isObject(document)) return { problems: [{ file: source, message: 'is not an AsyncAPI document: its top level is not a mapping' }] };
  const version = typeof document.asyncapi === 'string' || typeof document.asyncapi === 'number' ? String(document.asyncapi) : undefined;
  if (!version) return { problems: [{ file: source, path: '#/asyncapi', message: 'has no `asyncapi` version field: it is not read as an AsyncAPI document', hint: 'Start the document with `asyncapi: 3.0.0` (or a 2.x version).' }] };
  const major = Number(version.split('.')[0]);
  if (major !== 2 && major !== 3) return { problems: [{ file: source, path: '#/asyncapi', message: `is AsyncAPI ${version}, which this site does not read`, hint: 'AsyncAPI 2.x and 3.x are read.' }] };
  const info = isObject(document.info) ? document.info : {};
  if (!isObject(document.info)) problems.push({ file: source, path: '#/info', message: 'has no `info`: the channels are listed under the file name' });
  const servers = entries(document.servers).map(([name, server]) => serverOf(name, server, major));
  const channels = major === 2 ? channelsOf2(source, document, problems) : channelsOf3(source, document, problems);
  const title = text(info.title) ?? source.slice(source.lastIndexOf('/') + 1);
  const description = text(info.description);
  return { spec: { source, version, title, ...(description ? { description } : {}), servers, channels }, problems };
}

function serverOf(name: string, server: Json, major: number): AsyncServer {
  const protocol = text(server.protocol) ?? 'ws';
  let url: string;
  if (major === 2) {
    const written = text(server.url) ?? '';
    url = /^[a-z][a-z0-9+.-]*:\/\//i.test(written) ? written : `${protocol}://${written}`;
  } else {
    url = `${protocol}://${text(server.host) ?? ''}${text(server.pathname) ?? ''}`;
  }
  const variables = entries(server.variables).map(([variable, value]) => ({
    name: variable,
    default: typeof value.default === 'string' ? value.default : Array.isArray(value.enum) ? String(value.enum[0] ?? '') : '',
    ...(Array.isArray(value.enum) ? { enum: value.enum.map(String) } : {}),
    ...(text(value.description) ? { description: text(value.description)! } : {}),
  }));
  const description = text(server.description);
  return { name, protocol, url: url.replace(/\/+$/, ''), variables, ...(description ? { description } : {}) };
}

/** A message object (or `{ oneOf: [...] }` of them in 2.x), named by `fallback` when it names itself nowhere. */
function messagesOf(value: unknown, fallback: string): AsyncMessage[] {
  if (!isObject(value)) return [];
  if (Array.isArray(value.oneOf)) return value.oneOf.flatMap((option, index) => messagesOf(option, `${fallback} ${index + 1}`));
  return [messageOf(value, fallback)];
}

function messageOf(message: Json, name: string): AsyncMessage {
  const examples = Array.isArray(message.examples)
    ? message.examples.flatMap((example) => (isObject(example) && example.payload !== undefined ? [example.payload] : []))
    : [];
  const fields: Array<[keyof AsyncMessage, unknown]> = [
    ['title', text(message.title)],
    ['summary', text(message.summary)],
    ['description', text(message.description)],
    ['contentType', text(message.contentType)],
    ['payload', payloadOf(message.payload)],
    ['headers', objectOf(message.headers)],
    ['bindings', objectOf(message.bindings)],
  ];
  return { name: text(message.name) ?? text(message.messageId) ?? name, examples, ...Object.fromEntries(fields.filter(([, value]) => value !== undefined)) };
}

/** 3.x may wrap a schema of another format: `{ schemaFormat, schema }`; the schema is what is shown. */
function payloadOf(payload: unknown): Json | undefined {
  if (!isObject(payload)) return undefined;
  return typeof payload.schemaFormat === 'string' && isObject(payload.schema) ? payload.schema : payload;
}

function parametersOf(value: unknown): AsyncChannel['parameters'] {
  return entries(value).map(([name, parameter]) => {
    const description = text(parameter.description);
    // 2.x nests a schema; 3.x writes `enum`, `default` and `examples` on the parameter itself.
    const schema = isObject(parameter.schema) ? parameter.schema : { type: 'string', ...(Array.isArray(parameter.enum) ? { enum: parameter.enum } : {}), ...(parameter.default !== undefined ? { default: parameter.default } : {}) };
    return { name, ...(description ? { description } : {}), schema };
  });
}

function channelBase(id: string, channel: Json, address: string): AsyncChannel {
  const fields: Array<[string, unknown]> = [
    ['title', text(channel.title)],
    ['summary', text(channel.summary)],
    ['description', text(channel.description)],
    ['bindings', objectOf(channel.bindings)],
  ];
  return { id, address, servers: [], parameters: parametersOf(channel.parameters), operations: [], ...Object.fromEntries(fields.filter(([, value]) => value !== undefined)) };
}

function channelsOf2(source: string, document: Json, problems: AsyncProblem[]): AsyncChannel[] {
  if (!isObject(document.channels)) {
    problems.push({ file: source, path: '#/channels', message: 'has no `channels`: no channel page is made' });
    return [];
  }
  return entries(document.channels).map(([address, channel]) => {
    const result = channelBase(address, channel, address);
    if (Array.isArray(channel.servers)) result.servers = channel.servers.filter((name): name is string => typeof name === 'string');
    for (const [key, direction] of [['publish', 'send'], ['subscribe', 'receive']] as const) {
      const operation = channel[key];
      if (!isObject(operation)) continue;
      const id = text(operation.operationId);
      result.operations.push({ direction, ...(id ? { id } : {}), ...describedBy(operation), messages: messagesOf(operation.message, id ?? key), ...bindingsOf(operation) });
    }
    return result;
  });
}

const describedBy = (value: Json) => ({ ...(text(value.summary) ? { summary: text(value.summary)! } : {}), ...(text(value.description) ? { description: text(value.description)! } : {}) });
const bindingsOf = (value: Json) => (objectOf(value.bindings) ? { bindings: objectOf(value.bindings)! } : {});

function channelsOf3(source: string, document: Json, problems: AsyncProblem[]): AsyncChannel[] {
  const serverNames = new Map(entries(document.servers).map(([name, server]) => [server, name]));
  const channels = entries(document.channels).map(([id, channel]) => {
    const result = channelBase(id, channel, typeof channel.address === 'string' ? channel.address : '');
    if (Array.isArray(channel.servers)) result.servers = channel.servers.flatMap((server) => serverNames.get(server as Json) ?? []);
    return { result, channel };
  });
  if (!channels.length) problems.push({ file: source, path: '#/channels', message: 'has no `channels`: no channel page is made' });
  for (const [id, operation] of entries(document.operations)) {
    const owner = channels.find(({ channel }) => channel === operation.channel);
    if (!owner) {
      problems.push({ file: source, path: `#/operations/${id.replace(/~/g, '~0').replace(/\//g, '~1')}/channel`, message: 'names no channel of the document: the operation is not shown', hint: 'Point `channel` at one of `#/channels/…` with a `$ref`.' });
      continue;
    }
    const names = new Map(entries(owner.channel.messages).map(([name, message]) => [message, name]));
    const chosen = Array.isArray(operation.messages) ? operation.messages.filter(isObject) : [...names.keys()];
    const direction: MessageDirection = operation.action === 'receive' ? 'send' : operation.action === 'send' ? 'receive' : 'either';
    const messages = chosen.map((message, index) => messageOf(message, names.get(message) ?? `${id} ${index + 1}`));
    owner.result.operations.push({ direction, id, ...describedBy(operation), messages, ...bindingsOf(operation) });
  }
  // A channel no operation names still shows its messages, in neither direction.
  for (const { result, channel } of channels) {
    if (result.operations.length === 0 && isObject(channel.messages)) {
      result.operations.push({ direction: 'either', messages: entries(channel.messages).map(([name, message]) => messageOf(message, name)) });
    }
  }
  return channels.map(({ result }) => result);
}
