import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NO_CONTACT, type SiteContact } from '../../shared/site-contact.ts';
import { Footer } from './footer.tsx';

const html = (contact: SiteContact) =>
  renderToString(
    <MemoryRouter>
      <Footer contact={contact} />
    </MemoryRouter>,
  );

describe('Footer', () => {
  it('shows no support address, social link or grievance officer that is not set', () => {
    const footer = html(NO_CONTACT);
    expect(footer).toContain('href="/corporate"');
    expect(footer).toMatch(/<a href="\/best-phones-under-20000"[^>]*>Best phones under ₹20,000<\/a>/);
    expect(footer).not.toMatch(/mailto:|Social links|Grievance|verdict\.example|x\.com|instagram/i);
  });

  it('shows the support address, the social links and the grievance officer that are set', () => {
    const footer = html({
      supportEmail: 'help@verdict.in',
      socialLinks: [
        { href: 'https://www.instagram.com/verdict_in', network: 'Instagram' },
        { href: 'https://x.com/verdict_in', network: 'X' },
      ],
      grievanceOfficer: { name: 'Asha Rao', email: 'grievance@verdict.in', responseHours: 48 },
    });
    expect(footer).toContain('<a href="mailto:help@verdict.in">help@verdict.in</a>');
    expect(footer).toMatch(/<ul class="footer-social" aria-label="Social links">/);
    expect(footer).toContain(
      '<a href="https://www.instagram.com/verdict_in" rel="noopener noreferrer">Verdict on Instagram</a>',
    );
    expect(footer).toContain('<a href="https://x.com/verdict_in" rel="noopener noreferrer">Verdict on X</a>');
    expect(footer).toMatch(
      /Grievance officer:(<!-- -->)? (<!-- -->)?Asha Rao(<!-- -->)?, <a href="mailto:grievance@verdict.in">/,
    );
    expect(footer).toContain('Complaints are acknowledged within 48 hours.');
  });

  it('says how old the catalogue prices are, when the catalogue says (issue 18)', () => {
    const render = (prices_as_of: string | null) =>
      renderToString(
        <MemoryRouter>
          <Footer contact={NO_CONTACT} catalogue={{ prices_as_of, newest_release: '2025-10' }} />
        </MemoryRouter>,
      );
    expect(render('2025-11-20')).toMatch(/Catalogue prices as of (<!-- -->)?20 November 2025/);
    expect(render(null)).not.toContain('Catalogue prices as of');
  });
});
