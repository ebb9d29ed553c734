import type { Messages } from './messages/en';

/** `section.key` for every message: a key that does not exist fails the type check. */
export type MessageKey = { [S in keyof Messages]: `${S & string}.${keyof Messages[S] & string}` }[keyof Messages];

export type MessageVars = Record<string, string | number>;

export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/** Replaces `{name}` placeholders; an unknown placeholder is left as written so the gap is visible. */
const fill = (text: string, vars: MessageVars | undefined): string => (vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text);

/** The translate function over one language's messages. */
export const createTranslate =
  (messages: Messages): Translate =>
  (key, vars) => {
    const [section, name] = key.split('.') as [keyof Messages, string];
    const text = (messages[section] as Record<string, string>)[name] ?? key;
    return fill(text, vars);
  };
