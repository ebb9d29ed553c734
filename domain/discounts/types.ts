/**
 * Shapes the discount engine reads and writes (public API §3.3/§3.4). Unknown fields pass through untouched.
 */
export interface ItemMatcher {
  id?: string;
  group_id?: string;
  barcode?: string;
}

export interface DiscountLine {
  amount: number;
  percentage?: number;
  discount_type?: string;
  discount_id?: string;
  description?: string;
  line_id?: number;
  [key: string]: unknown;
}

export interface BonusLine {
  bonus: number;
  percentage?: number;
  discount_type?: string;
  discount_id?: string;
  description?: string;
  line_id?: number;
}

export interface ReceiptItem {
  id?: string;
  groups?: { id: string; name?: string }[];
  line_id?: number;
  barcode?: string;
  quantity?: number;
  gross_amount?: number;
  net_amount?: number;
  gross_amount_dwh?: string;
  net_amount_dwh?: string;
  voided?: boolean;
  eligible_for_discount?: boolean;
  is_return_item?: boolean;
  is_changed?: boolean;
  discount_lines?: DiscountLine[];
  bonus_lines?: BonusLine[];
  [key: string]: unknown;
}

export interface Receipt {
  receipt_id?: string;
  purchase_at?: string;
  store?: { id?: string; [key: string]: unknown };
  items?: ReceiptItem[];
  discounts?: AppliedDiscount[];
  customer_id?: string;
  customer?: Record<string, unknown>;
  currency?: string;
  discount_code?: string[];
  gross_amount?: number;
  net_amount?: number;
  total_discount?: number;
  amount_due?: number;
  round_off_to_coin?: number;
  is_changed?: boolean;
  [key: string]: unknown;
}

export type RewardType =
  | 'discount_amount'
  | 'discount_percent'
  | 'discount_item_new_price'
  | 'discount_item_quantity'
  | 'discount_item_percent'
  | 'discount_mix_new_price'
  | 'discount_debit';

export interface Mix {
  items: ItemMatcher[];
  quantity: number;
  reward_eligible?: boolean;
}

export interface Requirement {
  purchase_from: string;
  purchase_to: string;
  customer?: Record<string, unknown>;
  item?: { quantity?: number; mixes?: Mix[]; items?: ItemMatcher[] };
  store_ids?: string[];
  gross_amount?: number;
  net_amount?: number;
  currencies?: (string | { 'anything-but': string[] })[];
  stamp?: { quantity?: number } | number;
  discount_code?: string | string[];
  store?: Record<string, unknown>;
}

export interface Reward {
  type: RewardType;
  value: number;
  values?: { items: ItemMatcher[]; value: number }[];
  base?: 'gross' | 'net';
  effect?: 'discount' | 'bonus';
}

export interface DiscountHours {
  timezone?: string;
  hours: { day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'; start: string; end: string }[];
}

export interface Limitation {
  discount_hours?: DiscountHours;
  discount_combination?: number;
  discount_eligible?: 'item_eligible_for_discount' | 'item_eligible_for_discount_no_discount' | 'receipt_no_discount';
  discount_repeat_usage?: number;
  discount_reward_usage?: number;
  blacklist?: ItemMatcher[];
  [key: string]: unknown;
}

export interface DiscountRule {
  id: string;
  active?: boolean;
  type?: 'item' | 'receipt';
  name?: string;
  receipt_text?: string;
  requirement: Requirement;
  reward: Reward;
  limitation?: Limitation;
  [key: string]: unknown;
}

export interface DiscountRefItem {
  line_id: number;
  amount: number;
  bonus: number;
}

export interface DiscountRef {
  id: string;
  /** Stamp rules only: 1 when this purchase adds a stamp, 0 when it uses the reward (a claim resets the count). */
  stamp?: number;
  amount: number;
  bonus: number;
  usage: number;
  items: DiscountRefItem[];
  statistics: { amount: number; bonus: number; usage: number; debit_balance?: number; stamp?: number };
}

export type AppliedDiscount = DiscountRule & { refs: DiscountRef[] };

/**
 * What the engine knows besides the receipt: stamps collected per rule id, the ref id per rule id, and how many
 * times the customer's claims already used each rule id (`used`, for discount_reward_usage; absent: no customer).
 */
export interface EngineContext {
  stamps?: Record<string, number>;
  used?: Record<string, number>;
  refIds?: Record<string, string>;
}

/**
 * The engine's work as a generator: it pauses (yields nothing) between steps of bounded size (one rule, one item),
 * and returns its result. `applyDiscounts` runs it to the end at once; the server runs it a few milliseconds at a
 * time so one evaluation never holds the event loop (server/discounts/run-in-slices.ts, ADR 031).
 */
export type Steps<T> = Generator<void, T, void>;
