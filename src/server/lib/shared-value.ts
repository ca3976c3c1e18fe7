/**
 * A value that many requests share (a cache hands the same object to every visitor for a few seconds) is
 * frozen, with everything it holds: nothing can change it for the next visitor, and its JSON can be made once
 * (see the serializer in plugins/serializer.ts, which keeps the JSON of frozen bodies).
 */
export function shared<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) shared(v);
  }
  return value;
}
