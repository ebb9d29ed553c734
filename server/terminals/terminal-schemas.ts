import { z } from 'zod';
import { AccountId, manyParam, SafeString } from '../shared/schemas';
import { PayoutDestinationId } from './payout-destination-schemas';
import { StoreId } from './store-schemas';
import { ListQuery } from './listing';
import { DEVICE_MODEL_PREFIXES } from './device-models';
import type { DeviceModelColumn, TerminalStatusColumn, TerminalStatusReasonColumn } from './terminals-tables';

export const DEVICE_MODELS = [
  'SATURN1000',
  'Saturn_S1F4_Pro',
  'S1P2',
  'S1MINI2',
] as const satisfies readonly DeviceModelColumn[];
export const TERMINAL_STATUSES = [
  'DELETED',
  'PENDING',
  'ACTION_REQUIRED',
  'ACTIVE',
  'INACTIVE',
  'ERROR',
] as const satisfies readonly TerminalStatusColumn[];
const STATUS_REASONS = ['CHECK_UPDATE'] as const satisfies readonly TerminalStatusReasonColumn[];

/** The serial numbers of a known model (any case of its prefix), as the document states them: else 400 UNKNOWN_DEVICE_MODEL. */
const anyCase = (prefix: string) =>
  [...prefix].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c)).join('');
const KNOWN_MODEL_SERIAL = `^(?:${DEVICE_MODEL_PREFIXES.map(([p]) => anyCase(p)).join('|')})[A-Za-z0-9._-]{0,59}$`;

const DEVICE_MODEL_RESOLVED = 'device_model is resolved from device_serial_number; leave it out';

/** The request: device_model is not in it (the answer has it, resolved from the serial number). */
export const TerminalBody = z.strictObject(
  {
    device_serial_number: z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
        'must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit',
      )
      .meta({ pattern: KNOWN_MODEL_SERIAL })
      .describe('Printed on the device; its prefix names the model (see device_model)'),
    store_id: StoreId.describe('The client-supplied store_id of a store of the account that has a payout destination'),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys' && iss.keys.includes('device_model')
        ? iss.keys.map((k) => (k === 'device_model' ? DEVICE_MODEL_RESOLVED : `Unrecognized key: "${k}"`)).join('; ')
        : undefined,
  },
);
export type TerminalInput = z.infer<typeof TerminalBody>;

export const TerminalSchema = z.object({
  id: z.string(),
  terminal_id: z.string().describe("The account id, '-T' and a 4-digit number (T12345678-T0001)"),
  device_serial_number: z.string(),
  device_model: z.enum(DEVICE_MODELS),
  store_id: z.string(),
  status: z.enum(TERMINAL_STATUSES),
  status_reason: z.enum(STATUS_REASONS).optional(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
  store: z.object({ id: z.string(), store_name: z.string() }).optional().describe('With includes=store'),
});
export type TerminalView = z.infer<typeof TerminalSchema>;

export const TerminalParams = z.object({ aid: AccountId, terminal_id: SafeString.min(1).max(255) });

/** A repeatable query parameter whose values are taken whole (store ids may contain commas); the document states `item`. */
const repeated = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([item, z.array(item)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional();

export const TerminalListQuery = ListQuery.extend({
  'store_id[]': repeated(StoreId).describe('Only terminals of these stores (repeat the parameter)'),
  store_id: repeated(StoreId).describe('Same as store_id[]'),
  'payout_destination_id[]': manyParam(PayoutDestinationId).describe(
    "Only terminals whose store pays out to one of these (repeat, or separate with ',')",
  ),
  payout_destination_id: manyParam(PayoutDestinationId).describe('Same as payout_destination_id[]'),
  includes: manyParam(z.enum(['store'])).describe('store: add store {id, store_name}'),
  include_deleted: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false)
    .describe('true: also list DELETED terminals'),
});
export type TerminalListInput = z.infer<typeof TerminalListQuery>;

export const TerminalListSchema = z.object({
  terminals: z.array(TerminalSchema),
  starting_after: z.string().optional().describe('Pass as starting_after for the next page; absent on the last page'),
});
