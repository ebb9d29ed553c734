import { describe, expect, it } from 'vitest';
import {
  signatureHeader,
  signaturePayload,
  signCallback,
  verifySignatureHeader,
} from '../../server/signature/sign-callback';

describe('callback signature', () => {
  it('matches the published test vector', () => {
    expect(signCallback('123', 1582236537, 'P00000000', 'GET', 'https://example.com/callback?B=123&A=992')).toBe(
      '6bed2ab1b919d460ef7465a20dc6c97260dca73fab6647106ca525f0908df64a',
    );
  });

  it('signs timestamp, account, method, hostname without port, pathname and the sorted query', () => {
    expect(signaturePayload(1, 'T12345678', 'post', 'http://localhost:8080/cb/x?b=2&a=1&a=0&c=hello%20world')).toBe(
      ['1', 'T12345678', 'POST', 'localhost', '/cb/x', 'a=1&a=0&b=2&c=hello+world'].join('\n'),
    );
  });

  it('formats the header without spaces and verifies it', () => {
    const url = 'https://shop.example/cb?transaction_id=T1.abc&session_id=T1.def';
    const header = signatureHeader('s3cret', 1700000000, 'T12345678', 'GET', url);
    expect(header).toMatch(/^t=1700000000,v0-hmac-sha256=[0-9a-f]{64}$/);
    expect(verifySignatureHeader(header, 's3cret', 'T12345678', 'GET', url, 300, 1700000100)).toBe(true);
  });

  it('rejects a wrong secret, a changed query and an old timestamp', () => {
    const url = 'https://shop.example/cb?a=1';
    const header = signatureHeader('s3cret', 1700000000, 'T12345678', 'GET', url);
    expect(verifySignatureHeader(header, 'other', 'T12345678', 'GET', url, 300, 1700000000)).toBe(false);
    expect(
      verifySignatureHeader(header, 's3cret', 'T12345678', 'GET', 'https://shop.example/cb?a=2', 300, 1700000000),
    ).toBe(false);
    expect(verifySignatureHeader(header, 's3cret', 'T12345678', 'GET', url, 300, 1700000301)).toBe(false);
  });
});
