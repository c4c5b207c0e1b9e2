/** @jest-environment node */
import { validatePassword, type Auth, type PasswordPolicy, type PasswordValidationStatus } from 'firebase/auth';
import { DEFAULT_MIN_PASSWORD_LENGTH, passwordRules, type PasswordRule } from '@/lib/client/password-checklist';
import { MAX_PASSWORD_LENGTH } from '@/lib/auth/password';

// The SDK's validatePassword fetches the project's policy from the provider; here it answers with the
// result shape the SDK documents (PasswordValidationStatus, with the policy it checked against).
jest.mock('firebase/auth', () => ({ validatePassword: jest.fn() }));

const validate = jest.mocked(validatePassword);
const auth = { name: 'test-auth' } as unknown as Auth;

type Options = PasswordPolicy['customStrengthOptions'];
type Checks = Omit<PasswordValidationStatus, 'isValid' | 'passwordPolicy'>;

function policy(customStrengthOptions: Options): PasswordPolicy {
  return {
    customStrengthOptions,
    allowedNonAlphanumericCharacters: '!@#$%^&*',
    enforcementState: 'ENFORCE',
    forceUpgradeOnSignin: false,
  };
}

/** What the SDK answers for a policy with these options and these per-option results. */
function answer(options: Options, checks: Checks) {
  const isValid = Object.values(checks).every(Boolean);
  validate.mockResolvedValueOnce({ isValid, ...checks, passwordPolicy: policy(options) });
}

// Every option of the policy, with the SDK's check of each.
const FULL_POLICY: Options = {
  minPasswordLength: 8,
  maxPasswordLength: 32,
  containsLowercaseLetter: true,
  containsUppercaseLetter: true,
  containsNumericCharacter: true,
  containsNonAlphanumericCharacter: true,
};
const ALL_MET: Required<Checks> = {
  meetsMinPasswordLength: true,
  meetsMaxPasswordLength: true,
  containsLowercaseLetter: true,
  containsUppercaseLetter: true,
  containsNumericCharacter: true,
  containsNonAlphanumericCharacter: true,
};
// Which check of the SDK's answer decides each rule.
const CHECK_OF: Record<PasswordRule['key'], keyof Checks> = {
  minLength: 'meetsMinPasswordLength',
  maxLength: 'meetsMaxPasswordLength',
  lowercase: 'containsLowercaseLetter',
  uppercase: 'containsUppercaseLetter',
  numeric: 'containsNumericCharacter',
  nonAlphanumeric: 'containsNonAlphanumericCharacter',
};
const RULE_KEYS = Object.keys(CHECK_OF) as PasswordRule['key'][];
// The app's maximum, met by every short password of these tests.
const MAX_MET = { key: 'maxLength', value: 128, met: true };

beforeEach(() => {
  validate.mockReset();
});

describe('DEFAULT_MIN_PASSWORD_LENGTH', () => {
  it('is 6, the minimum when the policy says nothing', () => {
    expect(DEFAULT_MIN_PASSWORD_LENGTH).toBe(6);
  });
});

