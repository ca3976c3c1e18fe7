import { addMessages } from './books.ts';
import '../../shared/hindi-months.ts';
import '../features/session/success-keys.ts';
import '../lib/error-texts-hindi.ts';
import '../features/pass/house-ads-hindi.ts';

/** Every Hindi catalogue, in one chunk that only Hindi pages load (i18n.tsx). */
const catalogues = import.meta.glob<Record<string, unknown>>('./locales/hi/*.json', {
  eager: true,
  import: 'default',
});
for (const [file, messages] of Object.entries(catalogues)) {
  addMessages('hi', file.replace(/^.*\/(.+)\.json$/, '$1'), messages);
}
