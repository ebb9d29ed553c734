import {
  BarcodeFormat,
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { code128DataUri } from '../../server/wallets/token-barcode';
import { generateTokenValue, resolveTokenFormat } from '../../server/wallets/token-format';

/** Reads a `data:image/png;base64,...` Code 128 barcode back to its text. */
const decode = (dataUri: string): string => {
  expect(dataUri.startsWith('data:image/png;base64,')).toBe(true);
  const png = PNG.sync.read(Buffer.from(dataUri.slice('data:image/png;base64,'.length), 'base64'));
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < luminance.length; i++) {
    const [r, g, b] = [png.data[i * 4]!, png.data[i * 4 + 1]!, png.data[i * 4 + 2]!];
    luminance[i] = (r * 299 + g * 587 + b * 114) / 1000;
  }
  // Code 128's own reader: zxing's MultiFormatReader, even when told to look for Code 128 only, now and
  // then (about one value in 3,000) reads a stretch of the bars as a UPC-A code and answers that instead.
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height)));
  const result = new Code128Reader().decode(bitmap, hints);
  expect(result.getBarcodeFormat()).toBe(BarcodeFormat.CODE_128);
  return result.getText();
};

describe('card token barcodes', () => {
  const formats = [
    undefined,
    { length: 20, numbers: true, characters: false, symbols: false, prefix: '' },
    { length: 20, prefix: 'GC-' },
    { length: 17, numbers: false, characters: false, symbols: true },
    { length: 60, numbers: false, characters: true, symbols: false, prefix: 'X' },
  ];
  for (const f of formats) {
    it(`a Code 128 PNG decodes back to the value (format ${JSON.stringify(f)})`, async () => {
      for (let i = 0; i < 5; i++) {
        const value = generateTokenValue(resolveTokenFormat(f));
        expect(decode(await code128DataUri(value))).toBe(value);
      }
    });
  }
});

describe('card token formats', () => {
  it('without format: KASSACARD: and a UUID', () => {
    const format = resolveTokenFormat(undefined);
    expect(format).toEqual({ length: 36, prefix: 'KASSACARD:', barcode: false });
    expect(generateTokenValue(format)).toMatch(
      /^KASSACARD:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('a prefix alone keeps the UUID', () => {
    expect(generateTokenValue(resolveTokenFormat({ prefix: 'GIFT:' }))).toMatch(/^GIFT:[0-9a-f-]{36}$/);
  });

  it('the length excludes the prefix, and only characters of the chosen classes are drawn', () => {
    const classes: [Record<string, boolean>, RegExp][] = [
      [{ numbers: true, characters: false, symbols: false }, /^[0-9]+$/],
      [{ numbers: false, characters: true, symbols: false }, /^[A-Za-z]+$/],
      [{ numbers: false, characters: false, symbols: true }, /^[!#$%&*+\-.=?@_~]+$/],
      [{ numbers: true, characters: true, symbols: false }, /^[0-9A-Za-z]+$/],
    ];
    for (const [flags, pattern] of classes) {
      const format = resolveTokenFormat({ length: 40, prefix: 'P:', ...flags });
      for (let i = 0; i < 50; i++) {
        const value = generateTokenValue(format);
        expect(value.startsWith('P:')).toBe(true);
        expect(value).toHaveLength(42);
        expect(value.slice(2)).toMatch(pattern);
      }
    }
  });

  it('every character of a numbers-only alphabet shows up (uniform draw)', () => {
    const format = resolveTokenFormat({ length: 200, numbers: true, characters: false, symbols: false, prefix: '' });
    expect(new Set(generateTokenValue(format)).size).toBe(10);
  });

  it('an empty alphabet, a length below 4 or above 255, or fewer than 64 random bits is WALLET_TOKEN_FORMAT_INVALID', () => {
    const short = [
      { length: 10 },
      { length: 19, characters: false, symbols: false },
      { length: 16, numbers: false, characters: false },
      { length: 11, numbers: false, symbols: false },
    ];
    for (const f of [
      { numbers: false, characters: false, symbols: false },
      { length: 3 },
      { length: 256 },
      { length: 0 },
      { length: -1 },
      ...short,
    ]) {
      expect(() => resolveTokenFormat(f)).toThrow(expect.objectContaining({ code: 'WALLET_TOKEN_FORMAT_INVALID' }));
    }
    // 64 bits: 11 of all 76 characters, 20 digits, 17 symbols, 12 letters
    expect(resolveTokenFormat({ length: 11 }).length).toBe(11);
    expect(resolveTokenFormat({ length: 20, characters: false, symbols: false }).length).toBe(20);
    expect(resolveTokenFormat({ length: 17, numbers: false, characters: false }).length).toBe(17);
    expect(resolveTokenFormat({ length: 12, numbers: false, symbols: false }).length).toBe(12);
    expect(resolveTokenFormat({ length: 255 }).length).toBe(255);
  });
});
