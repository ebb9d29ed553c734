/** Request bodies shared by the HTTP phases and the storage ceiling, so both move a realistic session. */
export const ACCOUNT = 'T11111111';
export const CLIENT_ID = 'bench';
export const CLIENT_SECRET = 'bench-secret-0123456789';

export const sessionBody = (merchantReference: string) => ({
  url: { return_url: 'https://shop.example.com/checkout/return?order=10042' },
  order: {
    amount: 72_500,
    currency: 'NOK',
    merchant_reference: merchantReference,
    vat_amount: 14_500,
    items: [
      {
        id: 'SKU-1001',
        line_id: '1',
        description: 'Merino wool sweater, charcoal, size M',
        quantity: 1,
        amount: 59_900,
        vat_amount: 11_980,
        vat: 25,
      },
      {
        id: 'SKU-2040',
        line_id: '2',
        description: 'Wool care kit (detergent and brush)',
        quantity: 2,
        amount: 12_600,
        vat_amount: 2_520,
        vat: 25,
      },
    ],
  },
});

/**
 * What one durable session insert writes, about 1 KB: the JSON columns plus the
 * scalar columns and the INITIATED event the real transaction also stores.
 */
export const sessionRowJson = (): string => {
  const body = sessionBody('order-10042');
  const row = {
    ...body,
    configuration: { sandbox: { creditcard: { enabled: true } }, auto_capture: false, channel: 'ecommerce' },
    status: 'OPEN',
    expires_at: '2026-01-02T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    event: {
      id: '6f1c2a52-7d1e-4c86-9d2b-3f0b5e8f1a77',
      name: 'INITIATED',
      request_id: 'f1f0a0e4-5b8e-4f9a-8c55-0e2e4b1c9d33',
      details: { created_by: 'bench' },
    },
  };
  const json = JSON.stringify(row);
  return json.length >= 1024 ? json : JSON.stringify({ ...row, padding: 'x'.repeat(1024 - json.length - 13) });
};
