import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useCompare } from './compare-context.tsx';

// Most visits never add a product to compare: the tray's code loads with the first one.
const CompareTray = lazy(() => import('./compare-tray.tsx').then((m) => ({ default: m.CompareTray })));

/** Fixed at the bottom of every page while the list holds products (not on /compare, which shows them itself). */
export function CompareTraySlot() {
  const { items } = useCompare();
  const { pathname } = useLocation();
  if (!items.length || pathname === '/compare') return null;
  return (
    <Suspense>
      <CompareTray />
    </Suspense>
  );
}
