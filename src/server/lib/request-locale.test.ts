import { describe, expect, it } from 'vitest';
import { requestLocale } from './request-locale.ts';

describe('the language of an API request', () => {
  const of = (value?: string) =>
    requestLocale({ headers: value === undefined ? {} : { 'accept-language': value } });

  it('is Hindi only when the first tag is hi or hi-IN', () => {
    expect(of('hi')).toBe('hi');
    expect(of('hi-IN')).toBe('hi');
    expect(of('hi-in,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(of(' hi ;q=1')).toBe('hi');
    expect(of('en-IN')).toBe('en');
    expect(of('en-IN,hi;q=0.9')).toBe('en');
    expect(of('hin')).toBe('en');
    expect(of('fr')).toBe('en');
    expect(of('')).toBe('en');
    expect(of()).toBe('en');
  });
});
