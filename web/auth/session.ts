import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../api/errors';
import { toast } from '../components/toast';
import { queries } from '../api/queries';
import { logout } from './api';

/** The signed-in user (null when signed out), shared by every screen through the query cache. */
export function useCurrentUser() {
  return useQuery(queries.me());
}

/**
 * After sign-out or account deletion: go to /login and forget everything cached for that user, in
 * memory and on the device (issue 29: the stored reads, pins, unsent changes and photos).
 */
export function useLeaveSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await navigate({ to: '/login' });
    queryClient.clear();
    // Loaded now: the device copy's code is not in the main bundle.
    const { forgetPerson } = await import('../offline/cache/persist');
    await forgetPerson();
  };
}

export function useSignOut() {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: logout,
    onSuccess: leave,
    onError: (error) => toast({ variant: 'destructive', title: 'Sign out failed', description: serverMessage(error, error.message) }),
  });
}
