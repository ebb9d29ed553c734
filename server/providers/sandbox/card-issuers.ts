import type { CardSummary } from '../../../domain/card';

/**
 * What the sandbox card acquirer "knows" about its test cards' issuers (as a real acquirer learns it
 * from the card's BIN): the issuing country (ISO 3166-1 alpha-3, as the public API shows it: `NOR`),
 * the issuing bank and whether it is a consumer or a commercial card. Other valid numbers are approved
 * with no issuer details (the sandbox does not know them). The card's `region` is where the issuer is
 * seen from the merchant's country (`configuration.merchant.country` of PUT /v1/admin/checkout, read through
 * server/accounts/merchant-settings.ts; Norway when unset): `domestic` (same country), `eea` (both in the EEA),
 * `eea-uk` (one in the United Kingdom, the other in the EEA or the UK), `europe` (both in Europe, not both EEA/UK)
 * or `inter`.
 */
interface Issuer {
  readonly country: string;
  readonly issuing_bank: string;
  readonly product_platform: 'consumer' | 'commercial';
}

const NORWAY: Issuer = { country: 'NOR', issuing_bank: 'Kassa Sandbox Bank', product_platform: 'consumer' };

/** The test cards with a known issuer; the numbers with a behaviour (decline, 3-D Secure, ...) are Norwegian consumer cards. */
export const SANDBOX_ISSUERS: Readonly<Record<string, Issuer>> = {
  '4111111111111111': NORWAY,
  '4000000000000002': NORWAY,
  '4000000000009995': NORWAY,
  '4000000000000069': NORWAY,
  '4000000000009987': NORWAY,
  '4000000000009979': NORWAY,
  '4000000000000259': NORWAY,
  '4000000000003220': NORWAY,
  '4000000000003063': NORWAY,
  /** Domestic for a Norwegian merchant. */
  '4000005780000007': { country: 'NOR', issuing_bank: 'Sandbox Sparebank', product_platform: 'consumer' },
  /** EEA (Sweden). */
  '4000007520000008': { country: 'SWE', issuing_bank: 'Sandbox Bank Sverige', product_platform: 'consumer' },
  /** United Kingdom: `eea-uk` for a merchant in the EEA. */
  '4000008260000000': { country: 'GBR', issuing_bank: 'Sandbox Bank UK', product_platform: 'consumer' },
  /** Switzerland: `europe` for a merchant in the EEA. */
  '4000007560000009': { country: 'CHE', issuing_bank: 'Sandbox Bank Schweiz', product_platform: 'consumer' },
  /** United States: `inter` for a European merchant. */
  '4000008400000001': { country: 'USA', issuing_bank: 'Sandbox Bank US', product_platform: 'consumer' },
  /** A commercial (business) MasterCard issued in Norway. */
  '5222222222222227': { country: 'NOR', issuing_bank: 'Sandbox Næringsbank', product_platform: 'commercial' },
};

/** ISO 3166-1 alpha-3 to alpha-2 for the countries the regions are decided by (the EEA, the UK, the rest of Europe, and the test cards'). */
const ALPHA2: Readonly<Record<string, string>> = {
  AUT: 'AT', BEL: 'BE', BGR: 'BG', HRV: 'HR', CYP: 'CY', CZE: 'CZ', DNK: 'DK', EST: 'EE', FIN: 'FI', FRA: 'FR',
  DEU: 'DE', GRC: 'GR', HUN: 'HU', ISL: 'IS', IRL: 'IE', ITA: 'IT', LVA: 'LV', LIE: 'LI', LTU: 'LT', LUX: 'LU',
  MLT: 'MT', NLD: 'NL', NOR: 'NO', POL: 'PL', PRT: 'PT', ROU: 'RO', SVK: 'SK', SVN: 'SI', ESP: 'ES', SWE: 'SE',
  GBR: 'GB', CHE: 'CH', USA: 'US',
}; // prettier-ignore
const EEA = new Set(Object.values(ALPHA2).filter((c) => !['GB', 'CH', 'US'].includes(c)));
const OTHER_EUROPE = new Set([
  'CH',
  'AL',
  'AD',
  'BA',
  'BY',
  'FO',
  'GI',
  'MC',
  'MD',
  'ME',
  'MK',
  'RS',
  'SM',
  'UA',
  'VA',
  'TR',
]);
const inEeaOrUk = (c: string) => EEA.has(c) || c === 'GB';
const inEurope = (c: string) => inEeaOrUk(c) || OTHER_EUROPE.has(c);

export type CardRegion = 'domestic' | 'eea' | 'eea-uk' | 'europe' | 'inter';

/** The region of a card issued in `cardCountry` (alpha-2) for a merchant in `merchantCountry` (alpha-2). */
export const cardRegion = (cardCountry: string, merchantCountry: string): CardRegion => {
  if (cardCountry === merchantCountry) return 'domestic';
  if (EEA.has(cardCountry) && EEA.has(merchantCountry)) return 'eea';
  if (inEeaOrUk(cardCountry) && inEeaOrUk(merchantCountry)) return 'eea-uk';
  if (inEurope(cardCountry) && inEurope(merchantCountry)) return 'europe';
  return 'inter';
};

/** The merchant's country when the sandbox gateway names none. */
export const DEFAULT_MERCHANT_COUNTRY = 'NO';

/** The summary with what the sandbox knows of the card's issuer (nothing for an unknown number). */
export const withIssuer = (pan: string, summary: CardSummary): CardSummary => {
  const issuer = Object.hasOwn(SANDBOX_ISSUERS, pan) ? SANDBOX_ISSUERS[pan] : undefined;
  return issuer ? { ...summary, ...issuer } : summary;
};

/** The summary with its `region` as seen from the merchant's country, when the issuing country is known. */
export const withRegion = (summary: CardSummary, merchantCountry: string): CardSummary => {
  const country = summary.country && Object.hasOwn(ALPHA2, summary.country) ? ALPHA2[summary.country] : undefined;
  return country ? { ...summary, region: cardRegion(country, merchantCountry) } : summary;
};
