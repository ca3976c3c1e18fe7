import type { KeepFn } from './island.tsx';

/** The island's controls, in order (as island.tsx counts them). */
const controlsIn = (box: HTMLElement | null) => [
  ...(box?.querySelectorAll<HTMLElement>('a[href],button,input,select') ?? []),
];

/**
 * The controls of a kept island (its server HTML) that the visitor changed before the code came, by index: a
 * checkbox or radio to press again, a field's or a list's value to set again on the component's own.
 */
type Changes = [number, 'press' | 'value', string][];
const changedIn = (box: HTMLElement | null): Changes =>
  controlsIn(box).flatMap((el, i): Changes => {
    if (el instanceof HTMLInputElement) {
      if (el.type === 'checkbox' || el.type === 'radio')
        return el.checked !== el.defaultChecked ? [[i, 'press', '']] : [];
      return el.value !== el.defaultValue ? [[i, 'value', el.value]] : [];
    }
    if (el instanceof HTMLSelectElement) {
      const initial = [...el.options].findIndex((o) => o.defaultSelected);
      return el.selectedIndex !== Math.max(0, initial) ? [[i, 'value', el.value]] : [];
    }
    return [];
  });

/** Gives the component's control what the visitor did to the server's, as if done there (React sees it). */
function replay(box: HTMLElement | null, [at, how, value]: Changes[number]) {
  const el = controlsIn(box)[at];
  if (!el) return;
  if (how === 'press') return el.click();
  // The prototype's setter, so that React's value tracking sees a change and calls onChange.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  // A slider applies when its thumb is let go: the key or the pointer was let go on the server's.
  if ((el as HTMLInputElement).type === 'range')
    el.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true }));
}

/**
 * For a form in an island (island.tsx's `keep`): what the visitor changed in the server's HTML before the code
 * came (a checkbox pressed, a value typed, a slider moved) is done again on the component's form, through the
 * events React listens to, so that its handlers run as if the visitor had used it.
 */
export const keepFormState: KeepFn = (from) => {
  const changed = changedIn(from);
  return (to) => changed.forEach((change) => replay(to, change));
};
