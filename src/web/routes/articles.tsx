import { Link } from 'react-router';
import { NAV_INDEX } from '../../shared/constants.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { nav: NAV_INDEX.articles };
export const meta = () => pageMeta('Articles', 'Buying guides for phones in India, written for Verdict.');

export default function Articles() {
  return (
    <article className="prose">
      <h1>Articles</h1>
      <p>
        Buying guides written for Verdict are published here. Until the first one is out, the quickest way to
        narrow down a phone is to filter by budget:
      </p>
      <ul>
        <li>
          <Link to="/browse?budgetMax=15000&sort=rating">Best-rated phones under ₹15,000</Link>
        </li>
        <li>
          <Link to="/browse?budgetMin=15000&budgetMax=30000&features=5g&sort=rating">
            5G phones from ₹15,000 to ₹30,000
          </Link>
        </li>
        <li>
          <Link to="/browse?features=fast_charging&prime1Min=5000&sort=popularity">
            Big batteries with fast charging
          </Link>
        </li>
      </ul>
    </article>
  );
}
