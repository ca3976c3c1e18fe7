import '../../../shared/hindi-months.ts';
import { indianDay } from '../../../shared/indian-format.ts';
import type { Mail } from '../../lib/mailer.ts';
import { LOCK_AFTER, type LockStarted } from './lockout.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** A moment in India as Hindi writes it: '7 दिसंबर 2026 को शाम 4:05 बजे'. */
export function hindiMoment(d: Date): string {
  const ist = new Date(d.getTime() + IST_OFFSET_MS);
  const h = ist.getUTCHours();
  const part = h < 4 ? 'रात' : h < 12 ? 'सुबह' : h < 16 ? 'दोपहर' : h < 20 ? 'शाम' : 'रात';
  const clock = `${h % 12 || 12}:${String(ist.getUTCMinutes()).padStart(2, '0')}`;
  return `${indianDay(d, 'India', 'hi')} को ${part} ${clock} बजे`;
}

const duration = (ms: number) => {
  const m = Math.round(ms / 60_000);
  return m % 60 !== 0 ? `${m} मिनट` : `${m / 60} घंटे`;
};

/**
 * The account emails in Hindi (decision 0045): the same facts as emails.ts (how long each link or code lasts,
 * when a lock ends, in IST), worded as Hindi sites word them; links lead to the Hindi pages.
 */
export const hindiEmails = {
  verify(to: string, firstName: string, link: string): Mail {
    return {
      to,
      subject: 'Verdict के लिए अपना ईमेल वेरिफ़ाई करें',
      text: `नमस्ते ${firstName},

कृपया नीचे दिया गया लिंक खोलकर कन्फ़र्म करें कि यह आपका ही ईमेल पता है। यह लिंक 24 घंटे तक, सिर्फ़ एक बार काम करेगा।

${link}

अगर आपने Verdict पर अकाउंट नहीं बनाया है, तो इस ईमेल को अनदेखा कर दें।

— Verdict`,
    };
  },
  resetPassword(to: string, firstName: string, otp: string, link: string): Mail {
    return {
      to,
      subject: 'आपका Verdict पासवर्ड रीसेट कोड',
      text: `नमस्ते ${firstName},

अपना Verdict पासवर्ड रीसेट करने के लिए आपका वन-टाइम कोड यह है:

    ${otp}

यह कोड 10 मिनट तक, सिर्फ़ एक बार काम करेगा। आप 30 मिनट के अंदर इस लिंक से भी नया पासवर्ड चुन सकते हैं:

${link}

अगर आपने पासवर्ड रीसेट करने के लिए नहीं कहा था, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड जैसा है, वैसा ही रहेगा।

— Verdict`,
    };
  },
  locked(to: string, firstName: string, lock: LockStarted, publicUrl: string): Mail {
    return {
      to,
      subject: 'आपके Verdict अकाउंट में साइन इन फ़िलहाल लॉक है',
      text: `नमस्ते ${firstName},

किसी ने, शायद आपने ही, आपके Verdict अकाउंट का पासवर्ड ${LOCK_AFTER} बार गलत डाला, इसलिए साइन इन ${duration(lock.ms)} के लिए
लॉक कर दिया गया है: ${hindiMoment(lock.until)} (IST) तक। इनमें से किसी भी कोशिश से साइन इन नहीं हुआ।

अपना अकाउंट अभी अनलॉक करने के लिए अपना पासवर्ड रीसेट करें:

${publicUrl}/hi/initiate-forgot-password

अगर यह आप नहीं थे, तो जब तक आपका पासवर्ड मज़बूत है और कहीं और इस्तेमाल नहीं होता, आपका अकाउंट सुरक्षित है; अगर ऐसा
नहीं है, तो ऊपर दिए गए लिंक से इसे रीसेट कर लें।

— Verdict`,
    };
  },
};
