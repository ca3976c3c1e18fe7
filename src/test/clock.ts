import type { Clock } from '../server/lib/clock.ts';

/** A clock that stands still until a test moves it. */
export class TestClock implements Clock {
  private t: number;
  constructor(start = Date.now()) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
