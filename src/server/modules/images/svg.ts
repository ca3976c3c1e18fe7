/** The drawings are shared with the web app, which writes the ones above the fold into the page (drawings.ts). */
export { brandSvg, productSvg } from '../../../shared/drawings.ts';
