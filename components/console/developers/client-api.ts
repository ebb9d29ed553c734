/** The shapes and paths of the account's clients and grants (/v1/accounts/{aid}/auth/clients, .../client-grants). */
export interface ClientView {
  id: string;
  client_id: string;
  name: string;
  description?: string;
  callbacks: string[];
  created_at: string;
  created_by: string;
}
export interface GrantView {
  id: string;
  client_id: string;
  audience: string;
  scope: string[];
  type: 'client_credentials';
  created_at: string;
  created_by: string;
}

const account = (accountId: string) => `/v1/accounts/${encodeURIComponent(accountId)}`;
export const clientsPath = (accountId: string) => `${account(accountId)}/auth/clients`;
export const grantsPath = (accountId: string) => `${account(accountId)}/auth/client-grants`;
export const tokenPath = (accountId: string) => `${account(accountId)}/auth/token`;
/** The audience a token for this account names: the public origin (the console's own) and the account. */
export const audienceOf = (accountId: string) => `${window.location.origin}${account(accountId)}`;

export const CLIENTS_QUERY = ['console', 'clients'] as const;
export const grantsQuery = (clientId: string) => ['console', 'grants', clientId] as const;
