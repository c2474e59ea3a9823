import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

/** Mail settings as SMTP_URL, MAIL_FROM, PUBLIC_URL and the reset limits give them. */
describe('mail configuration', () => {
  it('works with nothing set: mail goes to the log, links to this server', () => {
    const { mail } = loadConfig({ PORT: '3000' });
    expect(mail).toEqual({
      smtpUrl: null,
      from: 'ChairTalk <no-reply@localhost>',
      publicUrl: 'http://localhost:3000',
      resetMs: 30 * 60_000,
      resetsPerHour: 5,
      verifyMs: 48 * 3_600_000,
      invitesPerHour: 200,
      reminderCheckMs: 60_000,
    });
  });

  it.each([
    ['smtp://mail.example.org:587', true],
    ['smtps://user:p%40ss@mail.example.org', true],
    ['http://mail.example.org', false],
    ['not a url', false],
  ])('SMTP_URL %s is accepted: %s', (url, ok) => {
    const load = () => loadConfig({ SMTP_URL: url });
    if (ok) expect(load().mail.smtpUrl).toBe(url);
    else expect(load).toThrow(ConfigError);
  });

  it('keeps links on PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://chairtalk.example.org/' }).mail.publicUrl).toBe(
      'https://chairtalk.example.org',
    );
  });

  it.each([
    ['PASSWORD_RESET_MINUTES', '4'],
    ['PASSWORD_RESET_MINUTES', '1441'],
    ['PASSWORD_RESETS_PER_HOUR', '0'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});
