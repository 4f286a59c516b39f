/**
 * The ids Mintlify gives a page's fields, accordions, tabs and views
 * (`core/markdown/component-anchors.ts`), set on the components as their `id` when the page
 * is compiled: the components render the id they are given, so that the page and the link
 * checker agree, and a link copied from a Mintlify site lands where it did there.
 */
import type { HastPluginDefinition, MdxJsxFlowElementHast, PluginFactoryContext } from 'satteri';
import { ComponentAnchors, FIELD_COMPONENTS, givenIds, TITLED_COMPONENTS, type WrittenComponent } from '../markdown/component-anchors.ts';

/** The plugin, made anew for each page: ids are unique within one page. */
export const componentAnchors = (page: PluginFactoryContext): HastPluginDefinition | undefined => {
  // Most pages have none of these components: the plugin stays out of their compile.
  if (!/<(?:ParamField|Param|ResponseField|Accordion|Tab|View)\b/.test(page.source)) return undefined;
  const anchors = new ComponentAnchors(givenIds(page.source));
  return {
    name: 'astro-docs-json:component-anchors',
    mdxJsxFlowElement: {
      filter: [...FIELD_COMPONENTS, ...TITLED_COMPONENTS],
      visit(node, ctx) {
        const id = anchors.anchor(written(node));
        if (id) ctx.setProperty(node, 'id', id);
      },
    },
  };
};

function written(node: Readonly<MdxJsxFlowElementHast>): WrittenComponent {
  const find = (name: string) => node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
  return {
    name: node.name ?? '',
    attribute: (name) => {
      const found = find(name);
      return found?.type === 'mdxJsxAttribute' && typeof found.value === 'string' ? found.value : undefined;
    },
    has: (name) => find(name) !== undefined,
  };
}
