import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { decryptPushMessage } from '../../test/push-service.js';
import { isAllowedPushEndpoint, loadVapidKeys, parsePushSubscription, vapidSubject } from './push.js';

/** A subscription as a browser makes it: a P-256 key pair and 16 random auth bytes. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

function token(value: unknown): string {
  return JSON.stringify(value);
}

describe('parsePushSubscription', () => {
  const { p256dh, auth } = browserKeys();
  const endpoint = 'https://fcm.googleapis.com/fcm/send/dXJ0aGlzLWlzLWFuLWV4YW1wbGU';

  it('accepts what PushSubscription.toJSON() gives and keeps only endpoint and keys', () => {
    expect(parsePushSubscription(token({ endpoint, expirationTime: null, keys: { p256dh, auth } }))).toEqual({
      endpoint,
      keys: { p256dh, auth },
    });
  });

  it('accepts http only on 127.0.0.1 and localhost', () => {
    for (const local of ['http://127.0.0.1:4000/push/a', 'http://localhost:4000/push/a']) {
      expect(parsePushSubscription(token({ endpoint: local, keys: { p256dh, auth } }))?.endpoint).toBe(local);
    }
    for (const remote of [
      'http://push.example.com/a',
      'http://10.0.0.1/a',
      'http://127.0.0.2/a',
      'http://[::1]/a',
      'http://localhost.example.com/a',
    ]) {
      expect(parsePushSubscription(token({ endpoint: remote, keys: { p256dh, auth } }))).toBeNull();
    }
  });

  it('refuses endpoints that are not https URLs, carry credentials or exceed 2000 characters', () => {
    const long = `https://push.example.com/${'a'.repeat(2000 - 'https://push.example.com/'.length)}`;
    expect(long).toHaveLength(2000);
    expect(parsePushSubscription(token({ endpoint: long, keys: { p256dh, auth } }))).not.toBeNull();
    for (const bad of [
      `${long}a`,
      'ftp://push.example.com/a',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'push.example.com/a',
      'https://user:secret@push.example.com/a',
      '',
      42,
      null,
    ]) {
      expect(parsePushSubscription(token({ endpoint: bad, keys: { p256dh, auth } }))).toBeNull();
    }
  });

  it('accepts base64url with trailing padding and returns it unpadded', () => {
    const padded = Buffer.from(auth, 'base64url').toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    expect(padded.endsWith('==')).toBe(true);
    expect(
      parsePushSubscription(token({ endpoint, keys: { p256dh: `${p256dh}=`, auth: padded } }))?.keys,
    ).toEqual({
      p256dh,
      auth,
    });
  });

  it('refuses p256dh that is not a 65-byte uncompressed point on P-256', () => {
    const point = Buffer.from(p256dh, 'base64url');
    const compressed = createECDH('prime256v1');
    compressed.generateKeys();
    const offCurve = Buffer.from(point);
    offCurve[64] = (offCurve[64] ?? 0) ^ 0x01;
    const wrongPrefix = Buffer.from(point);
    wrongPrefix[0] = 0x05;
    for (const bad of [
      compressed.getPublicKey('base64url', 'compressed'), // 33 bytes
      point.subarray(0, 64).toString('base64url'),
      Buffer.concat([point, Buffer.from([0])]).toString('base64url'),
      offCurve.toString('base64url'),
      wrongPrefix.toString('base64url'),
      Buffer.alloc(65, 4).toString('base64url'),
      `${p256dh.slice(0, 10)}+${p256dh.slice(11)}`, // standard base64's alphabet
      `${p256dh.slice(0, 40)}!${p256dh.slice(41)}`,
      '',
      123,
      null,
    ]) {
      expect(parsePushSubscription(token({ endpoint, keys: { p256dh: bad, auth } }))).toBeNull();
    }
  });

  it('refuses auth that is not 16 bytes of base64url', () => {
    for (const bad of [
      randomBytes(15).toString('base64url'),
      randomBytes(17).toString('base64url'),
      randomBytes(32).toString('base64url'),
      'not base64url!!!!!!!!!',
      '',
      16,
    ]) {
      expect(parsePushSubscription(token({ endpoint, keys: { p256dh, auth: bad } }))).toBeNull();
    }
  });

  it('refuses anything that is not the subscription JSON', () => {
    for (const bad of [
      '',
      'not json',
      'null',
      '42',
      '"https://push.example.com/a"',
      token([endpoint, { p256dh, auth }]),
      token({ endpoint }),
      token({ keys: { p256dh, auth } }),
      token({ endpoint, keys: null }),
      token({ endpoint, keys: [p256dh, auth] }),
      token({ endpoint, keys: { p256dh } }),
      token({ endpoint, keys: { auth } }),
      `${token({ endpoint, keys: { p256dh, auth } })}x`,
    ]) {
      expect(parsePushSubscription(bad)).toBeNull();
    }
  });

  it('refuses tokens over 4000 characters', () => {
    const padded = token({ endpoint, keys: { p256dh, auth }, extra: 'x'.repeat(4000) });
    expect(parsePushSubscription(padded)).toBeNull();
  });
});

describe('vapidSubject', () => {
  it('takes the address of MAIL_FROM as a mailto: URI', () => {
    expect(vapidSubject('MindLedger <no-reply@mindledger.example>')).toBe(
      'mailto:no-reply@mindledger.example',
    );
    expect(vapidSubject('ops@mindledger.example')).toBe('mailto:ops@mindledger.example');
  });

  it('falls back to the support address', () => {
    expect(vapidSubject(undefined)).toBe('mailto:support@mindledger.local');
    expect(vapidSubject('MindLedger')).toBe('mailto:support@mindledger.local');
    expect(vapidSubject('a b@c.d')).toBe('mailto:support@mindledger.local');
  });
});

describe('loadVapidKeys from settings', () => {
  const pair = webpush.generateVAPIDKeys();

  it('uses the settings as given', () => {
    expect(loadVapidKeys({ ...pair, dataDir: '/nonexistent/never-written' })).toEqual(pair);
  });

  it('refuses one key without the other', () => {
    expect(() => loadVapidKeys({ publicKey: pair.publicKey })).toThrow(/must be set together/);
    expect(() => loadVapidKeys({ privateKey: pair.privateKey })).toThrow(/must be set together/);
  });

  it('refuses keys that do not match, without showing the private key', () => {
    const other = webpush.generateVAPIDKeys();
    let message = '';
    try {
      loadVapidKeys({ publicKey: pair.publicKey, privateKey: other.privateKey });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/not a matching P-256 key pair/);
    expect(message).not.toContain(other.privateKey);
    expect(() => loadVapidKeys({ publicKey: 'abc', privateKey: pair.privateKey })).toThrow();
  });

  it('without settings or a data directory, one pair per process', () => {
    const first = loadVapidKeys({});
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(loadVapidKeys({})).toEqual(first);
  });
});

describe('the test push service decrypts per RFC 8291', () => {
  // RFC 8291 §5 and Appendix A, the published example.
  const rfc = {
    plaintext: 'When I grow up, I want to be a watermelon',
    uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
    body:
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PB' +
      'ru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };

  function rfcKeys() {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(rfc.uaPrivate, 'base64url'));
    expect(ecdh.getPublicKey('base64url')).toBe(rfc.uaPublic);
    return ecdh;
  }

  it('decrypts the RFC 8291 example', () => {
    const plaintext = decryptPushMessage(
      Buffer.from(rfc.body, 'base64url'),
      rfcKeys(),
      Buffer.from(rfc.authSecret, 'base64url'),
    );
    expect(plaintext.toString('utf8')).toBe(rfc.plaintext);
  });

  it('refuses the example with a flipped ciphertext bit or a wrong auth secret', () => {
    const tampered = Buffer.from(rfc.body, 'base64url');
    tampered[100] = (tampered[100] ?? 0) ^ 0x01;
    expect(() => decryptPushMessage(tampered, rfcKeys(), Buffer.from(rfc.authSecret, 'base64url'))).toThrow(
      /does not decrypt/,
    );
    expect(() => decryptPushMessage(Buffer.from(rfc.body, 'base64url'), rfcKeys(), randomBytes(16))).toThrow(
      /does not decrypt/,
    );
  });

  it('decrypts what web-push encrypts (aes128gcm), padding and all', () => {
    const { ecdh, p256dh, auth } = browserKeys();
    const text = JSON.stringify({ title: 'Reminder', body: 'Time to write ✍️', url: '/journal', tag: 't' });
    const encrypted = webpush.encrypt(p256dh, auth, text, 'aes128gcm');
    const plaintext = decryptPushMessage(encrypted.cipherText, ecdh, Buffer.from(auth, 'base64url'));
    expect(plaintext.toString('utf8')).toBe(text);
  });
});

describe('isAllowedPushEndpoint', () => {
  it('takes only the browsers push services in production, and loopback elsewhere', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', true)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QG', true)).toBe(true);
    expect(isAllowedPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', true)).toBe(true);
    expect(isAllowedPushEndpoint('https://169.254.169.254/latest', true)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.example/x', true)).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/x', true)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9/push/1', true)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9/push/1', false)).toBe(true);
    expect(isAllowedPushEndpoint('https://internal.example/push', false)).toBe(false);
  });

  it("takes a push service only on HTTPS's default port, 443", () => {
    for (const production of [true, false]) {
      expect(isAllowedPushEndpoint('https://fcm.googleapis.com:443/fcm/send/abc', production)).toBe(true);
      for (const other of [
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        'https://fcm.googleapis.com:80/fcm/send/abc',
        'https://updates.push.services.mozilla.com:25/wpush/v2/x',
        'https://web.push.apple.com:22/QG',
        'https://wns2-par02p.notify.windows.com:6379/w/?token=x',
        'https://android.googleapis.com:1/x',
      ])
        expect(isAllowedPushEndpoint(other, production), other).toBe(false);
    }
    // loopback (the tests' local push service, any port) only outside production
    expect(isAllowedPushEndpoint('http://localhost:4000/push/1', false)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:4000/push/1', true)).toBe(false);
    expect(isAllowedPushEndpoint('https://localhost/push/1', true)).toBe(false);
  });
});
