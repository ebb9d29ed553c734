import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rethrow, runPipeline, type Pipeline } from '../../server/payments/pipeline';

/**
 * Every movement of money in the payments module runs the one pipeline (server/payments/pipeline.ts,
 * ADR 032): reserve in a unit of work, the provider with none open, then failed or settle.
 */
const ROOT = path.resolve(__dirname, '../../server/payments');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );

/** A call that asks a provider to move money or decide a payment (`storedCard`, a lookup for the page, is not one). */
const PROVIDER_CALL =
  /(?:providerFor\([^)]*\)|\bprovider)!?\s*\.(?:authorize|completeCustomerAction|capture|refund|void|updateAuthorization|operationStatus|tokenize)!?\(/;
/** Files that are a pipeline's `call` step written apart, and the use case whose pipeline calls them. */
const CALL_STEPS: Record<string, string> = { 'attempt/call-payment-provider.ts': 'attempt/pay-session.ts' };

describe('the payments pipeline', () => {
  const sources = files(ROOT).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));
  const callers = sources.filter((s) => PROVIDER_CALL.test(s.text)).map((s) => s.file);

  it('is the only way to a provider: every file that calls one defines a pipeline, or is the call step of one', () => {
    const outside = callers.filter((file) => {
      const pipeline = CALL_STEPS[file] ?? file;
      return !/\brunPipeline</.test(sources.find((s) => s.file === pipeline)!.text);
    });
    expect(outside).toEqual([]);
    expect(callers.length).toBeGreaterThanOrEqual(6); // pay, merchant-initiated pay, customer action, money operations, authorization update, late void, pending operations
    expect(sources.find((s) => s.file === 'attempt/pay-session.ts')!.text).toMatch(
      /\bcall: \([^)]*\)\s*=>\s*callPaymentProvider\(/,
    );
  });

  it('the check finds a provider call in a use case without a pipeline', () => {
    expect(PROVIDER_CALL.test('const outcome = await ctx.providers.providerFor(type).capture(call);')).toBe(true);
    expect(PROVIDER_CALL.test('await provider.void(call)')).toBe(true);
    expect(PROVIDER_CALL.test('await ctx.providers\n      .providerFor(type)\n      .refund(call);')).toBe(true);
  });

  const steps = (
    log: string[],
    over: Partial<Pipeline<string, string, string>> = {},
  ): Pipeline<string, string, string> => ({
    reserve: async () => (log.push('reserve'), { reserved: 'r' }),
    call: async (r) => (log.push(`call ${r}`), 'outcome'),
    failed: async (r, e) => (log.push(`failed ${r} ${(e as Error).message}`), 'failure'),
    settle: async (r, o) => (log.push(`settle ${r} ${o}`), `done ${o}`),
    ...over,
  });

  it('runs reserve, call, settle in order; a failed call becomes what `failed` makes of it', async () => {
    const log: string[] = [];
    expect(await runPipeline(steps(log))).toBe('done outcome');
    expect(await runPipeline(steps(log, { call: async () => Promise.reject(new Error('down')) }))).toBe('done failure');
    expect(log).toEqual(['reserve', 'call r', 'settle r outcome', 'reserve', 'failed r down', 'settle r failure']);
  });

  it('an answer from reserve (a replay) asks no provider; `rethrow` gives the error back and settles nothing', async () => {
    const log: string[] = [];
    expect(await runPipeline(steps(log, { reserve: async () => ({ answer: 'replayed' }) }))).toBe('replayed');
    await expect(
      runPipeline(steps(log, { call: async () => Promise.reject(new Error('down')), failed: rethrow })),
    ).rejects.toThrow('down');
    expect(log).toEqual(['reserve']);
  });
});
