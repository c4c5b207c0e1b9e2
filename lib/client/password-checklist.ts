'use client';

import { validatePassword, type Auth, type PasswordValidationStatus } from 'firebase/auth';
import { MAX_PASSWORD_LENGTH, passwordLength } from '@/lib/auth/password';

export type PasswordRule = {
  key: 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';
  value?: number;
  met: boolean;
};

/** Minimum length when the provider's policy says nothing (spec §5, §9). */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

/**
 * The provider's password policy, rule by rule, for `password` (the SDK's validatePassword), with the
 * app's own maximum of MAX_PASSWORD_LENGTH characters (or the policy's, when smaller). When the policy
 * cannot be read, the default minimum and that maximum apply.
 */
export async function passwordRules(auth: Auth, password: string): Promise<{ rules: PasswordRule[]; valid: boolean }> {
  const withinMaximum = passwordLength(password) <= MAX_PASSWORD_LENGTH;
  let status: PasswordValidationStatus;
  try {
    // The local emulator has no password policy to read (it answers 501 on every keystroke).
    if (auth.emulatorConfig) throw new Error('the Auth emulator has no password policy');
    status = await validatePassword(auth, password);
  } catch {
    const rules: PasswordRule[] = [
      { key: 'minLength', value: DEFAULT_MIN_PASSWORD_LENGTH, met: password.length >= DEFAULT_MIN_PASSWORD_LENGTH },
      { key: 'maxLength', value: MAX_PASSWORD_LENGTH, met: withinMaximum },
    ];
    return { rules, valid: rules.every((rule) => rule.met) };
  }
  const options = status.passwordPolicy.customStrengthOptions;
  const policyMaximum = options.maxPasswordLength;
  const rules: PasswordRule[] = [
    {
      key: 'minLength',
      value: options.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH,
      met: status.meetsMinPasswordLength ?? password.length >= DEFAULT_MIN_PASSWORD_LENGTH,
    },
    {
      key: 'maxLength',
      value: Math.min(policyMaximum ?? MAX_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH),
      met: withinMaximum && (!policyMaximum || !!status.meetsMaxPasswordLength),
    },
  ];
  if (options.containsLowercaseLetter) rules.push({ key: 'lowercase', met: !!status.containsLowercaseLetter });
  if (options.containsUppercaseLetter) rules.push({ key: 'uppercase', met: !!status.containsUppercaseLetter });
  if (options.containsNumericCharacter) rules.push({ key: 'numeric', met: !!status.containsNumericCharacter });
  if (options.containsNonAlphanumericCharacter)
    rules.push({ key: 'nonAlphanumeric', met: !!status.containsNonAlphanumericCharacter });
  return { rules, valid: rules.every((rule) => rule.met) };
}
