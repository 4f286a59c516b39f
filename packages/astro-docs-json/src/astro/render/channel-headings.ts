/**
 * The sections of an AsyncAPI channel's page: the headings its component writes and the
 * table of contents lists, from one list so that both have the same ids.
 */
import type { ChannelView } from '../../core/asyncapi/view.ts';

export function channelSections(view: ChannelView): Array<{ slug: string; text: string }> {
  const has = (direction: string) => view.messages.some((message) => message.direction === direction);
  return [
    ...(view.servers.length ? [{ slug: 'servers', text: 'Servers' }] : []),
    ...(view.parameters.length ? [{ slug: 'parameters', text: 'Parameters' }] : []),
    ...(has('send') ? [{ slug: 'send', text: 'Send' }] : []),
    ...(has('receive') ? [{ slug: 'receive', text: 'Receive' }] : []),
    ...(has('either') ? [{ slug: 'messages', text: 'Messages' }] : []),
    ...(view.bindings ? [{ slug: 'bindings', text: 'Bindings' }] : []),
  ];
}
