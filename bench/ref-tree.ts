import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './proc';

/** A git ref's tree, unpacked outside the repository with its server bundle built, for `npm run bench:compare`. */
export interface RefTree {
  ref: string;
  commit: string;
  root: string;
  /** How node_modules was provided: the work tree's (same package-lock.json) or its own `npm ci`. */
  modules: 'shared' | 'npm ci';
  remove(): void;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

const run = (cmd: string, args: string[], cwd: string) => {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd} (exit ${r.status ?? r.signal})`);
};

/**
 * Unpacks `ref` with `git archive` into a temporary directory (nothing is written to the repository:
 * no worktree to register or prune, and an interrupted run leaves only that directory), reuses the
 * work tree's node_modules through a symlink when package-lock.json is the same (else `npm ci`
 * there), and builds its server bundle with its own `scripts/build-server.mjs`.
 */
export const prepareRefTree = (ref: string, log: (s: string) => void): RefTree => {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `kassa-baseline-${commit.slice(0, 8)}-`));
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    const tar = path.join(root, '.baseline.tar');
    execFileSync('git', ['archive', '--format=tar', `--output=${tar}`, commit], { cwd: ROOT });
    run('tar', ['-xf', tar, '-C', root], root);
    fs.rmSync(tar);
    const lock = (dir: string) => fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    const modules = lock(root) === lock(ROOT) ? 'shared' : 'npm ci';
    log(
      `${ref} = ${commit.slice(0, 12)} in ${root}; node_modules: ${modules === 'shared' ? 'the work tree’s (same package-lock.json)' : 'npm ci (package-lock.json differs)'}`,
    );
    if (modules === 'shared') fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    else run('npm', ['ci', '--no-audit', '--no-fund'], root);
    run(process.execPath, ['scripts/build-server.mjs'], root);
    return { ref, commit, root, modules, remove };
  } catch (e) {
    remove();
    throw e;
  }
};
