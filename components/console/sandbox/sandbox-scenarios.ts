/**
 * The sandbox's other test inputs, for the console's Sandbox page (a page may not import server/): each names the
 * input the sandbox decides on, and test/unit/console-sandbox-scenarios.test.ts runs it through the sandbox itself
 * (server/providers/sandbox: the lender's credit check, the asynchronous amounts).
 */
export const SANDBOX_SCENARIOS = {
  creditRefused: {
    payment: 'invoice, part payment',
    phoneEndsWith: '0000',
    result: 'refused by the credit check (credit_check_failed)',
  },
  creditOnHold: {
    payment: 'invoice, part payment',
    emailEndsWith: '@onhold.example',
    result: 'approved for review: ON_HOLD when the session allows it',
  },
  asyncAmount: {
    payment: 'every sandbox payment type',
    amountEndsWith: '02',
    result: 'capture, refund and void answer 202 and complete later, whatever the switches say',
  },
} as const;

export const scenarioRows = (): { payment: string; input: string; result: string }[] => [
  {
    payment: SANDBOX_SCENARIOS.creditRefused.payment,
    input: `phone number ending in ${SANDBOX_SCENARIOS.creditRefused.phoneEndsWith}`,
    result: SANDBOX_SCENARIOS.creditRefused.result,
  },
  {
    payment: SANDBOX_SCENARIOS.creditOnHold.payment,
    input: `e-mail at ${SANDBOX_SCENARIOS.creditOnHold.emailEndsWith}`,
    result: SANDBOX_SCENARIOS.creditOnHold.result,
  },
  {
    payment: SANDBOX_SCENARIOS.asyncAmount.payment,
    input: `amount ending in ${SANDBOX_SCENARIOS.asyncAmount.amountEndsWith} (minor units)`,
    result: SANDBOX_SCENARIOS.asyncAmount.result,
  },
];
