import { describe, expect, it } from 'vitest';
import { DECLINE_REASON_KEYS, declinedKey, returnedErrorKey } from '../../components/checkout/payment-errors';
import { LANGUAGES } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';
import { createTranslate } from '../../components/i18n/translate';

/** Issue 28 item 9: a decline says what the issuer said, in every language, and never that a card is reported. */
describe('decline messages', () => {
  it('each reason the sandbox gives has its message; others fall back on whether trying again may work', () => {
    expect(declinedKey({ code: 'insufficient_funds', temporary: true }, true)).toBe('pay.declined_insufficient_funds');
    expect(declinedKey({ code: 'expired_card', temporary: false }, true)).toBe('pay.declined_expired_card');
    expect(declinedKey({ code: 'card_declined', temporary: false }, true)).toBe('pay.declined_by_bank');
    expect(declinedKey({ code: 'lost_card', temporary: false }, true)).toBe('pay.declined_by_bank');
    expect(declinedKey({ code: 'stolen_card', temporary: false }, true)).toBe('pay.declined_by_bank');
    expect(declinedKey({ code: 'authentication_failed', temporary: true }, true)).toBe('pay.temporary');
    expect(declinedKey({ code: 'token_not_found', temporary: false }, true)).toBe('pay.declined_card');
    expect(declinedKey({ code: 'credit_check_failed', temporary: false }, false)).toBe('pay.declined');
    expect(declinedKey({ temporary: false }, false)).toBe('pay.declined');
    expect(declinedKey({ code: 'constructor', temporary: false }, true)).toBe('pay.declined_card'); // own keys only
  });

  it('back from a 3-D Secure page, the issuer’s reason reads the same as on the page', () => {
    expect(returnedErrorKey('card_declined')).toBe('pay.declined_by_bank');
    expect(returnedErrorKey('insufficient_funds')).toBe('pay.declined_insufficient_funds');
    expect(returnedErrorKey('authentication_failed')).toBe('pay.error_authentication_failed');
    expect(returnedErrorKey('something_else')).toBe('pay.declined');
    expect(returnedErrorKey('__proto__')).toBe('pay.declined');
  });

  it('every language has its own words for each reason: translated, and three different messages', () => {
    const english = createTranslate(MESSAGES.en);
    for (const language of LANGUAGES) {
      const t = createTranslate(MESSAGES[language]);
      const texts = ['pay.declined_insufficient_funds', 'pay.declined_expired_card', 'pay.declined_by_bank'] as const;
      expect(new Set(texts.map((k) => t(k))).size, language).toBe(3);
      for (const k of texts) {
        expect(t(k), `${language} ${k}`).not.toMatch(/^pay\./);
        if (language !== 'en') expect(t(k), `${language} ${k}`).not.toBe(english(k));
      }
    }
  });

  it('lost and stolen read exactly as any other decline by the bank, in every language', () => {
    for (const language of LANGUAGES) {
      const t = createTranslate(MESSAGES[language]);
      const bank = t(DECLINE_REASON_KEYS.card_declined!);
      expect(t(DECLINE_REASON_KEYS.lost_card!)).toBe(bank);
      expect(t(DECLINE_REASON_KEYS.stolen_card!)).toBe(bank);
      expect(bank.toLowerCase(), language).not.toMatch(
        /lost|stolen|mistet|stjålet|förlorat|stulet|kadon|varast|verloren|gestohlen/,
      );
    }
  });
});
