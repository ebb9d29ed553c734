import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InstallmentPlans } from '../../components/checkout/methods/installment-plans';
import { I18nProvider } from '../../components/i18n/i18n-provider';
import type { Language } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';
import type { InstallmentPlan } from '../../components/checkout/api';
import { installmentPlans } from '../../domain/installment-plans';

/** The text each plan shows (issue 28 item 8): monthly amount and term, rates, fees, first payment, total. */
const planTexts = (language: Language, plans: InstallmentPlan[] = installmentPlans(52750, 'NOK')): string[] => {
  const view = createElement(InstallmentPlans, {
    plans,
    currency: 'NOK',
    busy: false,
    onBack: () => undefined,
    onPay: () => undefined,
  });
  const html = renderToStaticMarkup(
    createElement(I18nProvider, { language, messages: MESSAGES[language], children: view }),
  );
  return [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(
    (m) =>
      [...m[1]!.matchAll(/<span class="block[^"]*">([^<]*)<\/span>/g)]
        .map((s) => s[1])
        .join(' | ')
        .replace(/[\u00a0\u202f]/g, ' '), // Intl's no-break spaces, as plain ones
  );
};

describe('the part-payment plans as the shopper reads them', () => {
  it('NOK 527.50 in English: each plan with its rates, fees and total to pay', () => {
    expect(planTexts('en')).toEqual([
      'NOK 175.83 a month for 3 months | Interest free · APR 0.00 % | No fees | First payment NOK 175.84 | Total to pay NOK 527.50',
      'NOK 48.90 a month for 12 months | Interest 14.90 % · APR 24.46 % | Fees NOK 21.12: NOK 5.28 to set up, NOK 1.32 a month | First payment NOK 54.26 | Total to pay NOK 592.16',
      'NOK 26.87 a month for 24 months | Interest 14.90 % · APR 23.30 % | Fees NOK 36.96: NOK 5.28 to set up, NOK 1.32 a month | First payment NOK 32.19 | Total to pay NOK 650.20',
    ]);
  });

  it('in Norwegian, with the rates written the Norwegian way', () => {
    const [, twelve] = planTexts('nb');
    expect(twelve).toContain('Rente 14,90 % · effektiv rente 24,46 %');
    expect(twelve).toContain('Totalt å betale 592,16');
  });

  it("another lender's plan: the nominal rate when no effective one is given, and its fees in one sum with a campaign fee", () => {
    const [text] = planTexts('en', [
      {
        id: 'x',
        type: 'annuity',
        credit_time: 6,
        monthly_amount: 10000,
        total_amount: 61000,
        annual_interest_rate: 9.9,
        campaign_fee: 1000,
      },
    ]);
    expect(text).toBe('NOK 100.00 a month for 6 months | Interest 9.90 % | Fees NOK 10.00 | Total to pay NOK 610.00');
  });
});
