import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import CampaignPage from '../features/campaign/campaign-page.tsx';
import { campaignTexts } from '../features/campaign/texts.ts';
import { localeOf, type MetaContext, pageMeta } from '../lib/meta.ts';
import campaignCss from '../features/campaign/campaign.css?url';

export const links = () => [{ rel: 'stylesheet', href: campaignCss }];

export const meta = (args: MetaContext) => {
  const t = campaignTexts.t(localeOf(args));
  // A feedback form for a launch, not a page to find in search results.
  return pageMeta(args, t('title'), t('description'), { noindex: true });
};

/** /user-campaign: the current campaign (the live one, otherwise the latest), live or not. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    return { campaign: await context.services.campaignReads.current() };
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data('Not found', { status: 404 });
    throw err;
  }
}

export default function UserCampaign() {
  const { campaign } = useLoaderData<typeof loader>();
  return <CampaignPage campaign={campaign} />;
}
