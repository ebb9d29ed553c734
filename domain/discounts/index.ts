export { applyDiscounts } from './engine';
export { isItemLevel } from './item-requirements';
export { toDwh } from './amounts';
export type * from './types';
