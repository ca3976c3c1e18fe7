import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { TOAST_DURATION } from '../../../shared/constants.ts';
import { browserMessage, toastsTexts } from './texts.ts';

export type ToastType = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** Milliseconds before it hides; ignored when persistent. */
  duration: number;
  persistent: boolean;
}

export interface ToastInput {
  message: string;
  type?: ToastType;
  duration?: number;
  persistent?: boolean;
  /** A toast with the same id replaces the earlier one. */
  id?: string;
}

/** Durations from the spec: success 4000 ms, error 6000 ms, otherwise the 3000 ms default. */
export function toastDuration(type: ToastType, duration?: number): number {
  if (duration) return duration;
  if (type === 'success') return TOAST_DURATION.success;
  if (type === 'error') return TOAST_DURATION.error;
  return TOAST_DURATION.default;
}

interface ToastApi {
  show(input: ToastInput): string;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (input: ToastInput) => {
      const type = input.type ?? 'info';
      const toast: Toast = {
        id: input.id ?? `t${++counter}`,
        message: input.message,
        type,
        duration: toastDuration(type, input.duration),
        persistent: input.persistent ?? false,
      };
      clearTimeout(timers.current.get(toast.id));
      setToasts((all) => [...all.filter((t) => t.id !== toast.id), toast]);
      if (!toast.persistent)
        timers.current.set(
          toast.id,
          setTimeout(() => dismiss(toast.id), toast.duration),
        );
      return toast.id;
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const t = toastsTexts.useT();
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.type}`}
            role={toast.type === 'error' ? 'alert' : 'status'}
          >
            <span>{browserMessage(t, toast.message)}</span>
            <button
              type="button"
              className="toast-close"
              aria-label={t('dismiss')}
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
