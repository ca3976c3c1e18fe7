import en from '../../i18n/locales/en/product.json';
import { messages } from '../../i18n/i18n.tsx';

/** The product page's texts (issue 25). */
export const productTexts = messages('product', en);
