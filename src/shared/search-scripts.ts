/**
 * Devanagari in searches (issue 25): brand and model names written in Hindi script ('सैमसंग गैलेक्सी',
 * 'आईफोन 15') read as the Latin words the catalogue is indexed by. A letter-by-letter transliteration gives
 * 'saimsang' for सैमसंग, which no spelling rule turns into 'samsung', so known words come from a table (brands
 * of the catalogue, common model words, letter names, the Hindi words of a price question); a word one slip from
 * a table word is that word; any other word is spelt out phonetically, the way an English loanword is written,
 * for the typo-tolerant matching of the vocabulary to find.
 */

/** Devanagari letters, signs and digits (U+0900–U+097F), and the joiners written inside conjuncts. */
const DEVANAGARI = /[\u0900-\u097F]/;
/** A run of Devanagari letters and signs (not digits, not the danda). */
const DEVANAGARI_WORD = /[\u0900-\u0963\u0970-\u097F\u200C\u200D]+/g;

/**
 * Known words, in their usual spellings; lookups fold the spellings together first (see loose()), so आइफोन,
 * आईफ़ोन and आईफॉन are all आईफोन. Values may hold two words ('रॉयलएनफील्ड').
 */
const WORDS: Record<string, string> = {
  // Phone brands of the catalogue.
  सैमसंग: 'samsung',
  सेमसंग: 'samsung',
  एप्पल: 'apple',
  ऐप्पल: 'apple',
  ऐपल: 'apple',
  एपल: 'apple',
  आईफोन: 'iphone',
  शाओमी: 'xiaomi',
  श्याओमी: 'xiaomi',
  जिओमी: 'xiaomi',
  ज़ियाओमी: 'xiaomi',
  शियोमी: 'xiaomi',
  एमआई: 'mi',
  रेडमी: 'redmi',
  पोको: 'poco',
  रियलमी: 'realme',
  रीयलमी: 'realme',
  वीवो: 'vivo',
  विवो: 'vivo',
  ओप्पो: 'oppo',
  ओपो: 'oppo',
  वनप्लस: 'oneplus',
  मोटो: 'moto',
  मोटोरोला: 'motorola',
  नथिंग: 'nothing',
  नथिंगफोन: 'nothing phone',
  गूगल: 'google',
  पिक्सल: 'pixel',
  पिक्सेल: 'pixel',
  इनफिनिक्स: 'infinix',
  इन्फिनिक्स: 'infinix',
  टेक्नो: 'tecno',
  टेकनो: 'tecno',
  लावा: 'lava',
  आईक्यूओओ: 'iqoo',
  आईकू: 'iqoo',
  आइकू: 'iqoo',
  नोकिया: 'nokia',
  ऑनर: 'honor',
  हॉनर: 'honor',
  हुआवेई: 'huawei',
  हुवावे: 'huawei',
  आईटेल: 'itel',
  आइटेल: 'itel',
  जियो: 'jio',
  जिओ: 'jio',
  जियोफोन: 'jiophone',
  माइक्रोमैक्स: 'micromax',
  कार्बन: 'karbonn',
  सोनी: 'sony',
  एक्सपीरिया: 'xperia',
  असूस: 'asus',
  आसुस: 'asus',
  एसुस: 'asus',
  नूबिया: 'nubia',
  न्यूबिया: 'nubia',
  एचएमडी: 'hmd',
  सीएमएफ: 'cmf',
  एलजी: 'lg',
  लेनोवो: 'lenovo',
  जेमैक्स: 'jmax',
  स्नेक्सियन: 'snexian',
  हॉटलाइन: 'hotline',
  जीफाइव: 'gfive',
  फोनमी: 'foneme',
  आईकॉल: 'ikall',
  ब्लैकज़ोन: 'blackzone',
  पीस: 'peace',
  रिंगमी: 'ringme',
  रेडमैजिक: 'redmagic',
  // Car and motorbike brands of the catalogue, and their best-known models.
  मारुति: 'maruti',
  मारुती: 'maruti',
  सुज़ुकी: 'suzuki',
  सुजुकी: 'suzuki',
  ह्युंडई: 'hyundai',
  हुंडई: 'hyundai',
  ह्यूंदै: 'hyundai',
  हुंडाई: 'hyundai',
  महिंद्रा: 'mahindra',
  टाटा: 'tata',
  टोयोटा: 'toyota',
  होंडा: 'honda',
  किया: 'kia',
  हीरो: 'hero',
  बजाज: 'bajaj',
  टीवीएस: 'tvs',
  यामाहा: 'yamaha',
  रॉयल: 'royal',
  एनफील्ड: 'enfield',
  केटीएम: 'ktm',
  कावासाकी: 'kawasaki',
  जावा: 'jawa',
  स्विफ्ट: 'swift',
  क्रेटा: 'creta',
  नेक्सन: 'nexon',
  थार: 'thar',
  स्कॉर्पियो: 'scorpio',
  स्प्लेंडर: 'splendor',
  एक्टिवा: 'activa',
  पल्सर: 'pulsar',
  अपाचे: 'apache',
  क्लासिक: 'classic',
  बुलेट: 'bullet',
  // Model words.
  गैलेक्सी: 'galaxy',
  नोट: 'note',
  प्रो: 'pro',
  प्लस: 'plus',
  मैक्स: 'max',
  अल्ट्रा: 'ultra',
  मिनी: 'mini',
  लाइट: 'lite',
  नियो: 'neo',
  एज: 'edge',
  फोल्ड: 'fold',
  फ्लिप: 'flip',
  नॉर्ड: 'nord',
  नार्ज़ो: 'narzo',
  नारजो: 'narzo',
  रेनो: 'reno',
  टर्बो: 'turbo',
  पावर: 'power',
  प्ले: 'play',
  प्राइम: 'prime',
  स्मार्ट: 'smart',
  स्पार्क: 'spark',
  हॉट: 'hot',
  कैमॉन: 'camon',
  पोवा: 'pova',
  ब्लेज़: 'blaze',
  एयर: 'air',
  एडिशन: 'edition',
  फाइंड: 'find',
  मैजिक: 'magic',
  नोवा: 'nova',
  मेट: 'mate',
  रेज़र: 'razr',
  ज़ीरो: 'zero',
  एस: 's',
  एफई: 'fe',
  सीई: 'ce',
  जीटी: 'gt',
  एसई: 'se',
  फोन: 'phone',
  मोबाइल: 'mobile',
  स्मार्टफोन: 'smartphone',
  // Hindi words of a question ('२०००० से कम', 'सैमसंग का 5जी फोन').
  का: 'ka',
  की: 'ki',
  के: 'ke',
  को: 'ko',
  में: 'mein',
  मे: 'me',
  से: 'se',
  तक: 'tak',
  अंदर: 'andar',
  कम: 'kam',
  नीचे: 'neeche',
  ऊपर: 'upar',
  ज़्यादा: 'zyada',
  अधिक: 'adhik',
  बीच: 'beech',
  हज़ार: 'hazar',
  हजार: 'hazar',
  लाख: 'lakh',
  रुपये: 'rupaye',
  रुपए: 'rupaye',
  रुपया: 'rupaye',
  रुपयों: 'rupaye',
  रु: 'rs',
  वाला: 'wala',
  वाले: 'wale',
  वाली: 'wali',
  सबसे: 'sabse',
  अच्छा: 'accha',
  अच्छे: 'acche',
  बढ़िया: 'badhiya',
  बेस्ट: 'best',
  चाहिए: 'chahiye',
  बताओ: 'batao',
  दिखाओ: 'dikhao',
  कौनसा: 'kaunsa',
  कौन: 'kaun',
  सा: 'sa',
  लिए: 'liye',
  और: 'aur',
  या: 'ya',
  है: 'hai',
  दाम: 'daam',
  कीमत: 'keemat',
  प्राइस: 'price',
  बजट: 'budget',
  अंडर: 'under',
  गाड़ी: 'gaadi',
  कार: 'car',
  बाइक: 'bike',
  मोटरसाइकिल: 'motorcycle',
  // Letter names, as in 'गैलेक्सी एस24' or 'एक्स' (के is 'ke' unless a number follows: 'के50' is K50).
  ए: 'a',
  बी: 'b',
  सी: 'c',
  डी: 'd',
  ई: 'e',
  एफ: 'f',
  जी: 'g',
  एच: 'h',
  आई: 'i',
  जे: 'j',
  एल: 'l',
  एम: 'm',
  एन: 'n',
  ओ: 'o',
  पी: 'p',
  क्यू: 'q',
  आर: 'r',
  टी: 't',
  यू: 'u',
  वी: 'v',
  डब्ल्यू: 'w',
  एक्स: 'x',
  वाई: 'y',
  ज़ेड: 'z',
  ज़ी: 'z',
};

