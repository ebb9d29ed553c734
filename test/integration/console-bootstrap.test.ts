import { describe, expect, it } from 'vitest';
import { consoleBanner } from '../../server/accounts/startup-banner';
import { ensureConsoleAdmin } from '../../server/console/ensure-console-admin';
import { registerKassa } from '../../server/http/kassa-singleton';
import { consoleViewer } from '../../server/pages/console-session';
import { cookieOf, signIn } from '../support/console';
import { kassaForTest } from '../support/fixtures';
import { sharedDatabase } from '../support/kassa-process';
import { spawnKassa } from '../support/spawn-kassa';
import { ACCOUNT } from '../support/test-server';

/** Issue 26: the startup merchant gets a console admin once; a generated password is printed by that start only (ADR 033). */
const ORIGIN = 'http://console.kassa.test';
const EMAIL = 'admin@kassa.local';

describe('the console admin of the startup merchant', () => {
  it('is made once with a generated password shown once; KASSA_CONSOLE_ADMIN_PASSWORD replaces it and ends its sessions', async () => {
    const { srv, db } = await kassaForTest({ env: { KASSA_PUBLIC_URL: ORIGIN } });
    registerKassa(srv.kassa);
    const env = {
      KASSA_CONSOLE_ADMIN_EMAIL: 'Admin@Kassa.local',
      KASSA_CONSOLE_ADMIN_PASSWORD: undefined as string | undefined,
      KASSA_CONSOLE_PASSWORD_COST: srv.kassa.ctx.env.KASSA_CONSOLE_PASSWORD_COST,
    };
    const first = await ensureConsoleAdmin(srv.kassa.ctx.database, env, ACCOUNT);
    expect(first?.email).toBe(EMAIL);
    const password = first!.newPassword!;
    expect(password).toMatch(/^\S{20}$/);
    expect(consoleBanner(ORIGIN, first, false)).toContain(`e-mail ${EMAIL}  password ${password}`);
    const row = await db().selectFrom('console_users').selectAll().where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: ACCOUNT, role: 'admin' });
    expect(row.password_hash).not.toContain(password);

    const again = await ensureConsoleAdmin(srv.kassa.ctx.database, env, ACCOUNT);
    expect(again).toEqual({ accountId: ACCOUNT, email: EMAIL });
    expect(consoleBanner(ORIGIN, again, false)).toBeUndefined();
    expect(consoleBanner(ORIGIN, again, true)).not.toContain(password);
    expect((await db().selectFrom('console_users').select('id').execute()).length).toBe(1);

    const signedIn = await signIn(ORIGIN, EMAIL, password);
    expect(signedIn.status).toBe(204);
    const cookie = cookieOf(signedIn).split('=').slice(1).join('=');
    expect(await consoleViewer(cookie)).toBeDefined();
    const chosen = 'chosen-admin-password-0123';
    const replaced = await ensureConsoleAdmin(
      srv.kassa.ctx.database,
      { ...env, KASSA_CONSOLE_ADMIN_PASSWORD: chosen },
      ACCOUNT,
    );
    expect(replaced).toEqual({ accountId: ACCOUNT, email: EMAIL, passwordChosen: true, passwordReplaced: true });
    expect(consoleBanner(ORIGIN, replaced, false)).toBeUndefined();
    expect(consoleBanner(ORIGIN, replaced, true)).toContain('(the password KASSA_CONSOLE_ADMIN_PASSWORD sets)');
    expect(await consoleViewer(cookie)).toBeUndefined();
    expect((await signIn(ORIGIN, EMAIL, password)).status).toBe(401);
    expect((await signIn(ORIGIN, EMAIL, chosen)).status).toBe(204);
    // the same password on the next start changes nothing (sessions stay)
    const later = await signIn(ORIGIN, EMAIL, chosen);
    const laterCookie = cookieOf(later).split('=').slice(1).join('=');
    await ensureConsoleAdmin(srv.kassa.ctx.database, { ...env, KASSA_CONSOLE_ADMIN_PASSWORD: chosen }, ACCOUNT);
    expect(await consoleViewer(laterCookie)).toBeDefined();
  });

  it('the server prints its e-mail and generated password on the first start only', async () => {
    const shared = sharedDatabase();
    const env = {
      KASSA_DATA_DIR: shared.dataDir,
      ...(shared.pgSchema ? { DATABASE_URL: process.env.DATABASE_URL!, KASSA_DATABASE_SCHEMA: shared.pgSchema } : {}),
    };
    try {
      const first = await spawnKassa({ env });
      await first.kill();
      const printed = /Console: +\S+\/console +account T\d{8} +e-mail admin@kassa\.local +password (\S+)/.exec(
        first.output(),
      )?.[1];
      expect(printed, first.output()).toMatch(/^\S{20}$/);
      const second = await spawnKassa({ env });
      await second.kill();
      expect(second.output()).toContain('e-mail admin@kassa.local');
      expect(second.output()).not.toContain(printed!);
    } finally {
      await shared.drop();
    }
  });
});
