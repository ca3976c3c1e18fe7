import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmailStep, NewPasswordForm, OtpStep } from '../features/session/password-reset.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Forgot password', 'Reset your Verdict password with a code sent to your email address.', {
    noindex: true,
  });

type Step = { n: 1 } | { n: 2; email: string } | { n: 3; email: string; token: string };

const STEP_TITLES = { 1: 'Your email', 2: 'Enter the code', 3: 'Choose a new password' } as const;

/** Forgot password in three steps: email and CAPTCHA ('OTP sent'), the emailed code, then the new password. */
export default function InitiateForgotPassword() {
  const [step, setStep] = useState<Step>({ n: 1 });
  const [email, setEmail] = useState('');
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step.n);

  // Each new step takes focus to its heading, so screen readers and keyboards start there.
  useEffect(() => {
    if (shown.current !== step.n) heading.current?.focus();
    shown.current = step.n;
  }, [step.n]);

  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">Forgot password</h1>
      <div className="account-card">
        <p className="step-count">Step {step.n} of 3</p>
        <h2 ref={heading} tabIndex={-1} className="step-title">
          {STEP_TITLES[step.n]}
        </h2>
        {step.n === 1 && (
          <EmailStep
            initialEmail={email}
            onSent={(sent) => {
              setEmail(sent);
              setStep({ n: 2, email: sent });
            }}
          />
        )}
        {step.n === 2 && (
          <OtpStep
            email={step.email}
            onVerified={(token) => setStep({ n: 3, email: step.email, token })}
            onChangeEmail={() => setStep({ n: 1 })}
          />
        )}
        {step.n === 3 && <NewPasswordForm token={step.token} onDone={() => void navigate('/sign-in')} />}
      </div>
    </div>
  );
}
