import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ViewSession } from '../../domain/view-types';
import { ShippingStep } from '../../components/checkout/express/shipping-step';
import { I18nProvider } from '../../components/i18n/i18n-provider';
import { LANGUAGES, type Language } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';

/** The delivery estimate the shipping step shows for an option delivered in `working_days` (its only detail line). */
const estimate = (language: Language, working_days: number[]): string | undefined => {
  const session = {
    order: { currency: 'NOK' },
    express: { shipping_options: [{ id: 'post', line_id: '1', amount: 0, title: 'Post', eta: { working_days } }] },
  } as unknown as ViewSession;
  const step = createElement(ShippingStep, { session, busy: false, onChoose: async () => undefined });
  const html = renderToStaticMarkup(
    createElement(I18nProvider, { language, messages: MESSAGES[language], children: step }),
  );
  return /<span class="block text-xs[^"]*">([^<]*)<\/span>/.exec(html)?.[1];
};

describe('delivery estimate in working days', () => {
  it('says one working day in the singular and several in the plural, in every language', () => {
    const expected = {
      en: ['Delivered in 1 working day', 'Delivered in 3 working days'],
      nb: ['Levert om 1 virkedag', 'Levert om 3 virkedager'],
      sv: ['Levereras inom 1 arbetsdag', 'Levereras inom 3 arbetsdagar'],
      da: ['Leveres inden for 1 hverdag', 'Leveres inden for 3 hverdage'],
      fi: ['Toimitus 1 arkipäivässä', 'Toimitus 3 arkipäivässä'],
      de: ['Lieferung in 1 Werktag', 'Lieferung in 3 Werktagen'],
    };
    for (const language of LANGUAGES) {
      expect([estimate(language, [1]), estimate(language, [3])], language).toEqual(expected[language]);
    }
  });

  it('says zero and ranges with the plural', () => {
    expect(estimate('en', [0])).toBe('Delivered in 0 working days');
    expect(estimate('nb', [1, 2])).toBe('Levert om 1–2 virkedager');
  });
});

describe('a failed shop callback in an express step', () => {
  it('does not claim the shop was too slow (it may have answered with an error), in any language', () => {
    const claimsTimeout = /in time|i tide|i tid\b|ajoissa|rechtzeitig/i;
    for (const language of LANGUAGES)
      expect(MESSAGES[language].express.callback_failed, language).not.toMatch(claimsTimeout);
    expect(MESSAGES.en.express.callback_failed).toBe('The shop could not update the order. Try again.');
    expect(MESSAGES.nb.express.callback_failed).toBe('Butikken kunne ikke oppdatere bestillingen. Prøv igjen.');
  });
});
