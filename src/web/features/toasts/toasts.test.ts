import { describe, expect, it } from 'vitest';
import { toastDuration } from './toasts.tsx';

describe('toast durations', () => {
  it('follows the spec: success 4000 ms, error 6000 ms, otherwise 3000 ms, unless given', () => {
    expect(toastDuration('success')).toBe(4000);
    expect(toastDuration('error')).toBe(6000);
    expect(toastDuration('info')).toBe(3000);
    expect(toastDuration('error', 1500)).toBe(1500);
  });
});
