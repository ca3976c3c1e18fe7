const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD date as "6 September 2024" (read as UTC, so no time zone moves it a day). */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
