import { describe, expect, it } from 'vitest';
import { SANDBOX_SCENARIOS } from '../../components/console/sandbox/sandbox-scenarios';
import { minorUnits } from '../../domain/money';
import { decideCredit } from '../../server/providers/sandbox/lender';
import { isAsyncAmount } from '../../server/providers/sandbox/sandbox-gateway';

/** What the console's Sandbox page tells is what the sandbox does. */
describe("the console's sandbox scenarios", () => {
  it('a phone number ending as shown is refused by the credit check; another is approved', () => {
    const s = SANDBOX_SCENARIOS.creditRefused;
    expect(decideCredit({ email: 'a@example.com', phone_number: `+479999${s.phoneEndsWith}` })).toMatchObject({
      outcome: 'DECLINED',
      code: 'credit_check_failed',
    });
    expect(decideCredit({ email: 'a@example.com', phone_number: '+4799991234' })).toMatchObject({
      outcome: 'APPROVED',
    });
  });

  it('an e-mail at the domain shown is approved for review', () => {
    const s = SANDBOX_SCENARIOS.creditOnHold;
    expect(decideCredit({ email: `shopper${s.emailEndsWith}`, phone_number: '+4799991234' })).toMatchObject({
      outcome: 'APPROVED',
      review: true,
    });
    expect(decideCredit({ email: 'shopper@example.com', phone_number: '+4799991234' })).not.toHaveProperty('review');
  });

  it('an amount ending as shown is asynchronous; its neighbours are not', () => {
    const s = SANDBOX_SCENARIOS.asyncAmount;
    expect(isAsyncAmount(minorUnits(Number(`10${s.amountEndsWith}`)))).toBe(true);
    expect(isAsyncAmount(minorUnits(1001))).toBe(false);
    expect(isAsyncAmount(minorUnits(1003))).toBe(false);
  });
});
