'use client';

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onIdTokenChanged, reload, signOut, type User } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { endServerSession, isIntendedSignOut } from '@/lib/client/session';
import { FORCED_SIGN_OUT_CODES, SESSION_EXPIRED } from '@/lib/auth/errors';
import { SESSION_LIFETIME_MS } from '@/lib/session/expiry';
import { flashToast } from '@/components/ui/toast';

/** The user as the spec's client state has it (§3). */
export type AuthUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  lastLoginAt: string | null;
  providerData: Array<{ providerId: string }>;
};

export type AuthState = {
  user: AuthUser | null;
  isAuthenticated: boolean;
  authInitialized: boolean;
  loading: boolean;
  error: string | null;
  /** Authenticated and a user is present. */
  isLoggedIn: boolean;
  /** The method is e-mail based when the first provider is `password`. */
  isEmailBased: boolean;
};

const AuthContext = createContext<AuthState | null>(null);

function fromFirebase(user: User, lastLoginAt: string | null): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    lastLoginAt,
    providerData: user.providerData.map(({ providerId }) => ({ providerId })),
  };
}

type Props = {
  config: ClientFirebaseConfig;
  locale: string;
  /** The server session's user: the first render shows it, so a signed-in page never flashes signed out. */
  initialUser: AuthUser | null;
  /** Translated reasons of a forced sign-out, by Firebase code (and SESSION_EXPIRED), and the login page. */
  forcedSignOut: { messages: Record<string, string>; loginPath: string };
  children: ReactNode;
};

/**
 * Keeps the spec's user state from the Firebase JS SDK (which refreshes tokens, times out and retries
 * on its own) and signs the user out when the provider reports the account disabled or the user
 * token expired (spec §4), and when the session's 24 hours since the sign-in are over: the Firebase
 * user too, so that the login page asks for the password again.
 */
export function AuthProvider({ config, locale, initialUser, forcedSignOut, children }: Props) {
  const [user, setUser] = useState<AuthUser | null>(initialUser);
  const [authInitialized, setAuthInitialized] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const auth = firebaseAuth(config, locale);
    let active = true;

    async function forceSignOut(code: string) {
      if (!active) return;
      active = false;
      setError(forcedSignOut.messages[code]);
      flashToast('error', forcedSignOut.messages[code]);
      await Promise.allSettled([signOut(auth), endServerSession()]);
      window.location.assign(forcedSignOut.loginPath);
    }

    // The server session ends 24 h after the sign-in; so does this page's (the timer, or the first
    // check after the device slept through that moment).
    const expiresAt = initialUser?.lastLoginAt ? Date.parse(initialUser.lastLoginAt) + SESSION_LIFETIME_MS : Infinity;
    const expired = () => Date.now() >= expiresAt;
    const expiry = Number.isFinite(expiresAt)
      ? window.setTimeout(() => void forceSignOut(SESSION_EXPIRED), Math.max(0, expiresAt - Date.now()))
      : undefined;

    async function check() {
      if (expired()) return forceSignOut(SESSION_EXPIRED);
      const current = auth.currentUser;
      if (!current) return;
      try {
        // Asks the provider for the account: a disabled account or a dead token shows up here.
        await reload(current);
      } catch (caught) {
        const code = (caught as { code?: string }).code;
        if (code && FORCED_SIGN_OUT_CODES.has(code)) void forceSignOut(code);
      }
    }

    let initialized = false;
    const unsubscribe = onIdTokenChanged(auth, (firebaseUser) => {
      if (firebaseUser) {
        setUser((previous) => fromFirebase(firebaseUser, previous?.lastLoginAt ?? initialUser?.lastLoginAt ?? null));
      } else if (!isIntendedSignOut()) {
        // No Firebase user although the server has a session: the SDK found the token dead on its
        // own (expired, revoked, account disabled) and signed out. The server session ends too.
        void forceSignOut('auth/user-token-expired');
        return;
      } else {
        setUser(null);
      }
      if (initialized) return;
      // The first auth state (spec §4); checking the account can itself change the token, so only once.
      initialized = true;
      setAuthInitialized(true);
      void check();
    });
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      active = false;
      window.clearTimeout(expiry);
      unsubscribe();
      window.removeEventListener('focus', onFocus);
    };
  }, [config, locale, initialUser, forcedSignOut]);

  const state = useMemo<AuthState>(() => {
    const isAuthenticated = user !== null;
    return {
      user,
      isAuthenticated,
      authInitialized,
      loading: !authInitialized,
      error,
      isLoggedIn: isAuthenticated && user !== null,
      isEmailBased: user?.providerData[0]?.providerId === 'password',
    };
  }, [user, authInitialized, error]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs an AuthProvider');
  return state;
}
