import { describe, expect, it } from 'vitest';
import { isAcceptablePushEndpoint } from './push.schemas.ts';

describe('push endpoints', () => {
  it('takes the push services browsers use, over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(isAcceptablePushEndpoint(endpoint, false)).toBe(true);
    }
  });

  it('takes a push service on this machine only when allowed (tests), never another http one', () => {
    expect(isAcceptablePushEndpoint('http://127.0.0.1:4000/push/1', true)).toBe(true);
    expect(isAcceptablePushEndpoint('http://localhost:4000/push/1', true)).toBe(true);
    expect(isAcceptablePushEndpoint('http://127.0.0.1:4000/push/1', false)).toBe(false);
    expect(isAcceptablePushEndpoint('https://localhost/push/1', false)).toBe(false);
    expect(isAcceptablePushEndpoint('http://push.example.com/1', true)).toBe(false);
  });

  it('refuses addresses that would make the server call into its own network', () => {
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://intranet/x',
      'https://printer.local/x',
      'https://db.internal/x',
      'https://a:b@push.example.com/x',
      'not a url',
    ]) {
      expect(isAcceptablePushEndpoint(endpoint, false)).toBe(false);
    }
  });
});
