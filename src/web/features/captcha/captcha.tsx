import type { Challenge } from 'altcha-lib';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { isAbort } from '../../lib/api.ts';
import { captchaTexts } from './texts.ts';

export const CAPTCHA_REQUIRED = "Please tick “I'm not a robot” and wait until it says Verified.";

type Status = 'idle' | 'verifying' | 'verified' | 'failed';

const STATUS_TEXT: Record<Status, 'verifying' | 'verified' | 'failed' | null> = {
  idle: null,
  verifying: 'verifying',
  verified: 'verified',
  failed: 'failed',
};

/** The English messages the box may be given that it shows in the page's language. */
const KNOWN_ERRORS = new Map<string, 'required' | 'invalid'>([
  [CAPTCHA_REQUIRED, 'required'],
  ['Incorrect CAPTCHA. Please try again', 'invalid'],
]);

export interface CaptchaProps {
  /** The payload for the form once the challenge is solved; null when unticked or reset. */
  onChange(payload: string | null): void;
  /** Changing it unticks the box: a challenge serves once, so each failed submit needs a new one. */
  resetKey: number;
  /** A message for the box (the server's 'Incorrect CAPTCHA. Please try again', or a missing tick). */
  error?: string | null | undefined;
  /** The checkbox, for the form to move focus to it. */
  boxRef?: RefObject<HTMLInputElement | null>;
}

/** A form's CAPTCHA state: the payload to send, the box's message, and the reset after each submit. */
export function useCaptcha() {
  const [payload, setPayload] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLInputElement>(null);
  const onChange = (next: string | null) => {
    setPayload(next);
    if (next) setError(null);
  };
  return {
    payload,
    /** Before sending: false (and a message by the box, which gets focus) until it is solved. */
    ready(): boolean {
      if (payload) return true;
      setError(CAPTCHA_REQUIRED);
      boxRef.current?.focus();
      return false;
    },
    /** After any submit that used it: challenges serve once. */
    reset(message: string | null = null) {
      setError(message);
      setPayload(null);
      setResetKey((k) => k + 1);
    },
    props: { onChange, resetKey, error, boxRef } satisfies CaptchaProps,
  };
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Self-hosted ALTCHA proof of work, without a third-party script: ticking the box fetches a challenge from the
 * server, the browser solves it with WebCrypto (a fraction of a second), and the form sends
 * base64(JSON({challenge, solution})). The status is announced politely: "Verifying…", then "Verified".
 */
export function Captcha({ resetKey, ...props }: CaptchaProps) {
  // A new key is a new, unticked box; the old one's work in progress stops as it unmounts.
  return <CaptchaBox key={resetKey} {...props} />;
}

function CaptchaBox({ onChange, error, boxRef }: Omit<CaptchaProps, 'resetKey'>) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const controller = useRef<AbortController | null>(null);
  // The latest onChange, for a solution that arrives after a render with a new one.
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  });

  const stop = () => {
    controller.current?.abort();
    controller.current = null;
  };

  useEffect(() => stop, []);

  const solve = async () => {
    stop();
    const abort = new AbortController();
    controller.current = abort;
    setStatus('verifying');
    try {
      // Loaded only when needed; the web variant of the key derivation uses WebCrypto, not node:crypto.
      const [{ solveChallenge }, { deriveKey }, response] = await Promise.all([
        import('altcha-lib'),
        import('altcha-lib/algorithms/web/sha'),
        fetch('/user/api/v1/auth/captcha', { signal: abort.signal, headers: { accept: 'application/json' } }),
      ]);
      if (!response.ok) throw new Error(`captcha challenge: ${response.status}`);
      const challenge = (await response.json()) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey, controller: abort });
      if (abort.signal.aborted) return;
      if (!solution) throw new Error('captcha not solved');
      controller.current = null;
      setStatus('verified');
      changed.current(base64(JSON.stringify({ challenge, solution })));
    } catch (err) {
      if (abort.signal.aborted || isAbort(err)) return;
      controller.current = null;
      setStatus('failed');
      changed.current(null);
    }
  };

  const toggle = (on: boolean) => {
    setChecked(on);
    if (on) {
      void solve();
    } else {
      stop();
      setStatus('idle');
      changed.current(null);
    }
  };

  const t = captchaTexts.useT();
  const statusKey = STATUS_TEXT[status];
  const errorKey = error ? KNOWN_ERRORS.get(error) : undefined;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <div className={`captcha${error ? ' captcha-invalid' : ''}`}>
      <div className="captcha-box">
        <input
          ref={boxRef}
          type="checkbox"
          id={`${id}-box`}
          className="captcha-check"
          checked={checked}
          onChange={(e) => toggle(e.target.checked)}
          aria-describedby={`${statusId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor={`${id}-box`}>{t('notARobot')}</label>
        <span id={statusId} className={`captcha-status captcha-${status}`} role="status" aria-live="polite">
          {statusKey ? t(statusKey) : ''}
        </span>
      </div>
      <p className="captcha-note">{t('note')}</p>
      {error && (
        <p id={errorId} className="field-error">
          {errorKey ? t(errorKey) : error}
        </p>
      )}
    </div>
  );
}
