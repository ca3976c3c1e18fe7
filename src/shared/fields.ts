/** Pieces of the input schemas that several forms share. */
import { z } from './zod.ts';

/** PostgreSQL text cannot hold U+0000: refused under the field rather than by the database. */
export const NO_NUL = /^[^\u0000]*$/;
export const CONTROL_CHARACTERS = 'Please remove invisible control characters.';

/**
 * Text in any script is kept in Unicode's composed form, NFC (decision 0044): the same words typed on two
 * devices (ë as one letter or as e and a combining mark; क़ as one code point or as क and a nukta) are stored,
 * compared and counted alike. Nothing else is changed: the zero-width joiners (U+200C, U+200D) that Devanagari
 * and Malayalam need stay.
 */
export const NFC = 'NFC';

/**
 * Trimmed text of `min` to `max` characters (UTF-16 units, as the browser's maxlength counts; one per letter or
 * mark of every Indian script), in NFC, with one message for any length or type wrong.
 */
export const boundedText = (
  [min, max]: readonly [number, number],
  message: string,
  nulMessage: string = CONTROL_CHARACTERS,
) =>
  z
    .string({ error: message })
    .trim()
    .normalize(NFC)
    .min(min, message)
    .max(max, message)
    .regex(NO_NUL, nulMessage);
