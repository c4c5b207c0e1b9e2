'use client';

import { validatePassword, type Auth, type PasswordValidationStatus } from 'firebase/auth';

export type PasswordRule = { key: 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric'; value?: number; met: boolean };

/** Minimum length when the provider's policy says nothing (spec §5, §9). */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

/**
 * The provider's password policy, rule by rule, for `password` (the SDK's validatePassword). When the
 * policy cannot be read, only the default minimum length applies.
 */
export async function passwordRules(auth: Auth, password: string): Promise<{ rules: PasswordRule[]; valid: boolean }> {
  let status: PasswordValidationStatus;
  try {
    status = await validatePassword(auth, password);
  } catch {
    const met = password.length >= DEFAULT_MIN_PASSWORD_LENGTH;
    return { rules: [{ key: 'minLength', value: DEFAULT_MIN_PASSWORD_LENGTH, met }], valid: met };
  }
  const options = status.passwordPolicy.customStrengthOptions;
  const rules: PasswordRule[] = [
    { key: 'minLength', value: options.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH, met: status.meetsMinPasswordLength ?? password.length >= DEFAULT_MIN_PASSWORD_LENGTH },
  ];
  if (options.maxPasswordLength) rules.push({ key: 'maxLength', value: options.maxPasswordLength, met: !!status.meetsMaxPasswordLength });
  if (options.containsLowercaseLetter) rules.push({ key: 'lowercase', met: !!status.containsLowercaseLetter });
  if (options.containsUppercaseLetter) rules.push({ key: 'uppercase', met: !!status.containsUppercaseLetter });
  if (options.containsNumericCharacter) rules.push({ key: 'numeric', met: !!status.containsNumericCharacter });
  if (options.containsNonAlphanumericCharacter) rules.push({ key: 'nonAlphanumeric', met: !!status.containsNonAlphanumericCharacter });
  return { rules, valid: rules.every((rule) => rule.met) };
}
