import { checkCard, type CardInput, type CardSummary } from '../../domain/card';
import { AppError } from '../errors/app-error';

/** The domain's card rules as the API's 400: INVALID_CARD listing each bad field under `payment.card.*`. */
export const validateCard = (card: CardInput, now = new Date()): { pan: string; summary: CardSummary } => {
  const result = checkCard(card, now);
  if (!result.ok) {
    const errors = result.problems.map((p) => ({ path: `payment.card.${p.field}`, message: p.message, code: p.code }));
    throw new AppError('INVALID_CARD', 'The card details are not valid', { errors });
  }
  return { pan: result.pan, summary: result.summary };
};
