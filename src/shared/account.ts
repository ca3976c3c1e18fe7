/**
 * Account forms: one zod schema per form, used by the browser (messages under each field as the user types)
 * and by the server (the same rules on the request). Texts quoted by the specification are verbatim.
 */
import { z } from './zod.ts';
import { NFC } from './fields.ts';
import { USERNAME_PATTERN } from './session-user.ts';

// The session's zod-free part lives apart, so the layout every page loads does not pull in zod.
export * from './session-user.ts';

export const ACCOUNT_MESSAGES = {
  blank: 'Cannot be left blank',
  name: 'Use 2-50 characters: letters, with hyphens, apostrophes or spaces.',
  username:
    'Use 3-30 characters with at least one letter (a-z) and one number (0-9); underscores, hyphens and periods are allowed.',
  email: 'Please enter a valid email address.',
  password:
    'Use 8-64 characters with an uppercase letter, a lowercase letter, a number and a special character.',
  passwordsDiffer: 'Passwords do not match. Please try again',
  newPasswordsDiffer: 'New password do not match. Please try again.',
  phone: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  streetAddress: 'Street address must be 30-200 characters.',
  pinCode: 'Pin code must be exactly 6 characters.',
  place: 'Use 2-60 characters.',
  gender: 'Please choose an option.',
  dateOfBirth: 'Enter a real date of birth; you must be at least 13.',
  otp: 'Enter the 6-digit code from the email.',
  resetLinkInvalid: 'This password reset link has expired or was already used. Please request a new one.',
} as const;

/** What the forms say under a field before anything is typed, worded as the rule enforces it. */
export const ACCOUNT_HINTS = {
  username:
    '3-30 characters with at least one letter (a-z) and one number (0-9); underscores, hyphens and periods are allowed.',
} as const;

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 64;
export const OTP_LENGTH = 6;
export const GENDERS = ['female', 'male', 'non-binary', 'prefer-not-to-say'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
};

const required = (max = 200) => z.string().trim().min(1, ACCOUNT_MESSAGES.blank).max(max);

/**
 * A person's name (the spec: 2-50 characters, letters, with hyphens, apostrophes or spaces). Letters are those of
 * every script with their combining marks (\p{M}: the vowel signs of प्रिया and தமிழ், a decomposed ë) and the
 * zero-width (non-)joiners some Indian scripts need; the apostrophe may be typographic (’), as phones type it.
 * Kept in NFC (decision 0044), so a decomposed ë is stored as the one letter.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}\u200C\u200D' ’-]*$/u;

export const nameField = required(50)
  .normalize(NFC)
  .min(2, ACCOUNT_MESSAGES.name)
  .regex(NAME_PATTERN, ACCOUNT_MESSAGES.name);

export const usernameField = required(30)
  .min(3, ACCOUNT_MESSAGES.username)
  .regex(USERNAME_PATTERN, ACCOUNT_MESSAGES.username)
  .regex(/[A-Za-z]/, ACCOUNT_MESSAGES.username)
  .regex(/\d/, ACCOUNT_MESSAGES.username);

export const emailField = required(254)
  .pipe(z.email(ACCOUNT_MESSAGES.email))
  .transform((e) => e.toLowerCase());

/** The shape rule; the server also refuses common passwords (see the account service). */
export const passwordField = z
  .string()
  .min(1, ACCOUNT_MESSAGES.blank)
  .min(PASSWORD_MIN, ACCOUNT_MESSAGES.password)
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.password)
  .regex(/[A-Z]/, ACCOUNT_MESSAGES.password)
  .regex(/[a-z]/, ACCOUNT_MESSAGES.password)
  .regex(/\d/, ACCOUNT_MESSAGES.password)
  .regex(/[^A-Za-z0-9]/, ACCOUNT_MESSAGES.password);

/** An optional phone: empty means none. */
export const phoneField = z
  .string()
  .trim()
  .regex(/^([6-9]\d{9})?$/, ACCOUNT_MESSAGES.phone)
  .transform((p) => p || null);

/** The ALTCHA payload (base64 JSON) from the CAPTCHA widget; checked by the server. */
export const captchaField = z.string().max(4000).optional();