describe('passwordRules with the provider’s policy', () => {
  it('asks the SDK to check the password against the given Auth instance', async () => {
    answer(FULL_POLICY, ALL_MET);
    await passwordRules(auth, 'Secret#123');
    expect(validate).toHaveBeenCalledTimes(1);
    expect(validate).toHaveBeenCalledWith(auth, 'Secret#123');
  });

  it('lists one rule per option of the policy, in a fixed order, with the lengths as values', async () => {
    answer(FULL_POLICY, ALL_MET);
    await expect(passwordRules(auth, 'Secret#123')).resolves.toEqual({
      rules: [
        { key: 'minLength', value: 8, met: true },
        { key: 'maxLength', value: 32, met: true },
        { key: 'lowercase', met: true },
        { key: 'uppercase', met: true },
        { key: 'numeric', met: true },
        { key: 'nonAlphanumeric', met: true },
      ],
      valid: true,
    });
  });

  it.each(RULE_KEYS)(
    'marks only the %s rule unmet, and the password invalid, when the SDK says it fails',
    async (key) => {
      answer(FULL_POLICY, { ...ALL_MET, [CHECK_OF[key]]: false });
      const { rules, valid } = await passwordRules(auth, 'whatever');
      expect(valid).toBe(false);
      expect(rules).toHaveLength(6);
      for (const rule of rules) expect(rule.met).toBe(rule.key !== key);
    },
  );

  it.each(RULE_KEYS)('flips the %s rule from unmet to met as the password changes', async (key) => {
    answer(FULL_POLICY, { ...ALL_MET, [CHECK_OF[key]]: false });
    answer(FULL_POLICY, ALL_MET);
    const before = await passwordRules(auth, 'first try');
    const after = await passwordRules(auth, 'Second#try1');
    expect(before.rules.find((rule) => rule.key === key)?.met).toBe(false);
    expect(before.valid).toBe(false);
    expect(after.rules.find((rule) => rule.key === key)?.met).toBe(true);
    expect(after.valid).toBe(true);
  });

  it('is invalid while any rule is unmet and valid only when all are met', async () => {
    answer(FULL_POLICY, { ...ALL_MET, containsUppercaseLetter: false, containsNumericCharacter: false });
    const { rules, valid } = await passwordRules(auth, 'secret#');
    expect(valid).toBe(false);
    expect(rules.filter((rule) => !rule.met).map((rule) => rule.key)).toEqual(['uppercase', 'numeric']);
  });

  it('leaves out the options the policy does not require', async () => {
    answer(
      {
        minPasswordLength: 10,
        containsLowercaseLetter: false,
        containsUppercaseLetter: true,
        containsNumericCharacter: false,
      },
      {
        meetsMinPasswordLength: true,
        containsLowercaseLetter: false,
        containsUppercaseLetter: true,
        containsNumericCharacter: false,
      },
    );
    // Unrequired checks the SDK reports as failing do not make the password invalid.
    await expect(passwordRules(auth, 'LONGENOUGHPW')).resolves.toEqual({
      rules: [
        { key: 'minLength', value: 10, met: true },
        { key: 'maxLength', value: 128, met: true },
        { key: 'uppercase', met: true },
      ],
      valid: true,
    });
  });

  it('takes the policy’s minimum length and the SDK’s check of it over the default', async () => {
    answer({ minPasswordLength: 12 }, { meetsMinPasswordLength: false });
    // Eight characters pass the default minimum of 6 but not the policy's 12.
    await expect(passwordRules(auth, 'abcdefgh')).resolves.toEqual({
      rules: [{ key: 'minLength', value: 12, met: false }, MAX_MET],
      valid: false,
    });
    answer({ minPasswordLength: 12 }, { meetsMinPasswordLength: true });
    await expect(passwordRules(auth, 'abcdefghijkl')).resolves.toEqual({
      rules: [{ key: 'minLength', value: 12, met: true }, MAX_MET],
      valid: true,
    });
  });

  it('counts a required rule the SDK did not report on as unmet', async () => {
    answer(
      { minPasswordLength: 6, maxPasswordLength: 20, containsNonAlphanumericCharacter: true },
      { meetsMinPasswordLength: true },
    );
    await expect(passwordRules(auth, 'abcdefg')).resolves.toEqual({
      rules: [
        { key: 'minLength', value: 6, met: true },
        { key: 'maxLength', value: 20, met: false },
        { key: 'nonAlphanumeric', met: false },
      ],
      valid: false,
    });
  });
});

