// Builds the example site in example-site/, the showcase of every feature.
import { defineConfig } from 'astro/config';
import docsJson from 'astro-docs-json';

export default defineConfig({
  site: 'https://docs.example.com',
  integrations: [docsJson({ dir: './example-site' })],
});
