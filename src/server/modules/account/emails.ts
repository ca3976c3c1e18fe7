import type { Locale } from '../../../shared/locale.ts';
import type { Mail } from '../../lib/mailer.ts';
import { hindiEmails } from './emails-hindi.ts';
import { LOCK_AFTER, type LockStarted } from './lockout.ts';

const india = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
const duration = (ms: number) => {
  const m = Math.round(ms / 60_000);
  if (m % 60 !== 0) return `${m} minutes`;
  return m === 60 ? '1 hour' : `${m / 60} hours`;
};

/** The account emails: plain text, one link or code each, saying how long it lasts. */
export const emails = {
  verify(to: string, firstName: string, link: string): Mail {
    return {
      to,
      subject: 'Verify your email for Verdict',
      text: `Hello ${firstName},

Please confirm this is your email address by opening the link below. It works once, for 24 hours.

${link}

If you did not create a Verdict account, you can ignore this email.

— Verdict`,
    };
  },
  resetPassword(to: string, firstName: string, otp: string, link: string): Mail {
    return {
      to,
      // The code stays out of the subject: subjects show on lock screens and in logs.
      subject: 'Your Verdict password reset code',
      text: `Hello ${firstName},

Your one-time code to reset your Verdict password is:

    ${otp}

It works once, for 10 minutes. You can also choose a new password with this link, for 30 minutes:

${link}

If you did not ask to reset your password, ignore this email: your password stays as it is.

— Verdict`,
    };
  },
  /** Signing in was locked after too many wrong passwords: when it ends, and how to unlock at once. */
  locked(to: string, firstName: string, lock: LockStarted, publicUrl: string): Mail {
    return {
      to,
      subject: 'Signing in to your Verdict account is locked for now',
      text: `Hello ${firstName},

Someone, perhaps you, typed a wrong password for your Verdict account ${LOCK_AFTER} times, so signing in is locked for
${duration(lock.ms)}, until ${india.format(lock.until)} IST. None of those attempts signed in.

To unlock your account at once, reset your password:

${publicUrl}/initiate-forgot-password

If it was not you, your account stays safe as long as your password is strong and used nowhere else; if it is
not, reset it with the link above.

— Verdict`,
    };
  },
};

/** The account emails in a language (decision 0045): Hindi ones in emails-hindi.ts, with the same arguments. */
export const emailsIn = (locale: Locale): typeof emails => (locale === 'hi' ? hindiEmails : emails);
