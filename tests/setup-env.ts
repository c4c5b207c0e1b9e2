// Unit tests seal and unseal sessions with a fixed secret instead of creating .data/session-secret.
process.env.SESSION_SECRET ??= 'unit-tests-session-secret-0123456789abcdef';
