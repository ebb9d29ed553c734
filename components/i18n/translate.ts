import type { Messages } from './messages/en';

/** `section.key` for every message: a key that does not exist fails the type check. */
export type MessageKey = { [S in keyof Messages]: `${S & string}.${keyof Messages[S] & string}` }[keyof Messages];

export type MessageVars = Record<string, string | number>;

export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/** `section.key` of a message said in two forms, `section.key_one` and `section.key_other` (one and several). */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer B}_one` ? (`${B}_other` extends MessageKey ? B : never) : never;
}[MessageKey];

/** Says `count` of something with the form the language's plural rules pick (`{count}` is filled in). */
export type TranslatePlural = (key: PluralKey, count: number, vars?: MessageVars) => string;

/** Replaces `{name}` placeholders; an unknown placeholder is left as written so the gap is visible. */
const fill = (text: string, vars: MessageVars | undefined): string =>
  vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;

/** The translate function over one language's messages. */
export const createTranslate =
  (messages: Messages): Translate =>
  (key, vars) => {
    const [section, name] = key.split('.') as [keyof Messages, string];
    const text = (messages[section] as Record<string, string>)[name] ?? key;
    return fill(text, vars);
  };

/**
 * The plural form of `key` for `count` in `locale`: `_one` where the language's rules say "one"
 * (Intl.PluralRules; every language of the page has just "one" and "other"), else `_other`.
 */
export const createTranslatePlural = (t: Translate, locale: string): TranslatePlural => {
  const rules = new Intl.PluralRules(locale);
  return (key, count, vars) =>
    t(`${key}_${rules.select(count) === 'one' ? 'one' : 'other'}` as MessageKey, { ...vars, count });
};