/** Letter names that stand for the letter when a number follows ('के50' is K50, 'के' alone is 'ke'). */
const LETTER_BEFORE_NUMBER: Record<string, string> = { के: 'k' };

/**
 * One spelling for the ways a word is commonly written: nukta, long and short vowels, chandrabindu and
 * anusvara, ॉ and ो, a half n or m before a consonant and the anusvara, and the joiners.
 */
function loose(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u200C\u200D\u093C]/g, '')
    .replace(/ई/g, 'इ')
    .replace(/ऊ/g, 'उ')
    .replace(/ी/g, 'ि')
    .replace(/ू/g, 'ु')
    .replace(/ँ/g, 'ं')
    .replace(/ॉ/g, 'ो')
    .replace(/ऑ/g, 'ओ')
    .replace(/[नम]्(?=[क-ह])/g, 'ं');
}

const TABLE = new Map<string, string>();
for (const [k, v] of Object.entries(WORDS)) if (!TABLE.has(loose(k))) TABLE.set(loose(k), v);
const ENTRIES = [...TABLE.entries()].map(([k, v]) => ({ chars: [...k], value: v }));

/** Edit distance (insert, delete, substitute, swap of neighbours), stopping early above `max`. */
function distance(a: string[], b: string[], max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * A table word, or one a slip away: a word of 4 to 6 signs may differ by one sign ('सैमसुंग', 'गलेक्सी'), a
 * longer one by two; shorter words must be exact (के, से, नोट).
 */
function known(word: string): string | undefined {
  const key = loose(word);
  const exact = TABLE.get(key);
  if (exact !== undefined) return exact;
  const chars = [...key];
  if (chars.length < 4) return undefined;
  const max = chars.length >= 7 ? 2 : 1;
  let best: { d: number; value: string } | undefined;
  for (const e of ENTRIES) {
    if (e.chars.length < 4) continue;
    const d = distance(chars, e.chars, max);
    if (d <= max && (!best || d < best.d)) best = { d, value: e.value };
  }
  return best?.value;
}

const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'a',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
  ऎ: 'e',
  ऒ: 'o',
};
/** Vowel signs. ै is written for the English 'a' of loanwords (सैमसंग, गैलेक्सी, मैक्स). */
const SIGNS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'a',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
  'ॆ': 'e',
  'ॊ': 'o',
};
/** Consonants as English loanwords spell them: फ is f (फोल्ड, फ्लिप), व is v. */
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'f',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
const NUKTA: Record<string, string> = { क: 'q', ख: 'kh', ग: 'g', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', य: 'y' };

interface Syllable {
  /** Its consonant(s), or '' for a vowel letter. */
  onset: string;
  /** Its vowel; null while it is the inherent 'a' a consonant carries. */
  vowel: string | null;
  /** Ends in ं, ँ or ः, which keep the vowel before them. */
  coda: string;
  /** Its consonant carries no vowel of its own (the virama): it joins the next one. */
  bare: boolean;
}

/**
 * A word spelt out as Hindi loanwords are said: the inherent 'a' is dropped at the end of a word and between a
 * vowel and a consonant that has one (सैमसंग is 'samsang', नॉर्ड 'nord', फोल्ड 'fold').
 */
export function phonetic(word: string): string {
  const syllables: Syllable[] = [];
  const chars = [...word.normalize('NFD').replace(/[\u200C\u200D]/g, '')];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const last = syllables[syllables.length - 1];
    if (CONSONANTS[c] !== undefined) {
      const nukta = chars[i + 1] === '\u093C';
      if (nukta) i++;
      const sound = nukta ? (NUKTA[c] ?? CONSONANTS[c]!) : CONSONANTS[c]!;
      if (last?.bare) {
        last.onset += sound;
        last.bare = false;
      } else syllables.push({ onset: sound, vowel: null, coda: '', bare: false });
    } else if (c === '\u094D') {
      if (last) last.bare = true;
    } else if (SIGNS[c] !== undefined) {
      if (last && last.vowel === null) last.vowel = SIGNS[c]!;
      else syllables.push({ onset: '', vowel: SIGNS[c]!, coda: '', bare: false });
    } else if (VOWELS[c] !== undefined) {
      syllables.push({ onset: '', vowel: VOWELS[c]!, coda: '', bare: false });
    } else if (c === 'ं' || c === 'ँ') {
      if (last) last.coda += 'n';
    } else if (c === 'ः') {
      if (last) last.coda += 'h';
    }
  }
  // Which inherent vowels are said: not at the end of a word of two or more syllables, not between a vowel and
  // a syllable that has one; always before ं (संग).
  const said = syllables.map((s) => s.vowel !== null || s.coda !== '');
  for (let i = 0; i < syllables.length; i++) {
    if (said[i]) continue;
    const final = i === syllables.length - 1;
    if (final) said[i] = syllables.length === 1;
    else said[i] = !(i > 0 && said[i - 1] && (said[i + 1] || syllables[i + 1]!.vowel !== null));
  }
  return syllables
    .map((s, i) => {
      const vowel = s.vowel ?? (said[i] ? 'a' : '');
      return s.onset + (s.bare ? '' : vowel) + s.coda;
    })
    .join('');
}

const DEVANAGARI_DIGITS = /[\u0966-\u096F]/g;

/**
 * Devanagari words and digits in Latin letters; every other character is left as it is. Each Devanagari word
 * becomes its own word(s), so 'आईफोन15' reads 'iphone 15'.
 */
export function transliterate(text: string): string {
  if (!DEVANAGARI.test(text)) return text;
  const digits = text.replace(DEVANAGARI_DIGITS, (d) => String(d.charCodeAt(0) - 0x0966));
  return digits
    .replace(DEVANAGARI_WORD, (word, offset: number, all: string) => {
      const numberFollows = /\d/.test(all[offset + word.length] ?? '');
      const latin = (numberFollows && LETTER_BEFORE_NUMBER[word]) || known(word) || phonetic(word);
      return ` ${latin} `;
    })
    .replace(/[\u0964\u0965]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export const hasDevanagari = (text: string): boolean => DEVANAGARI.test(text);
