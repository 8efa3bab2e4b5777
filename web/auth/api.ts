import type * as z from 'zod/mini';
import type { changePasswordInput, forgotPasswordInput, loginInput, magicLinkInput, profileInput, registerInput, resetPasswordInput } from '../../events/accounts/schemas';
import { callApi } from '../api/call';

/** The account calls of spec section 7 ("Auth and account"); the signed-in user is read by `queries.me`. */

export const login = (body: z.output<typeof loginInput>) => callApi('login', { body });

export const register = (body: z.output<typeof registerInput>) => callApi('register', { body });

export const logout = () => callApi('logout');

/** `resetLink` comes back only from the local cloud, for the development toast. */
export const forgotPassword = (body: z.output<typeof forgotPasswordInput>) => callApi('forgotPassword', { body });

export const resetPassword = (body: z.output<typeof resetPasswordInput>) => callApi('resetPassword', { body });

export const updateProfile = (body: z.output<typeof profileInput>) => callApi('updateProfile', { body });

export const changePassword = (body: z.output<typeof changePasswordInput>) => callApi('changePassword', { body });

export const deleteAccount = () => callApi('deleteAccount');

/** Proves the signed-in account's e-mail with the token of a mailed link. */
export const verifyEmail = (token: string) => callApi('verifyEmail', { body: { token } });

/** `verificationLink` comes back only from the local cloud, for a development toast. */
export const resendVerification = () => callApi('resendVerification');

/** Mails a sign-in link; the same answer whether or not an account has the e-mail. */
export const requestSignInLink = (body: z.output<typeof magicLinkInput>) => callApi('magicLink', { body });

/** Signs in with the token of a mailed sign-in link (once). */
export const signInWithLink = (token: string) => callApi('magicLinkVerify', { body: { token } });
