import { formatPrice } from '../../shared/format.ts';
import { PASS_PRICE } from '../../shared/review-pass.ts';
import { BuyPass } from '../features/pass/buy-pass.tsx';
import { PassStatus, Transactions } from '../features/pass/pass-status.tsx';
import passStylesHref from '../features/pass/pass.css?url';
import { useSession } from '../features/session/session.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/review-pass';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: passStylesHref }];

export const meta = (args: MetaContext) =>
  pageMeta(
    args,
    'ReviewPass: Verdict without ads',
    `Remove ads everywhere on Verdict: ${formatPrice(PASS_PRICE)} for 30 days, from ₹5 a day or ₹999 forever.`,
  );

/** The ReviewPass (issue 8): what it does, the options, and for a signed-in user their pass and purchases. */
export default function ReviewPass() {
  // Null on the server and until the browser has read the session.
  const { token } = useSession();
  return (
    <div className="account-page pass-page">
      <h1 className="page-title">ReviewPass</h1>
      <p className="lead">
        Verdict is free, and shows a few clearly labelled ads on listing, product and article pages. A
        ReviewPass removes them everywhere, on every device you sign in on. Nothing else changes.
      </p>
      <div className="account-sections">
        {token && <PassStatus token={token} />}
        <BuyPass />
        {token && <Transactions />}
      </div>
    </div>
  );
}
