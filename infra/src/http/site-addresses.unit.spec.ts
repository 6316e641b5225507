import { describe, expect, it } from 'vitest';
import { siteAddresses } from './site-addresses';

describe('the names and origins the site answers to', () => {
  describe('while PUBLIC_URL is not set (npm start, tests)', () => {
    const site = siteAddresses(undefined);

    it('serves the loopback names on any port, and no other name', () => {
      for (const host of ['localhost', 'localhost:3000', 'LOCALHOST:3917', 'localhost.:80', '127.0.0.1:41234', '127.0.0.2', '[::1]:3000', '[::1]']) expect(site.servesHost(host), host).toBe(true);
      for (const host of ['rebind.attacker.test:3917', 'rebind.attacker.test', 'localhost.attacker.test', 'attacker.localhost.evil', '127.0.0.1.nip.io', '192.168.1.20:3000', '0.0.0.0', '', undefined, 'localhost:3000/x', 'user@localhost', '[::2]:80', 'local host']) {
        expect(site.servesHost(host), String(host)).toBe(false);
      }
    });

    it('takes for its own only the loopback origin of the port the request came in on, never a rebound name', () => {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) expect(site.isOwnOrigin(origin, 3000), origin).toBe(true);
      for (const origin of ['http://rebind.attacker.test:3917', 'null', '', undefined, 'file://', 'chrome-extension://abc', 'http://localhost.attacker.test', '::::']) expect(site.isOwnOrigin(origin, 3000), String(origin)).toBe(false);
      // Another program of this machine, on another port, is another origin (the rule changed: any loopback port was taken).
      for (const origin of ['http://127.0.0.1:41234', 'http://localhost:5173', 'https://localhost', 'https://localhost:3000']) expect(site.isOwnOrigin(origin, 3000), origin).toBe(false);
      // A server that knows neither its address nor the request's port takes no origin for its own.
      expect(site.isOwnOrigin('http://localhost:3000')).toBe(false);
      expect(site.primaryHost).toBe('localhost');
    });
  });

  describe('served by the embedded platform at its own address (npm start: http://localhost:<PORT>)', () => {
    const site = siteAddresses('http://localhost:3000');

    it('takes the site’s origin under each loopback name, on the site’s port only', () => {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://LOCALHOST:3000']) expect(site.isOwnOrigin(origin), origin).toBe(true);
      for (const origin of ['http://127.0.0.1:41234', 'http://localhost:5173', 'http://localhost', 'https://localhost:3000', 'http://127.0.0.2:3001']) expect(site.isOwnOrigin(origin), origin).toBe(false);
      // Listening on a port chosen at start (PORT=0, a test), its own port is the site's too.
      expect(site.isOwnOrigin('http://127.0.0.1:41234', 41234)).toBe(true);
      expect(site.isOwnOrigin('http://127.0.0.1:41234', 41235)).toBe(false);
    });
  });

  describe('with a public PUBLIC_URL', () => {
    const site = siteAddresses('https://recup-points.fr');

    it('serves its name only: the loopback names are somebody else’s machine', () => {
      for (const host of ['recup-points.fr', 'recup-points.fr:443', 'Recup-Points.FR']) expect(site.servesHost(host), host).toBe(true);
      for (const host of ['localhost:3000', '127.0.0.1', 'www.recup-points.fr', 'recup-points.fr.attacker.test']) expect(site.servesHost(host), host).toBe(false);
    });

    it('takes its exact origin only (scheme, name and port)', () => {
      expect(site.isOwnOrigin('https://recup-points.fr')).toBe(true);
      expect(site.isOwnOrigin('https://recup-points.fr:443', 443)).toBe(true);
      for (const origin of ['http://recup-points.fr', 'https://recup-points.fr:8443', 'http://localhost:3000', 'https://evil.test']) expect(site.isOwnOrigin(origin, 3000), origin).toBe(false);
      expect(site.primaryHost).toBe('recup-points.fr');
    });
  });

  it('takes a loopback PUBLIC_URL as not public: docker compose’s http://localhost:8080', () => {
    const site = siteAddresses('http://localhost:8080');
    expect(site.servesHost('localhost:8080')).toBe(true);
    expect(site.servesHost('127.0.0.1:8080')).toBe(true);
    expect(site.servesHost('gateway:8080')).toBe(false);
    expect(site.isOwnOrigin('http://localhost:8080')).toBe(true);
    expect(site.isOwnOrigin('http://127.0.0.1:8080')).toBe(true);
    // Behind the gateway: the command API's own port is not the browser's.
    expect(site.isOwnOrigin('http://localhost:3001')).toBe(false);
    expect(site.isOwnOrigin('http://localhost:5173', 3001)).toBe(false);
  });
});
