/** `import text from './file?raw'` (next.config.ts: a Turbopack rule): the file's text, read at build time. */
declare module '*?raw' {
  const text: string;
  export default text;
}
