/** The react-query key of one transaction's page (refreshed after each money operation). */
export const transactionQueryKey = (id: string) => ['console', 'transaction', id] as const;
