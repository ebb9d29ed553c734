import { afterEach, describe, expect, it, vi } from 'vitest';

type Target = 'server' | 'next';
// @ts-expect-error plain ESM build script without type declarations
const lib = (await import('../../scripts/build-lib.mjs')) as {
  buildAnnouncement(o: { targets: Target[]; first: boolean }): string;
  buildMissing(o: { next: boolean; quiet: boolean }): Promise<Target[]>;
  isCurrent(target: Target): boolean;
};

/** What `npm start` says about building (issue 26): what, that the first build happens once, and nothing when current. */
describe('the build announcement of npm start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on a first start names what it builds, how long, and that later starts skip it', () => {
    const text = lib.buildAnnouncement({ targets: ['server', 'next'], first: true });
    expect(text).toMatch(/^First start: building Kassa once: the server .*, then the .* pages with next build/);
    expect(text).toContain('a few minutes');
    expect(text).toContain('Later starts skip this');
  });

  it('after a change names only what is rebuilt', () => {
    const text = lib.buildAnnouncement({ targets: ['next'], first: false });
    expect(text).toMatch(/^The sources changed since the last build: rebuilding the .* pages with next build/);
    expect(text).not.toContain('server');
    expect(text).not.toContain('once');
  });

  it('says nothing when everything is current', async () => {
    // vitest's global setup built the server bundle: it is current, so nothing is built (no test rewrites dist/ under
    // the servers other tests run from it)
    expect(lib.isCurrent('server'), 'a source changed after the global setup built dist/server').toBe(true);
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await lib.buildMissing({ next: false, quiet: false })).toEqual([]);
    expect(said).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
  });
});
