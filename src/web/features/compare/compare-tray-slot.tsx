import { lazy, Suspense } from 'react';
import { useCompare } from './compare-context.tsx';

// Most visits never add a product to compare: the tray's code loads with the first one.
const CompareTray = lazy(() => import('./compare-tray.tsx').then((m) => ({ default: m.CompareTray })));

/** Fixed at the bottom of the page while the list holds products (on which pages: compare-tray.tsx). */
export function CompareTraySlot() {
  const { items } = useCompare();
  if (!items.length) return null;
  return (
    <Suspense>
      <CompareTray />
    </Suspense>
  );
}
