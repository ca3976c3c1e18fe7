import type { Mail } from '../../lib/mailer.ts';

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
};
