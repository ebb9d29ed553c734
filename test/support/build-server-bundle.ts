/**
 * Process tests (test/support/kassa-process.ts) run the compiled server, dist/server/kassa.js.
 * Rebuilt here when its sources changed (content hash, scripts/build-lib.mjs; about a second), so
 * running one test file by hand never exercises a stale bundle.
 */
export default async function setup() {
  // @ts-expect-error plain ESM build script without type declarations
  const { buildMissing } = (await import('../../scripts/build-lib.mjs')) as {
    buildMissing(o: { next: boolean; quiet: boolean }): Promise<string[]>;
  };
  await buildMissing({ next: false, quiet: true });
}
