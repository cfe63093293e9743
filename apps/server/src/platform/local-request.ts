import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds when it relays a request from elsewhere. */
const relayHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Whether a request comes from this machine itself: judged by the socket's own remote address,
 * never by X-Forwarded-For (request.ip follows it with TRUST_PROXY). A request relayed by a proxy
 * on this machine arrives on loopback too, so one that carries a proxy's headers is not local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  return relayHeaders.every((name) => request.headers[name] === undefined);
}
