import { z } from 'zod';
import { AccountId } from '../shared/schemas';
import type { ConsoleRoleColumn, ConsoleUsersTable } from './console-tables';

/** The console's roles: `admin` may do anything the API allows, `read-only` only read (ADR 033). */
export const CONSOLE_ROLES = ['admin', 'read-only'] as const satisfies readonly ConsoleRoleColumn[];
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** A console user's e-mail, stored and compared lower-case. */
export const ConsoleEmail = z
  .email('must be an e-mail address')
  .max(254)
  .transform((s) => s.toLowerCase());
export const ConsolePassword = z.string().min(12, 'must be at least 12 characters').max(1024);

export const CreateConsoleUserBody = z.strictObject({
  email: ConsoleEmail,
  role: z.enum(CONSOLE_ROLES),
  password: ConsolePassword.optional().describe('Left out: a password is generated and answered once, in this answer'),
});
export type CreateConsoleUserInput = z.infer<typeof CreateConsoleUserBody>;

export const ConsoleUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(CONSOLE_ROLES),
  created_at: z.string(),
  created_by: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export type ConsoleUserView = z.infer<typeof ConsoleUserSchema>;
export const ConsoleUserCreated = ConsoleUserSchema.extend({
  password: z.string().optional().describe('Only when it was generated, and only in this answer'),
});

export const ConsoleUsersParams = z.object({ aid: AccountId });
export const ConsoleUserParams = z.object({ aid: AccountId, user_id: z.string().min(1).max(100) });
export const ListConsoleUsersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(255).optional().describe("The previous page's last user id (its `paging_token`)"),
});

type Row = Pick<ConsoleUsersTable, 'id' | 'email' | 'role' | 'created_at' | 'created_by' | 'deleted_at' | 'deleted_by'>;

/** The public shape: never the password hash. */
export const consoleUserView = (r: Row): ConsoleUserView => ({
  id: r.id,
  email: r.email,
  role: r.role,
  created_at: r.created_at,
  created_by: r.created_by,
  ...(r.deleted_at ? { deleted_at: r.deleted_at } : {}),
  ...(r.deleted_by ? { deleted_by: r.deleted_by } : {}),
});

/** The columns a view reads (a query never selects the hash for a view). */
export const VIEW_COLUMNS = ['id', 'email', 'role', 'created_at', 'created_by', 'deleted_at', 'deleted_by'] as const;
