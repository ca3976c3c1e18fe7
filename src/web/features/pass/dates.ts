const WHEN = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** An instant as a date in India: '22 December 2026'. */
export const formatDate = (iso: string) => WHEN.format(new Date(iso));