describe('passwordRules when the policy says nothing', () => {
  it('requires 6 to 128 characters and nothing else', async () => {
    answer({}, {});
    await expect(passwordRules(auth, 'abcdef')).resolves.toEqual({
      rules: [{ key: 'minLength', value: 6, met: true }, MAX_MET],
      valid: true,
    });
  });

  it.each([
    ['', false],
    ['abcde', false],
    ['abcdef', true],
    ['abcdefghijklmnop', true],
  ])('checks the length of %j itself against 6 (met: %s)', async (password, met) => {
    answer({}, {});
    await expect(passwordRules(auth, password)).resolves.toEqual({
      rules: [{ key: 'minLength', value: 6, met }, MAX_MET],
      valid: met,
    });
  });
});

describe('passwordRules when the policy cannot be read', () => {
  it.each([
    ['', false],
    ['12345', false],
    ['123456', true],
    ['a much longer password', true],
  ])('falls back to the default minimum length for %j (met: %s)', async (password, met) => {
    validate.mockRejectedValueOnce(
      Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), {
        code: 'auth/network-request-failed',
      }),
    );
    await expect(passwordRules(auth, password)).resolves.toEqual({
      rules: [{ key: 'minLength', value: DEFAULT_MIN_PASSWORD_LENGTH, met }, MAX_MET],
      valid: met,
    });
  });

  it('does not ask the local emulator, which has no policy (it answers 501)', async () => {
    const emulated = { name: 'emulated', emulatorConfig: { host: '127.0.0.1', port: 9099 } } as unknown as Auth;
    await expect(passwordRules(emulated, 'abcdef')).resolves.toEqual({
      rules: [{ key: 'minLength', value: 6, met: true }, MAX_MET],
      valid: true,
    });
    expect(validate).not.toHaveBeenCalled();
  });

  it('does not let the SDK’s error escape', async () => {
    validate.mockRejectedValueOnce(new Error('policy unavailable'));
    await expect(passwordRules(auth, 'abc')).resolves.toEqual({
      rules: [{ key: 'minLength', value: 6, met: false }, MAX_MET],
      valid: false,
    });
  });
});

describe('passwordRules: at most 128 characters, any of them', () => {
  const maxRule = async (password: string) =>
    (await passwordRules(auth, password)).rules.find((rule) => rule.key === 'maxLength');

  it('is 128', () => {
    expect(MAX_PASSWORD_LENGTH).toBe(128);
  });

  it.each([
    ['128 letters', 'a'.repeat(128), true],
    ['129 letters', 'a'.repeat(129), false],
    ['20,000 letters', 'a'.repeat(20_000), false],
    // Each emoji is two UTF-16 units but one character.
    ['128 emoji', '🔐'.repeat(128), true],
    ['129 emoji', '🔐'.repeat(129), false],
  ])('counts %s as characters (met: %s), policy or not', async (_, password, met) => {
    answer({}, {});
    expect(await maxRule(password)).toEqual({ key: 'maxLength', value: 128, met });
    answer(
      { minPasswordLength: 6, maxPasswordLength: 4096 },
      { meetsMinPasswordLength: true, meetsMaxPasswordLength: true },
    );
    expect(await maxRule(password)).toEqual({ key: 'maxLength', value: 128, met });
    validate.mockRejectedValueOnce(new Error('policy unavailable'));
    const fallback = await passwordRules(auth, password);
    expect(fallback.rules[1]).toEqual({ key: 'maxLength', value: 128, met });
    expect(fallback.valid).toBe(met);
  });

  it('refuses nothing for its characters: letters of any script, umlauts, symbols, spaces, emoji', async () => {
    answer({}, {});
    await expect(passwordRules(auth, 'Pässwörter ß 漢字 кириллица ∑ 🔐 ☃')).resolves.toMatchObject({ valid: true });
  });

  it('takes a smaller maximum of the policy', async () => {
    answer({ maxPasswordLength: 64 }, { meetsMaxPasswordLength: false });
    expect(await maxRule('a'.repeat(65))).toEqual({ key: 'maxLength', value: 64, met: false });
  });
});
