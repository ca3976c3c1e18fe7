import {
  type ComponentType,
  lazy,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { whenVisible } from './when-visible.ts';
import { useSession } from '../features/session/session.tsx';

/** The controls in an island, in order: what focus, or a press, carries over to. */
const controlsIn = (box: HTMLElement | null) => [
  ...(box?.querySelectorAll<HTMLElement>('a[href],button,input,select') ?? []),
];

/** What to give focus (and maybe a click) once the component is in: [index among the controls, its text]. */
type Carry = [number, string | null, boolean] | null;
const carried = (box: HTMLElement | null, el: Element | null, click: boolean): Carry => {
  const at = controlsIn(box).indexOf(el as HTMLElement);
  return at >= 0 ? [at, el!.textContent, click] : null;
};

/**
 * What a loaded component may do as it replaces its island's server HTML: read what the visitor did there (before
 * the swap), and return how to do it again on the component's own (after it).
 */
export type KeepFn = (box: HTMLElement | null) => (box: HTMLElement | null) => void;
type Loadable<P> = ComponentType<P> & { keep?: KeepFn };

/**
 * Lazy hydration (docs/decisions/0007-javascript-weight.md): a part of a page that the server renders in full
 * but whose code the first load does not carry.
 *
 * On the server the island renders its component in place (a lazy import, which the server waits for). In the
 * browser, during hydration, it renders an empty element with `dangerouslySetInnerHTML`: React hydrates that
 * element but never looks inside it, so the server's HTML stays as it is (its links and GET forms working)
 * until the code has loaded; then the component renders in its place with the same props. (A `<Suspense>`
 * boundary left suspended during hydration is not enough: an update that reaches it before it hydrates, such
 * as the session context changing once local storage is read, makes React give up its server HTML and render
 * it on the client, fallback first.)
 *
 * The code loads when the island comes near the viewport (`wake: 'visible'`), when it is first pointed at,
 * focused or pressed (`'interaction'`, for what is in view from the start), when the browser is first idle or
 * sooner on such an interaction (`'idle'`), when `awake` becomes true, or never (`'never'`: static
 * content, whose server HTML is all it needs); at once for a signed-in visitor, who sees their own state in
 * it, and when there is no server HTML to keep (a client-side navigation; `fallback` shows meanwhile). Focus
 * inside the island, and a button pressed before the code came, carry over to the same button (a press still
 * held when it comes delays the swap to its release, so its click is not lost). A change of props does not
 * wake a kept island: give it a `key` that changes with what it shows (the product's id), or set `awake`. A component with `keep` (form-keep.ts) carries over the fields changed in the server's HTML.
 */
export function island<P extends object>(load: () => Promise<Loadable<P>>) {
  let Loaded: Loadable<P> | undefined;
  const get = () => load().then((c) => (Loaded = c));
  const Lazy = import.meta.env.SSR ? lazy(() => get().then((c) => ({ default: c }))) : null;

  return function Island({
    props,
    wake = 'visible',
    awake = false,
    fallback,
  }: {
    props: P;
    wake?: 'visible' | 'interaction' | 'idle' | 'never';
    awake?: boolean;
    fallback?: ReactNode;
  }) {
    const id = useId();
    const box = useRef<HTMLDivElement>(null);
    const { token } = useSession();
    const [C, setC] = useState(() => Loaded);
    const [kept] = useState(() => !import.meta.env.SSR && !Loaded && !!document.getElementById(id));
    const carry = useRef<Carry>(null);
    const redo = useRef<ReturnType<KeepFn> | null>(null);
    // A press on the server's HTML still held: the code that comes meanwhile waits for its release.
    const held = useRef(false);
    const waiting = useRef<Loadable<P> | null>(null);
    const swap = useCallback((c: Loadable<P>) => {
      if (!carry.current) carry.current = carried(box.current, document.activeElement, false);
      redo.current = c.keep?.(box.current) ?? null;
      // At once, so no keystroke lands in the server's HTML between the reading above and the swap.
      flushSync(() => setC(() => c));
    }, []);
    const go = useCallback(
      () => void get().then((c) => (held.current ? (waiting.current = c) : swap(c))),
      [swap],
    );
    // The click of a press goes where its pointerdown went: swapped in between, that button would be gone and the
    // click lost. The release's click (dispatched with it) is carried over like any other, after it.
    const hold = useCallback(() => {
      held.current = true;
      const done = new AbortController();
      const release = () => {
        done.abort();
        setTimeout(() => {
          held.current = false;
          const c = waiting.current;
          waiting.current = null;
          if (c) swap(c);
        });
      };
      for (const type of ['pointerup', 'pointercancel'])
        addEventListener(type, release, { capture: true, signal: done.signal });
    }, [swap]);

    useEffect(() => {
      if (C) return;
      if (!kept) return go();
      if (awake) return go();
      if (wake == 'never') return;
      if (token) return go();
      if (wake == 'interaction') return;
      if (wake == 'idle') {
        // Safari has no requestIdleCallback: the next task there.
        let stopped = false;
        (self.requestIdleCallback ?? setTimeout)(() => stopped || go());
        return () => void (stopped = true);
      }
      const stop = new AbortController();
      void whenVisible(box.current!.firstElementChild ?? box.current!, '400px', stop.signal).then(go);
      return () => stop.abort();
    }, [C, kept, awake, token, wake, go]);

    useLayoutEffect(() => {
      redo.current?.(box.current);
      redo.current = null;
      const c = carry.current;
      carry.current = null;
      const el = c && controlsIn(box.current)[c[0]];
      if (el?.textContent !== c?.[1]) return;
      el?.focus();
      if (c?.[2]) el?.click();
    }, [C]);

    if (import.meta.env.SSR) {
      // No <Suspense> here: the page's shell waits for the code, so the HTML comes in place and complete. (A
      // boundary lets React send a large part after the rest, hidden until an inline script moves it in:
      // nothing to see without JavaScript.)
      return (
        <div id={id} className="island">
          {Lazy && <Lazy {...props} />}
        </div>
      );
    }
    if (C) {
      return (
        <div key="live" id={id} ref={box} className="island">
          <C {...props} />
        </div>
      );
    }
    const on =
      wake == 'never'
        ? undefined
        : (e: SyntheticEvent) => {
            if (e.type == 'pointerdown') hold();
            if (e.type == 'click')
              carry.current =
                carried(box.current, (e.target as Element).closest('button'), true) ?? carry.current;
            go();
          };
    return kept ? (
      <div
        id={id}
        ref={box}
        className="island"
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
        onPointerEnter={wake != 'visible' ? on : undefined}
        onPointerDown={on}
        onFocus={on}
        onClick={on}
      />
    ) : (
      <div id={id} className="island">
        {fallback}
      </div>
    );
  };
}
