import { create } from 'zustand';
import type { SignInInput, SignUpInput, User } from '#shared/api/auth';
import { AUTH_TEXT } from '#shared/text';
import { adoptAccountLocale } from '../../lib/i18n';
import { getMe } from './api/getMe';
import { signIn } from './api/signIn';
import { signOut } from './api/signOut';
import { signUp } from './api/signUp';

export type AuthStatus = 'idle' | 'loading' | 'ready';

interface AuthState {
  user: User | null;
  /** `ready` once /api/auth/me has answered; guards wait for it so nobody is bounced early. */
  status: AuthStatus;
  loadUser: () => Promise<void>;
  signIn: (input: SignInInput) => Promise<void>;
  signUp: (input: SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
  /** The server said the session is gone (expired, signed out elsewhere). */
  forgetUser: () => void;
  /** The account page changed the name or address the app shows. */
  updateUser: (fields: Pick<User, 'email' | 'fullName' | 'emailVerified'>) => void;
  /** Reads the signed-in user again (an address confirmed from a mail's link). */
  reloadUser: () => Promise<void>;
}

/** Signed in: the interface follows the account's language (decision 049). */
function followLanguageOf(user: User | null): void {
  if (user === null) return;
  adoptAccountLocale(user.locale).catch((error: unknown) => {
    console.error('Could not follow the account language', error);
  });
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  user: null,
  status: 'idle',

  loadUser: async () => {
    if (get().status !== 'idle') return;
    set({ status: 'loading' });
    try {
      const user = await getMe();
      followLanguageOf(user);
      set({ user, status: 'ready' });
    } catch (error) {
      // Unreachable server: treat as signed out; the login form will say what went wrong.
      console.error('Could not load the current user', error);
      set({ user: null, status: 'ready' });
    }
  },

  signIn: async (input) => {
    const user = await signIn(input);
    followLanguageOf(user);
    set({ user, status: 'ready' });
  },

  signUp: async (input) => {
    const user = await signUp(input);
    followLanguageOf(user);
    set({ user, status: 'ready' });
  },

  signOut: async () => {
    try {
      await signOut();
    } catch (error) {
      // The cookie may already be gone; the user still asked to leave, so leave.
      console.error('Sign-out request failed', error);
    }
    set({ user: null, status: 'ready' });
  },

  forgetUser: () => set({ user: null, status: 'ready' }),

  updateUser: (fields) => {
    const user = get().user;
    if (user) set({ user: { ...user, ...fields } });
  },

  reloadUser: async () => {
    try {
      set({ user: await getMe(), status: 'ready' });
    } catch (error) {
      // Keep what is shown: the next page load reads it again.
      console.error('Could not reload the current user', error);
    }
  },
}));

/** Spec §2 top bar: full name, falling back to the e-mail, then to 'User'. */
export function userDisplayName(user: User | null): string {
  const name = user?.fullName.trim();
  if (name) return name;
  const email = user?.email.trim();
  return email ? email : AUTH_TEXT.userFallback;
}
