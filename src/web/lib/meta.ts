export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} · Verdict` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
}
