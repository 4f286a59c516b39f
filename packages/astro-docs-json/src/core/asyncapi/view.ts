/**
 * What a channel's page shows, as plain data a component renders and a virtual module
 * carries: its address, the servers it is on, its parameters and bindings, its messages
 * by direction with their payloads as schema trees (those of the OpenAPI pages), and the
 * WebSocket URLs the playground may connect to. Pure.
 */
import { schemaTree, type SchemaNode } from '../openapi/schema-tree.ts';
import type { ChannelTarget } from '../paths/page-path.ts';
import type { AsyncChannel, AsyncServer, AsyncSpec, MessageDirection } from './model.ts';

export interface ChannelServerView {
  name: string;
  url: string;
  protocol: string;
  description?: string;
}

export interface MessageView {
  direction: MessageDirection;
  name: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  payload?: SchemaNode;
  headers?: SchemaNode;
  /** The first example of its payload, or one the playground can start from; as text. */
  example?: string;
  /** Message and operation bindings, as JSON text. */
  bindings?: string;
}

export interface ChannelView {
  spec: string;
  specTitle: string;
  id: string;
  title: string;
  address: string;
  description?: string;
  servers: ChannelServerView[];
  parameters: SchemaNode[];
  bindings?: string;
  messages: MessageView[];
  /** `ws://` and `wss://` URLs of the channel on its servers, variables at their defaults: where the playground connects. */
  sockets: string[];
}

export function findChannel(specs: ReadonlyMap<string, AsyncSpec>, target: ChannelTarget): { spec: AsyncSpec; channel: AsyncChannel } | undefined {
  const spec = specs.get(target.spec);
  const channel = spec?.channels.find((item) => item.id === target.channel);
  return spec && channel ? { spec, channel } : undefined;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The servers a channel is on: those it names, or all of the document's. */
export function serversOf(spec: AsyncSpec, channel: AsyncChannel): AsyncServer[] {
  return channel.servers.length ? spec.servers.filter((server) => channel.servers.includes(server.name)) : spec.servers;
}

/** A server's URL with its variables at their defaults. */
export function serverUrl(server: AsyncServer): string {
  return server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => server.variables.find((variable) => variable.name === name)?.default || whole);
}

/** The channel's address below a server's URL: `ws://host/base` + `ticker` → `ws://host/base/ticker`. */
export function channelUrl(base: string, address: string): string {
  const path = address.replace(/^\/+/, '');
  return path ? `${base.replace(/\/+$/, '')}/${path}` : base;
}

export function channelView(spec: AsyncSpec, channel: AsyncChannel): ChannelView {
  const servers = serversOf(spec, channel);
  const messages = channel.operations.flatMap((operation) =>
    operation.messages.map((message): MessageView => {
      const example = message.examples[0] ?? undefined;
      const bindings = message.bindings || operation.bindings ? json({ ...(operation.bindings ? { operation: operation.bindings } : {}), ...(message.bindings ? { message: message.bindings } : {}) }) : undefined;
      const fields: Array<[keyof MessageView, unknown]> = [
        ['title', message.title],
        ['summary', message.summary ?? operation.summary],
        ['description', message.description ?? operation.description],
        ['contentType', message.contentType],
        ['payload', message.payload && schemaTree(message.payload)],
        ['headers', message.headers && schemaTree(message.headers)],
        ['example', example === undefined ? undefined : typeof example === 'string' ? example : json(example)],
        ['bindings', bindings],
      ];
      return { direction: operation.direction, name: message.name, ...Object.fromEntries(fields.filter(([, value]) => value !== undefined)) };
    }),
  );
  const sockets = servers.filter((server) => /^wss?$/i.test(server.protocol) || /^wss?:/i.test(server.url)).map((server) => channelUrl(serverUrl(server), channel.address));
  return {
    spec: spec.source,
    specTitle: spec.title,
    id: channel.id,
    title: channel.title ?? channel.id,
    address: channel.address,
    ...(channel.description ?? channel.summary ? { description: channel.description ?? channel.summary } : {}),
    servers: servers.map((server) => ({ name: server.name, url: serverUrl(server), protocol: server.protocol, ...(server.description ? { description: server.description } : {}) })),
    parameters: channel.parameters.map((parameter) => schemaTree({ ...(parameter.schema ?? {}), ...(parameter.description ? { description: parameter.description } : {}) }, parameter.name, true)),
    ...(channel.bindings ? { bindings: json(channel.bindings) } : {}),
    messages,
    sockets: [...new Set(sockets)],
  };
}
