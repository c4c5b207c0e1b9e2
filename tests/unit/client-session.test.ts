import { isIntendedSignOut, withIntendedSignOut } from '@/lib/client/session';

describe('the intended sign-out mark', () => {
  it('is taken back when the sign-out fails, so a later provider sign-out counts as forced', async () => {
    await expect(withIntendedSignOut(() => Promise.reject(new Error('network')))).rejects.toThrow('network');
    expect(isIntendedSignOut()).toBe(false);
  });

  it('stays set while and after the sign-out succeeds', async () => {
    let during = false;
    await withIntendedSignOut(async () => {
      during = isIntendedSignOut();
    });
    expect(during).toBe(true);
    expect(isIntendedSignOut()).toBe(true);
  });
});