function matching<T extends { password: string; confirmPassword: string }>(message: string) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (v.confirmPassword && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message });
    }
  };
}

export const SignUpSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    username: usernameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string().min(1, ACCOUNT_MESSAGES.blank),
    phone: phoneField.optional().default(''),
    captcha: captchaField,
  })
  .superRefine(matching(ACCOUNT_MESSAGES.passwordsDiffer));
export type SignUpInput = z.input<typeof SignUpSchema>;

export const SignInSchema = z.object({
  /** Email or username. */
  login: required(254),
  password: z
    .string()
    .min(1, ACCOUNT_MESSAGES.blank)
    .max(PASSWORD_MAX * 4),
  captcha: captchaField,
});

export const ForgotPasswordSchema = z.object({ email: emailField, captcha: captchaField });
export const VerifyOtpSchema = z.object({
  email: emailField,
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MESSAGES.otp),
});
export const ResetPasswordSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: passwordField,
    confirmPassword: z.string().min(1, ACCOUNT_MESSAGES.blank),
  })
  .superRefine(matching(ACCOUNT_MESSAGES.passwordsDiffer));

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, ACCOUNT_MESSAGES.blank)
      .max(PASSWORD_MAX * 4),
    password: passwordField,
    confirmPassword: z.string().min(1, ACCOUNT_MESSAGES.blank),
  })
  .superRefine(matching(ACCOUNT_MESSAGES.newPasswordsDiffer));

function isAdultDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return false;
  const now = new Date();
  const thirteen = new Date(Date.UTC(now.getUTCFullYear() - 13, now.getUTCMonth(), now.getUTCDate()));
  return d.getUTCFullYear() >= 1900 && d <= thirteen;
}

export const ProfileSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  username: usernameField,
  phone: phoneField.optional().default(''),
  gender: z.enum(GENDERS, ACCOUNT_MESSAGES.gender),
  dateOfBirth: z
    .string()
    .min(1, ACCOUNT_MESSAGES.blank)
    .regex(/^\d{4}-\d{2}-\d{2}$/, ACCOUNT_MESSAGES.dateOfBirth)
    .refine(isAdultDate, ACCOUNT_MESSAGES.dateOfBirth),
  streetAddress: z
    .string()
    .trim()
    .normalize(NFC)
    .refine((s) => s === '' || (s.length >= 30 && s.length <= 200), ACCOUNT_MESSAGES.streetAddress)
    .transform((s) => s || null)
    .optional()
    .default(''),
  city: required(60).normalize(NFC).min(2, ACCOUNT_MESSAGES.place),
  state: required(60).normalize(NFC).min(2, ACCOUNT_MESSAGES.place),
  country: required(60).normalize(NFC).min(2, ACCOUNT_MESSAGES.place),
  pinCode: z
    .string()
    .trim()
    .refine((s) => s === '' || s.length === 6, ACCOUNT_MESSAGES.pinCode)
    .transform((s) => s || null)
    .optional()
    .default(''),
});

export const ChangeEmailSchema = z.object({ email: emailField, currentPassword: z.string().min(1).max(256) });

/** The account's current password, asked before it is deleted (the form of an account that has one). */
export const DeleteAccountFormSchema = z.object({
  currentPassword: z
    .string()
    .min(1, ACCOUNT_MESSAGES.blank)
    .max(PASSWORD_MAX * 4),
});
/**
 * DELETE /user/delete: `currentPassword`, which an account without one (Google only) leaves out; such an account
 * needs a Google sign-in within the last few minutes instead (REAUTH_REQUIRED otherwise).
 */
export const DeleteAccountSchema = DeleteAccountFormSchema.partial();

/** Google sign-up: the profile a new Google user finishes, authorized by the single-use grant of the sign-in. */
export const OAuthCredentialsSchema = z.object({
  grant: z.string().min(20).max(200),
  firstName: nameField,
  lastName: nameField,
  username: usernameField,
  phone: phoneField.optional().default(''),
});

/** Field messages of a failed parse: the first message for each field, for the form to show. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
