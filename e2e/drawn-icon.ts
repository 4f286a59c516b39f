// Icons as pages draw them: an empty `<i class="icon i3">`, painted in the text's colour
// through a mask that the site's icon style sheet gives its class (an SVG `data:` URL).
import type { Locator } from 'playwright/test';
import { expect } from 'playwright/test';

/** The icon's class (`i3`) and the shapes of the SVG its mask draws, as the browser computes them. */
export async function iconMask(icon: Locator): Promise<{ id: string; shapes: string[] }> {
  return icon.evaluate((element) => {
    const style = getComputedStyle(element);
    const image = style.maskImage || style.getPropertyValue('-webkit-mask-image');
    const url = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(image)?.[1] ?? '';
    const svg = new DOMParser().parseFromString(decodeURIComponent(url), 'image/svg+xml');
    const shapes = [...svg.querySelectorAll('path, circle, rect, polyline, polygon, line')].map((shape) => shape.getAttribute('d') ?? shape.tagName);
    return { id: [...element.classList].find((name) => /^i\d+$/.test(name)) ?? '', shapes: shapes.filter((shape) => shape.trim() !== '') };
  });
}

/** Whether the element puts pixels on the screen: its picture differs once it is hidden. */
export async function expectDrawn(element: Locator) {
  await expect(element).toBeVisible();
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  expect(box.width).toBeGreaterThan(4);
  expect(box.height).toBeGreaterThan(4);
  const shown = await element.page().screenshot({ clip: box });
  await element.evaluate((node: HTMLElement) => (node.style.visibility = 'hidden'));
  const hidden = await element.page().screenshot({ clip: box });
  await element.evaluate((node: HTMLElement) => (node.style.visibility = ''));
  expect(shown.equals(hidden), 'the icon draws something').toBe(false);
}

/** A named icon, drawn: its mask is an SVG with shapes, and it puts pixels on the screen. */
export async function expectNamedIcon(icon: Locator): Promise<string> {
  const { id, shapes } = await iconMask(icon);
  expect(id, 'the icon has its class').not.toBe('');
  expect(shapes.length, `shapes of .${id}`).toBeGreaterThan(0);
  await expectDrawn(icon);
  return id;
}
