import { describe, expect, it } from 'vitest';
import { maskedPath, serializeRequest } from './request-log.js';

describe('the request log line', () => {
  it('names a matched route by its pattern, never its path or query', () => {
    expect(
      serializeRequest({
        id: 'r1',
        method: 'POST',
        url: '/api/v1/subscription/local-checkout/cs_local_AbCdEf/pay?x=1',
        routeOptions: { url: '/api/v1/subscription/local-checkout/:id/pay' },
      }),
    ).toEqual({ id: 'r1', method: 'POST', url: '/api/v1/subscription/local-checkout/:id/pay' });
  });

  it('masks every segment of an unmatched path that could be an id', () => {
    expect(maskedPath('/api/v1/no-such-route/2f1c9a0e-7d4b-4c1e-9f3a-0b1c2d3e4f50?q=private')).toBe(
      '/api/v1/no-such-route/:',
    );
    expect(maskedPath('/checkout/cs_local_AbCdEfGhIjKlMnOpQrStUvWx')).toBe('/checkout/:');
    expect(maskedPath('/reset-password/abc123')).toBe('/reset-password/:');
    expect(maskedPath('/provider/dashboard')).toBe('/provider/dashboard');
    expect(maskedPath('/favicon.ico')).toBe('/favicon.ico');
    expect(serializeRequest({ method: 'GET', url: '/user/journal/42' }).url).toBe('/user/journal/:');
  });
});
