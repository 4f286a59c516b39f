// The navbar's GitHub and Discord links: what they link to, and what the browser asks about.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { communityLink, parseDiscordInvite } from '../src/core/navigation/community-links.ts';

describe('community links', () => {
  it('reads the repository of a GitHub link, and names it when docs.json does not', () => {
    assert.deepEqual(communityLink({ type: 'github', href: 'https://github.com/acme/widgets' }), { network: 'github', label: 'acme/widgets', repository: 'acme/widgets' });
    assert.deepEqual(communityLink({ type: 'github', label: 'Star us', href: 'https://github.com/acme/widgets.git' }), { network: 'github', label: 'Star us', repository: 'acme/widgets' });
    // Not a repository: a plain link.
    assert.equal(communityLink({ type: 'github', href: 'https://example.com/acme' }), undefined);
  });

  it('reads the invite of a Discord link, in each of its forms', () => {
    assert.equal(parseDiscordInvite('https://discord.gg/acme-docs'), 'acme-docs');
    assert.equal(parseDiscordInvite('https://discord.com/invite/AbC123?event=1'), 'AbC123');
    assert.equal(parseDiscordInvite('https://discord.com/channels/1/2'), undefined);
    assert.equal(parseDiscordInvite('https://discord.gg/../../api'), undefined);
    assert.deepEqual(communityLink({ type: 'discord', href: 'https://discord.gg/acme-docs' }), { network: 'discord', label: 'Discord', invite: 'acme-docs' });
    assert.equal(communityLink({ href: 'https://discord.gg/acme-docs' }), undefined);
  });
});
