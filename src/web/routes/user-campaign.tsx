import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import CampaignPage, { CAMPAIGN_TITLE } from '../features/campaign/campaign-page.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import campaignCss from '../features/campaign/campaign.css?url';

export const links = () => [{ rel: 'stylesheet', href: campaignCss }];

export const meta = (args: MetaContext) =>
  pageMeta(
    args,
    CAMPAIGN_TITLE,
    'Verdict, the free community for researching phones before you buy, is launching soon. Rate how helpful it would be for you and send us your feedback.',
    // A feedback form for a launch, not a page to find in search results.
    { noindex: true },
  );

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
