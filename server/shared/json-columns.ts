/** JSON columns are text in both engines; these two helpers are the only (de)serialisers. */
export const toJson = (value: unknown): string => JSON.stringify(value);
export const fromJson = <T>(text: string | null | undefined): T | undefined => (text == null ? undefined : (JSON.parse(text) as T));
