export { applyDiscounts, evaluateDiscounts, runToEnd } from './engine';
export { isItemLevel } from './item-requirements';
export { toDwh } from './amounts';
export type * from './types';
export { countStamps, stampsNeeded, type StampClaim } from './stamps';
