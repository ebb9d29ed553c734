import type { PaymentKind, ViewSession } from '../../domain/view-types';

/**
 * The kind of the session's method `type` (the view's `configuration.payment_method_kinds`), which
 * decides the form the page shows for it; undefined for a type the session does not offer (the gift
 * cards alone are never a method of their own).
 */
export const kindOf = (session: ViewSession, type: string): PaymentKind | undefined => {
  const kinds = session.configuration.payment_method_kinds;
  return Object.hasOwn(kinds, type) ? kinds[type] : undefined;
};
