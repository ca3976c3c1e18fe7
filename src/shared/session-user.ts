/**
 * The signed-in user as the browser keeps it, and the account texts the layout shows: no zod here, because
 * every page loads this (the account forms' schemas are in account.ts, loaded by the account pages only).
 */

/** Success texts quoted by the specification. */
export const ACCOUNT_SUCCESS = {
  signedIn: 'welcome back',
  signedOut: 'signed out',
  verificationSent: 'verification link sent',
  emailVerified: 'email verified',
  otpSent: 'OTP sent',
  passwordUpdated: 'password updated',
  imageRemoved: 'image removed',
  accountDeleted: 'Account deleted successfully',
} as const;

/** The user as the session keeps it (spec section 3). */
export interface SessionUser {
  firstName: string;
  lastName: string;
  username: string;
  image: string | null;
  phone: string | null;
  email: string;
  emailVerified: boolean;
}

/** The session's part of a user (a whole profile carries more). */
export function sessionUserOf(p: SessionUser): SessionUser {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    username: p.username,
    image: p.image,
    phone: p.phone,
    email: p.email,
    emailVerified: p.emailVerified,
  };
}

/** One of 7 avatar colours, chosen from the username, for users without a photo. */
export const AVATAR_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#b45309',
  '#b91c1c',
  '#6d28d9',
  '#0f766e',
  '#be185d',
] as const;
export function avatarColour(username: string): string {
  let h = 0;
  for (const ch of username.toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[h % AVATAR_COLOURS.length]!;
}

/** What a username can be made of (the sign-up form adds its other rules): a name outside it names no one. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,30}$/;
