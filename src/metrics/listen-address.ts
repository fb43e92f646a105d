// `--metrics [ADDR]` and the dashboard's address: `PORT`, `HOST:PORT` or `[IPv6]:PORT`; loopback by default.
import { isIP } from 'node:net';
import { UsageError } from '../errors.js';

/** Where a server listens. */
export interface ListenAddress {
  host: string;
  port: number;
}

/** The address headroom's servers bind when none is given: this machine only. */
export const loopbackHost = '127.0.0.1';

/** Parses `9477`, `0.0.0.0:9477`, `[::1]:9477` or `localhost:9477` (port 0: any free port). */
export function parseListenAddress(text: string, flag: string): ListenAddress {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s]*)):(\d+)$/.exec(text) ?? /^()()(\d+)$/.exec(text);
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`${flag} ${text}: expected PORT or HOST:PORT, such as 9477 or 127.0.0.1:9477`);
  const host = match[1] || match[2] || loopbackHost;
  if (match[1] && isIP(match[1]) !== 6)
    throw new UsageError(`${flag} ${text}: [${match[1]}] is not an IPv6 address`);
  return { host, port };
}

/**
 * True for addresses only this machine can reach: localhost, ::1, or an IPv4 literal in 127.0.0.0/8.
 * A name that merely starts with 127. (127.x.example) is DNS's to resolve, so it is not loopback.
 */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** The host as a URL writes it: an IPv6 address in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
