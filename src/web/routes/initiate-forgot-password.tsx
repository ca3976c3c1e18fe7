import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmailStep, NewPasswordForm, OtpStep } from '../features/session/password-reset.tsx';
import { accountTexts } from '../features/session/texts.ts';
import { type MetaContext, localeOf, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) => {
  const t = accountTexts.t(localeOf(args));
  return pageMeta(args, t('forgotPassword'), t('forgotPasswordDescription'), { noindex: true });
};

type Step = { n: 1 } | { n: 2; email: string } | { n: 3; email: string; token: string };

const STEP_TITLES = { 1: 'stepEmail', 2: 'stepCode', 3: 'stepPassword' } as const;

/** Forgot password in three steps: email and CAPTCHA ('OTP sent'), the emailed code, then the new password. */
export default function InitiateForgotPassword() {
  const [step, setStep] = useState<Step>({ n: 1 });
  const [email, setEmail] = useState('');
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step.n);
  const t = accountTexts.useT();

  // Each new step takes focus to its heading, so screen readers and keyboards start there.
  useEffect(() => {
    if (shown.current !== step.n) heading.current?.focus();
    shown.current = step.n;
  }, [step.n]);

  return (
    <div className="account-page account-narrow">
      <h1 className="page-title">{t('forgotPassword')}</h1>
      <div className="account-card">
        <p className="step-count">{t('stepCount', { step: step.n })}</p>
        <h2 ref={heading} tabIndex={-1} className="step-title">
          {t(STEP_TITLES[step.n])}
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
