declare module 'virtual:astro-docs-json/site' {
  interface RouteData {
    url: string;
    file: string;
    title: string;
    description?: string;
    version: string | null;
    language: string | null;
    hidden: boolean;
  }
  const site: { name: string; description: string; routes: RouteData[] };
  export default site;
}

declare module 'virtual:astro-docs-json/pages' {
  export const pages: Record<string, () => Promise<{ Content: import('astro').AstroComponentFactory }>>;
}
