/**
 * What a pure rule reports instead of throwing: one entry per thing that is wrong. The page shows
 * `message` beside `field`; the server turns the list into its `AppError` (with `path`).
 */
export interface Problem<F extends string = string> {
  field: F;
  code: string;
  message: string;
}

/**
 * A refused request: an error `code` from the server's closed set (checked where the server
 * throws it), a message, and the offending fields as `{ path, message }`.
 */
export interface Refusal<C extends string = string> {
  code: C;
  message: string;
  errors?: { path: string; message: string }[];
}
