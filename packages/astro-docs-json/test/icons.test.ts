import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findIcon, iconNames, IconRegistry, isKnownIcon, lookupOrder } from '../src/core/icons/iconify.ts';
import { PRO_EQUIVALENTS } from '../src/core/icons/equivalents.ts';
import { isSvgElement, looksLikeSvg, svgImage, svgMarkup } from '../src/core/icons/svg-icon.ts';
import { iconHtml } from '../src/astro/render/render-data.ts';

/** Where a name was found: `set:name`. */
const where = (...args: Parameters<typeof findIcon>) => {
  const found = findIcon(...args);
  return found && `${found.prefix}:${found.name}`;
};

describe('icon lookup order', () => {
  it('is the site\'s library first, then Font Awesome, Lucide, Tabler, Material Design Icons and Simple Icons', () => {
    const rest = ['lucide', 'tabler', 'mdi', 'simple-icons'];
    assert.deepEqual(lookupOrder(), ['fa7-solid', 'fa7-brands', 'fa7-regular', ...rest]);
    assert.deepEqual(lookupOrder('fontawesome', 'regular'), ['fa7-regular', 'fa7-solid', 'fa7-brands', ...rest]);
    assert.deepEqual(lookupOrder('fontawesome', 'duotone'), ['fa7-solid', 'fa7-brands', 'fa7-regular', ...rest], 'Pro styles fall back to solid');
    assert.deepEqual(lookupOrder('lucide'), ['lucide', 'fa7-solid', 'fa7-brands', 'fa7-regular', 'tabler', 'mdi', 'simple-icons']);
    assert.deepEqual(lookupOrder('tabler'), ['tabler', 'fa7-solid', 'fa7-brands', 'fa7-regular', 'lucide', 'mdi', 'simple-icons']);
  });

  it('takes a name that Font Awesome free has from Font Awesome, in the style asked for', () => {
    // Lucide, Tabler and Material Design Icons have a `house` too.
    assert.equal(where('house'), 'fa7-solid:house');
    assert.equal(where('github'), 'fa7-brands:github');
    assert.equal(where({ name: 'star', style: 'regular' }), 'fa7-regular:star');
    assert.equal(where('star', 'fontawesome', 'regular'), 'fa7-regular:star');
  });

  it('looks a name Font Awesome free lacks up in the next sets, in order', () => {
    assert.equal(where('sparkles'), 'lucide:sparkles', 'Lucide before Tabler and Material Design Icons, which have it too');
    assert.equal(where('browser'), 'tabler:browser');
    assert.equal(where('waveform'), 'mdi:waveform');
    assert.equal(where('anthropic'), 'simple-icons:anthropic');
  });

  it('looks in the site\'s library first, then in Font Awesome', () => {
    assert.equal(where('house', 'lucide'), 'lucide:house');
    assert.equal(where({ name: 'home', library: 'tabler' }), 'tabler:home');
    assert.equal(where('circle-info', 'lucide'), 'fa7-solid:circle-info');
    assert.equal(where('sparkles', 'tabler'), 'tabler:sparkles');
  });

  it('compares names without regard to case', () => {
    assert.equal(where('GitHub'), 'fa7-brands:github');
    assert.equal(where('Triangle'), 'lucide:triangle');
    assert.equal(where('D'), 'fa7-solid:d');
    assert.equal(where(' Rocket '), 'fa7-solid:rocket');
  });

  it('draws Font Awesome Pro names that no set has with their free equivalents', () => {
    assert.equal(where('message-bot'), 'lucide:bot-message-square');
    assert.equal(where('spinner-third'), 'fa7-solid:circle-notch');
    assert.equal(where('Phone-Arrow-Up-Right'), 'lucide:phone-outgoing');
  });

  it('has equivalents only for names no set has, each drawing an icon that exists', () => {
    for (const [name, target] of Object.entries(PRO_EQUIVALENTS)) {
      // Were the name in a set, the set's icon would come first and the entry would be dead.
      assert.equal(where(name), `${target.prefix}:${target.name}`, name);
      assert.ok(lookupOrder().includes(target.prefix), `${name}: ${target.prefix} is one of the sets`);
    }
  });

  it('leaves a name that no set has unknown, with a suggestion', () => {
    assert.equal(findIcon('no-such-icon-anywhere'), undefined);
    assert.equal(isKnownIcon('no-such-icon-anywhere'), false);
    assert.equal(isKnownIcon('sparkles'), true);
    assert.equal(isKnownIcon('GitHub', 'lucide'), true);
    assert.ok(iconNames('no-such-icon').includes('bot-message-square'), 'suggestions come from every set');
    assert.ok(iconNames('no-such-icon').includes('message-bot'), 'and from the equivalents');
    for (const name of ['constructor', '__proto__', 'hasOwnProperty']) assert.equal(findIcon(name), undefined, `${name}, a property every object has`);
  });
});

