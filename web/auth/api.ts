import type { RouteInputs } from '../../contract/inputs';
import { callApi } from '../api/call';

/** The account calls of spec section 7 ("Auth and account"); the signed-in user is read by `queries.me`. */

export const login = (body: RouteInputs['login']) => callApi('login', { body });

export const register = (body: RouteInputs['register']) => callApi('register', { body });

export const logout = () => callApi('logout');

/** `resetLink` comes back only from the local cloud, for the development toast. */
export const forgotPassword = (body: RouteInputs['forgotPassword']) => callApi('forgotPassword', { body });

export const resetPassword = (body: RouteInputs['resetPassword']) => callApi('resetPassword', { body });

export const updateProfile = (body: RouteInputs['updateProfile']) => callApi('updateProfile', { body });

export const changePassword = (body: RouteInputs['changePassword']) => callApi('changePassword', { body });

export const deleteAccount = () => callApi('deleteAccount');

/** Proves the signed-in account's e-mail with the token of a mailed link. */
export const verifyEmail = (token: string) => callApi('verifyEmail', { body: { token } });

/** `verificationLink` comes back only from the local cloud, for a development toast. */
export const resendVerification = () => callApi('resendVerification');

/** Mails a sign-in link; the same answer whether or not an account has the e-mail. */
export const requestSignInLink = (body: RouteInputs['magicLink']) => callApi('magicLink', { body });

/** Signs in with the token of a mailed sign-in link (once). */
export const signInWithLink = (token: string) => callApi('magicLinkVerify', { body: { token } });
