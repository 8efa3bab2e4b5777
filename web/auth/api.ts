import type * as z from 'zod';
import type { changePasswordInput, forgotPasswordInput, loginInput, profileInput, registerInput, resetPasswordInput, User } from '../../events/accounts/schemas';
import { ApiError, apiGet, apiSend } from '../api/client';

/** The account calls of spec section 7 ("Auth and account"). */

interface Message {
  message: string;
}

/** The signed-in user, or null when signed out (401); other failures throw. */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>('/api/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const login = (body: z.output<typeof loginInput>) => apiSend<User>('POST', '/api/auth/login', body);

export const register = (body: z.output<typeof registerInput>) => apiSend<User>('POST', '/api/auth/register', body);

export const logout = () => apiSend<Message>('POST', '/api/auth/logout');

/** `resetLink` comes back only from the local cloud, for the development toast. */
export const forgotPassword = (body: z.output<typeof forgotPasswordInput>) =>
  apiSend<Message & { resetLink?: string }>('POST', '/api/auth/forgot-password', body);

export const resetPassword = (body: z.output<typeof resetPasswordInput>) => apiSend<Message>('POST', '/api/auth/reset-password', body);

export const updateProfile = (body: z.output<typeof profileInput>) => apiSend<User>('PUT', '/api/auth/profile', body);

export const changePassword = (body: z.output<typeof changePasswordInput>) => apiSend<Message>('PUT', '/api/auth/change-password', body);

export const deleteAccount = () => apiSend<Message>('DELETE', '/api/auth/account');

/** Proves the signed-in account's e-mail with the token of a mailed link. */
export const verifyEmail = (token: string) => apiSend<{ success: true; user: User }>('POST', '/api/auth/verify-email', { token });

/** `verificationLink` comes back only from the local cloud, for a development toast. */
export const resendVerification = () => apiSend<Message & { verificationLink?: string }>('POST', '/api/auth/resend-verification');
