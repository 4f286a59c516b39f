// Behaviour of the built-in components (components/mdx/) in the browser.
export {};
