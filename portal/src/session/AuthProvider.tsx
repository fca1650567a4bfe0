import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { UserDto } from '@atrium/common';
import { useCurrentUserQuery } from '../api/session.ts';

export interface AuthState {
  /** Undefined while the session is being checked, null when nobody is signed in. */
  user: UserDto | null | undefined;
  isLoading: boolean;
  isAdmin: boolean;
  /** The session check itself failed (server down): not the same as "signed out". */
  error: Error | null;
  retry(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const query = useCurrentUserQuery();
  const value = useMemo<AuthState>(
    () => ({
      user: query.data,
      isLoading: query.isPending,
      isAdmin: query.data?.role === 'admin',
      error: query.error,
      retry: () => void query.refetch(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query.data, query.isPending, query.error, query.refetch],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session; SPEC §8: using it outside its provider is a programming error. */
export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** For screens behind the signed-in guard, where a user is certain. */
export function useSignedInUser(): UserDto {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser must be used on a signed-in route');
  return user;
}
