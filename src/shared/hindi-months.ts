import { addMonthNames } from './indian-format.ts';

// The Hindi month names, as Intl's 'hi-IN' writes them (indian-format.test.ts checks); loaded with the Hindi
// catalogues (src/web/i18n/hindi.ts).
addMonthNames('hi', [
  'जनवरी',
  'फ़रवरी',
  'मार्च',
  'अप्रैल',
  'मई',
  'जून',
  'जुलाई',
  'अगस्त',
  'सितंबर',
  'अक्टूबर',
  'नवंबर',
  'दिसंबर',
]);
