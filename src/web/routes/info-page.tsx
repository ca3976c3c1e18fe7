import { useMatches } from 'react-router';
import { SUPPORT_EMAIL } from '../../shared/constants.ts';
import { pageMeta } from '../lib/meta.ts';

const PAGES: Record<string, { title: string; text: string }> = {
  'info-corporate': {
    title: 'Corporate',
    text: 'Verdict is an independent community for researching phones, cars and motorbikes in India.',
  },
  'info-help-center': { title: 'Help center', text: 'Guides to every part of Verdict are published here.' },
  'info-terms-of-service': {
    title: 'Terms of service',
    text: 'These terms are effective from 1 October 2022. Verdict is free for users.',
  },
  'info-privacy-policy': { title: 'Privacy policy', text: 'This policy was updated on 6 September 2024.' },
  'info-community-guidelines': {
    title: 'Community guidelines',
    text: 'Be honest, be kind, and write about products you have used.',
  },
};

export function meta({ matches }: { matches: { id: string }[] }) {
  const page = PAGES[matches.at(-1)?.id ?? ''];
  return pageMeta(page?.title ?? 'Verdict', page?.text ?? '');
}

/** Short pages that later releases expand; each states what is true today and how to reach us. */
export default function InfoPage() {
  const id = useMatches().at(-1)?.id ?? '';
  const page = PAGES[id] ?? { title: 'Verdict', text: '' };
  return (
    <article className="prose">
      <h1>{page.title}</h1>
      <p>{page.text}</p>
      <p>
        Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </article>
  );
}
