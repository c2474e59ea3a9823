import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAPROXY_CONFIG, INSTANCE_HEADER, renderHaproxyConfig } from '../../helpers/haproxy';

const template = readFileSync(HAPROXY_CONFIG, 'utf8');
const lines = (text: string) => text.split('\n').map((line) => line.trim());

describe('the HAProxy config the failover test runs', () => {
  const backends = [
    { name: 'app1', address: '127.0.0.1:4001' },
    { name: 'app2', address: '127.0.0.1:4002' },
    { name: 'app3', address: '127.0.0.1:4003' },
  ];
  const rendered = renderHaproxyConfig(template, { bind: '127.0.0.1:9999', backends });

  it("replaces only the frontend's bind and the backend's servers", () => {
    expect(lines(rendered).filter((l) => l.startsWith('bind '))).toEqual(['bind 127.0.0.1:9999']);
    expect(lines(rendered).filter((l) => l.startsWith('server '))).toEqual([
      'server app1 127.0.0.1:4001',
      'server app2 127.0.0.1:4002',
      'server app3 127.0.0.1:4003',
    ]);
    const rest = (text: string) =>
      lines(text).filter((l) => !l.startsWith('bind ') && !l.startsWith('server '));
    expect(rest(rendered)).toEqual(rest(template));
  });

  it('names the instance that answered only when asked (tests)', () => {
    expect(rendered).not.toContain(INSTANCE_HEADER);
    const named = renderHaproxyConfig(template, { bind: ':1', backends, nameInstance: true });
    expect(lines(named)).toContain(`http-response set-header ${INSTANCE_HEADER} %s`);
  });

  it('keeps what failover relies on: health checks, redispatch, socket timeouts, nothing sticky', () => {
    const config = lines(template);
    expect(config).toContain('http-check send meth GET uri /api/health');
    expect(config).toContain('option redispatch 1');
    expect(config).toContain('balance leastconn');
    // Longer than the server's 30 s heartbeat, so a live socket is never cut as idle.
    expect(config).toContain('timeout tunnel 2m');
    expect(template).not.toMatch(/^\s*(cookie|stick)\b/m);
    expect(template).not.toContain('shutdown-sessions');
  });
});
