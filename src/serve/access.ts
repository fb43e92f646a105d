// Who may read the dashboard: on loopback, requests whose Host header names this machine (DNS
// rebinding cannot reach it through a browser); elsewhere, requests that carry the random token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopback } from '../metrics/listen-address.js';

/** A fresh access token: 144 random bits, URL-safe. */
export function newAccessToken(): string {
  return randomBytes(18).toString('base64url');
}

/** The token a request carries: `?token=` (links and the event stream) or `Authorization: Bearer`. */
export function tokenOf(request: IncomingMessage, url: URL): string | null {
  const fromQuery = url.searchParams.get('token');
  if (fromQuery !== null) return fromQuery;
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** Compares in constant time, so the token cannot be guessed byte by byte from response times. */
export function isSameToken(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when the Host header names a loopback address (127.x.y.z, localhost, [::1]), with any port. */
export function isLoopbackHostHeader(hostHeader: string | undefined): boolean {
  const host = (hostHeader ?? '').replace(/:\d+$/, '');
  // Brackets only around an IPv6 address: [::1], never [127.0.0.1] or [localhost].
  const bracketed = /^\[(.*:.*)\]$/.exec(host);
  return isLoopback(bracketed ? (bracketed[1] ?? '') : host);
}
