import { describe, expect, it } from 'vitest';
import { bannerLines, networkUrls } from '../../src/generator/serve/banner.js';

const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  eth0: [{ address: '192.168.1.5', family: 'IPv4', internal: false }, { address: 'fe80::1', family: 'IPv6', internal: false }],
} as unknown as NodeJS.Dict<import('node:os').NetworkInterfaceInfo[]>;

describe('the dev and preview banner', () => {
  it('lists network URLs only when bound beyond loopback', () => {
    expect(networkUrls('127.0.0.1', 4321, '/', interfaces)).toEqual([]);
    expect(networkUrls('0.0.0.0', 4321, '/docs/', interfaces)).toEqual(['http://192.168.1.5:4321/docs/']);
    expect(networkUrls('192.168.1.5', 80, '/', interfaces)).toEqual(['http://192.168.1.5:80/']);
  });
  it('starts with the local URL, pages and time, then one line per network URL', () => {
    expect(bannerLines('reactsite dev', 'http://127.0.0.1:4321/', '52 pages, first build 280 ms', ['http://192.168.1.5:4321/'])).toEqual(['reactsite dev: http://127.0.0.1:4321/  (52 pages, first build 280 ms)', '  network: http://192.168.1.5:4321/']);
  });
});
