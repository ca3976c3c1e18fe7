/** Pieces of the input schemas that several forms share. */
import { z } from './zod.ts';

/** PostgreSQL text cannot hold U+0000: refused under the field rather than by the database. */
export const NO_NUL = /^[^\u0000]*$/;
export const CONTROL_CHARACTERS = 'Please remove invisible control characters.';

/** Trimmed text of `min` to `max` characters, with one message for any length or type wrong. */
export const boundedText = (
  [min, max]: readonly [number, number],
  message: string,
  nulMessage: string = CONTROL_CHARACTERS,
) => z.string({ error: message }).trim().min(min, message).max(max, message).regex(NO_NUL, nulMessage);
