import { describe, expect, it } from 'vitest';
import { LANGUAGES, resolveLanguage } from '../../components/i18n/languages';

describe('resolveLanguage', () => {
  it('the six languages, with or without a region, and the other spellings merchants send', () => {
    for (const language of LANGUAGES) expect(resolveLanguage(language)).toBe(language);
    expect(['nb-NO', 'NO', 'nn', 'sv_SE', 'se', 'dk', 'DA-dk', ' de ', 'fi-FI'].map(resolveLanguage)).toEqual([
      'nb',
      'nb',
      'nb',
      'sv',
      'sv',
      'da',
      'da',
      'de',
      'fi',
    ]);
    expect([undefined, null, '', 'fr', 'en-US', 'xx-NO'].map(resolveLanguage)).toEqual([
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('the names of Object.prototype members are no language: English, never a function', () => {
    for (const value of [
      'constructor',
      'Constructor-NO',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'isPrototypeOf',
      '__defineGetter__',
      'toLocaleString',
    ]) {
      expect(resolveLanguage(value), value).toBe('en');
    }
  });
});
