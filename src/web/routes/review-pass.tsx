import { formatPrice } from '../../shared/format.ts';
import { PASS_PRICE } from '../../shared/review-pass.ts';
import { BuyPass } from '../features/pass/buy-pass.tsx';
import { PassStatus, Transactions } from '../features/pass/pass-status.tsx';
import passStylesHref from '../features/pass/pass.css?url';
import { useSession } from '../features/session/session.tsx';
import { passTexts } from '../features/pass/texts.ts';
import { localeOf, type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/review-pass';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: passStylesHref }];

export const meta = (args: MetaContext) => {
  const locale = localeOf(args);
  const t = passTexts.t(locale);
  return pageMeta(args, t('metaTitle'), t('metaDescription', { price: formatPrice(PASS_PRICE, locale) }));
};

/** The ReviewPass (issue 8): what it does, the options, and for a signed-in user their pass and purchases. */
export default function ReviewPass() {
  // Null on the server and until the browser has read the session.
  const { token } = useSession();
  const t = passTexts.useT();
  return (
    <div className="account-page pass-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <div className="account-sections">
        {token && <PassStatus token={token} />}
        <BuyPass />
        {token && <Transactions />}
      </div>
    </div>
  );
}
