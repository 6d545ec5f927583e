import { describe, expect, it } from 'vitest';
import { localServiceUrl } from '../src/service.js';

describe('the address a service advertises to the CLIs on its machine', () => {
  it('is the loopback of the family when it listens on every interface', () => {
    expect(localServiceUrl([{ address: '0.0.0.0', family: 'IPv4', port: 3000 }])).toBe('http://127.0.0.1:3000');
    expect(localServiceUrl([{ address: '::', family: 'IPv6', port: 3000 }])).toBe('http://[::1]:3000');
  });

  it('is the bound address itself otherwise, IPv4 first when both are bound', () => {
    expect(localServiceUrl([{ address: '10.0.0.5', family: 'IPv4', port: 8080 }])).toBe('http://10.0.0.5:8080');
    expect(
      localServiceUrl([
        { address: '::1', family: 'IPv6', port: 41234 },
        { address: '127.0.0.1', family: 'IPv4', port: 41234 },
      ]),
    ).toBe('http://127.0.0.1:41234');
    expect(localServiceUrl(['/run/league.sock', { address: '::1', family: 'IPv6', port: 41234 }])).toBe('http://[::1]:41234');
  });

  it('is an error when the service listens on no TCP address', () => {
    expect(() => localServiceUrl(['/run/league.sock'])).toThrow('no TCP address');
  });
});