describe('icon registry', () => {
  it('gives one symbol to each icon found, however the name is written, and none to unknown names', () => {
    const registry = new IconRegistry();
    const github = registry.resolve('github');
    assert.deepEqual(registry.resolve('GitHub'), github);
    assert.deepEqual(registry.resolve({ name: 'github', style: 'brands' }), github);
    assert.deepEqual(registry.resolve('message-bot'), { kind: 'symbol', id: 'i1' });
    assert.deepEqual(registry.resolve('bot-message-square'), { kind: 'symbol', id: 'i1' }, 'the equivalent is the icon itself');
    assert.deepEqual(registry.resolve('waveform'), { kind: 'symbol', id: 'i2' });
    assert.equal(registry.resolve('no-such-icon-anywhere'), undefined);
    assert.deepEqual([...registry.unknown], ['no-such-icon-anywhere']);
  });

  it('holds only the icons in use in the style sheet, whichever set they come from', () => {
    const registry = new IconRegistry();
    for (const name of ['rocket', 'sparkles', 'browser', 'waveform', 'anthropic', 'message-bot', 'Rocket']) registry.resolve(name);
    const rules = registry.stylesheet().trimEnd().split('\n');
    assert.equal(rules.length, 6);
    assert.ok(rules.join('').length < 12000, `a style sheet of six icons is small (${rules.join('').length} characters)`);
    rules.forEach((rule, index) => {
      const [, id, url] = /^\.icon\.(i\d+)\{--icon-mask:url\("([^"\\]+)"\)\}$/.exec(rule) ?? [];
      assert.equal(id, `i${index}`);
      assert.match(decodeURIComponent(url!.replace('data:image/svg+xml,', '')), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="[\d. ]+"><(path|g)\b[^>]*>/);
    });
  });

  it('shows a file, a URL or SVG code as it is, outside the style sheet', () => {
    const registry = new IconRegistry();
    assert.deepEqual(registry.resolve('/icons/logo.svg'), { kind: 'image', src: '/icons/logo.svg' });
    assert.deepEqual(registry.resolve('https://example.com/mark'), { kind: 'image', src: 'https://example.com/mark' });
    const svg = registry.resolve('<svg viewBox="0 0 8 8"><rect width="8" height="8" fill="#f00"/></svg>');
    assert.equal(svg?.kind, 'image');
    assert.equal(registry.size, 0);
    assert.equal(isKnownIcon('<svg viewBox="0 0 8 8"></svg>'), true);
  });
});

describe('SVG code as an icon', () => {
  it('tells SVG code from names, files and text', () => {
    assert.equal(looksLikeSvg('<svg viewBox="0 0 1 1"/>'), true);
    assert.equal(looksLikeSvg('  <SVG>\n<path d="M0 0"/></SVG>\n'), true);
    assert.equal(looksLikeSvg('svg'), false);
    assert.equal(looksLikeSvg('<svgx>'), false);
    assert.equal(looksLikeSvg('/images/a.svg'), false);
  });

  it('becomes a data: image with its namespace, a mask when it is drawn in currentColor', () => {
    const coloured = svgImage('<svg viewBox="0 0 8 8"><rect width="8" height="8" fill="#f00"/></svg>');
    assert.deepEqual(coloured, {
      kind: 'image',
      src: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#f00"/></svg>')}`,
    });
    const namespaced = svgImage('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>');
    assert.equal(decodeURIComponent(namespaced.src).match(/xmlns=/g)?.length, 1, 'the namespace is not added twice');
    assert.equal(svgImage('<svg viewBox="0 0 8 8"><path d="M0 0h8" stroke="currentColor"/></svg>').mask, true);
  });

  it('never puts the SVG\'s markup into the page: scripts and handlers stay inside the image', () => {
    const hostile = '<svg onload="alert(1)" viewBox="0 0 8 8"><script>alert(2)</script><foreignObject><img src=x onerror="alert(3)"></foreignObject></svg>';
    for (const resolved of [svgImage(hostile), svgImage(hostile.replace('viewBox', 'fill="currentColor" viewBox'))]) {
      assert.match(resolved.src, /^data:image\/svg\+xml,[\w%.!~*'()-]+$/, 'only URL-escaped characters');
      const html = iconHtml(resolved);
      assert.match(html, resolved.mask ? /^<i class="icon" style="[^"<>]+"><\/i>$/ : /^<img class="icon" src="[^"<>]+" alt="" loading="lazy">$/);
      assert.doesNotMatch(html, /<script|onload=|onerror=/i);
    }
  });

  it('turns a JSX <svg> back into SVG code, with SVG\'s attribute names', () => {
    const element = {
      type: 'svg',
      props: {
        className: 'h-6 w-6',
        viewBox: '0 0 24 24',
        xmlnsXlink: 'http://www.w3.org/1999/xlink',
        onClick: () => {},
        style: { fillOpacity: 0.5 },
        children: [
          '\n',
          { type: 'path', props: { d: 'M0 0h24', strokeWidth: 2, fillRule: 'evenodd', clipRule: 'evenodd' } },
          { type: 'use', props: { xlinkHref: '#a' } },
          { type: 'text', props: { children: ['a < b & "c"', 1] } },
          null,
          false,
        ],
      },
    };
    assert.equal(isSvgElement(element), true);
    assert.equal(isSvgElement({ type: 'path', props: {} }), false);
    assert.equal(isSvgElement('<svg/>'), false);
    assert.equal(
      svgMarkup(element),
      '<svg class="h-6 w-6" viewBox="0 0 24 24" xmlns:xlink="http://www.w3.org/1999/xlink" style="fill-opacity:0.5">\n' +
        '<path d="M0 0h24" stroke-width="2" fill-rule="evenodd" clip-rule="evenodd"></path><use xlink:href="#a"></use>' +
        '<text>a &lt; b &amp; &quot;c&quot;1</text></svg>',
    );
    assert.equal(svgMarkup({ type: 'svg', props: { 'bad name"': 'x', title: '"><script>' } }), '<svg title="&quot;&gt;&lt;script&gt;"></svg>');
  });
});
