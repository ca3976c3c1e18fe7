import type { Random } from './random.ts';

const FIRST = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavya',
  'Rahul',
  'Meera',
  'Karan',
  'Isha',
  'Aditya',
  'Divya',
  'Siddharth',
  'Pooja',
  'Nikhil',
  'Riya',
  'Manish',
  'Neha',
  'Harsh',
  'Tanvi',
  'Yash',
  'Shreya',
  'Imran',
  'Fatima',
  'Joseph',
  'Anjali',
  'Gurpreet',
  'Lakshmi',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Singh',
  'Nair',
  'Gupta',
  'Das',
  'Menon',
  'Kulkarni',
  'Khan',
  'Joshi',
  'Bose',
  'Chopra',
  'Pillai',
  'Rao',
  'Mehta',
  'Sethi',
  'Verma',
  'Banerjee',
];

export function demoName(r: Random, i: number) {
  const first = r.pick(FIRST);
  const last = r.pick(LAST);
  return { firstName: first, lastName: last, username: `demo_${first.toLowerCase()}${i}` };
}

/** What the demo writes about: phones, cars or motorbikes, electric or not. */
export type DemoKind = 'phone' | 'car' | 'motorbike';
export const DEMO_KINDS: Record<string, DemoKind> = { C001: 'phone', C002: 'car', C003: 'motorbike' };

export interface DemoSubject {
  kind: DemoKind;
  /** Brand and model, as the product page names it. */
  name: string;
  electric: boolean;
  /** Phones: it has 5G. */
  fiveG: boolean;
}

type Tier = 'high' | 'mid' | 'low';
type Pool = Record<Tier, string[]>;

const PHONE: Pool = {
  high: [
    'Battery easily lasts a full day of heavy use',
    'The display is bright and sharp even outdoors',
    'Camera takes lovely photos in daylight',
    'Feels premium and solid in the hand',
    'Smooth performance, no lag in daily apps or games',
    'Great value for the price',
  ],
  mid: [
    'Decent phone for the money',
    'Camera is fine in daylight but struggles at night',
    'Battery gets me through the day with light use',
    'Performance is okay for everyday apps',
    'Build is plasticky but holds up',
  ],
  low: [
    'Heats up during long calls and games',
    'Battery drains faster than I expected',
    'Too much bloatware out of the box',
    'Camera photos look washed out',
    'Software updates have been slow',
  ],
};

/** Sentences for any car or motorbike, then the fuel ones or the electric ones. */
const CAR: Pool = {
  high: [
    'The ride is comfortable even on broken city roads',
    'The cabin stays quiet at highway speeds',
    'Steering is light in traffic and steady on the highway',
    'Service costs have been reasonable so far',
    'Great value for the price',
  ],
  mid: [
    'Decent car for the money',
    'The ride gets bumpy over potholes',
    'Cabin plastics feel basic but hold up',
    'The infotainment system is slow to respond',
  ],
  low: [
    'Road noise is tiring on long drives',
    'Rattles started in the cabin within months',
    'The air conditioning struggles in peak summer',
    'Visits to the service centre have been frustrating',
  ],
};
const CAR_FUEL: Pool = {
  high: ['Mileage has been better than I expected in mixed driving', 'The engine pulls well when overtaking'],
  mid: ['Mileage drops a lot in heavy traffic'],
  low: ['Mileage is well below what was promised'],
};
const CAR_ELECTRIC: Pool = {
  high: [
    'Range is enough for a week of city driving on one charge',
    'Charging at home overnight is convenient',
  ],
  mid: ['Real-world range on the highway is well short of the claim'],
  low: ['Finding a working public charger has been a struggle'],
};

const MOTORBIKE: Pool = {
  high: [
    'Comfortable riding position, even on long rides',
    'Brakes feel confident even in the wet',
    'Handles city traffic easily',
    'The pillion seat is comfortable on long trips',
    'Great value for the price',
  ],
  mid: [
    'Decent bike for the money',
    'The seat gets uncomfortable after an hour',
    'The headlight could be brighter at night',
    'Suspension is on the firm side',
  ],
  low: [
    'Suspension is too stiff on bad roads',
    'Service quality at the dealer has been poor',
    'Paint and chrome started fading quickly',
    'Riding with a pillion feels cramped',
  ],
};
const MOTORBIKE_FUEL: Pool = {
  high: ['Mileage is excellent for daily commuting', 'The engine is smooth and refined'],
  mid: ['Some vibration at highway speeds', 'Mileage is fine but not great'],
  low: ['Vibrations at highway speeds get tiring', 'Mileage is much lower than claimed'],
};
const MOTORBIKE_ELECTRIC: Pool = {
  high: ['Range is enough for a week of commuting on one charge', 'Charging at home overnight is convenient'],
  mid: ['Range drops noticeably with a pillion'],
  low: ['Range drops a lot at highway speeds'],
};

function sentences(s: DemoSubject, tier: Tier): string[] {
  if (s.kind === 'phone') return PHONE[tier];
  const [base, fuel, electric] =
    s.kind === 'car' ? [CAR, CAR_FUEL, CAR_ELECTRIC] : [MOTORBIKE, MOTORBIKE_FUEL, MOTORBIKE_ELECTRIC];
  return [...base[tier], ...(s.electric ? electric : fuel)[tier]];
}

const TITLES: Pool = {
  high: ['Excellent all-rounder', 'Worth every rupee', 'Very happy with it', 'Great buy'],
  mid: ['Good, not great', 'Does the job', 'Fair for the price', 'Mixed feelings', 'Average experience'],
  low: ['Disappointed', 'Expected more', 'Not worth the price', 'Would not buy again', 'Too many issues'],
};
const BEST: Record<DemoKind, string> = {
  phone: 'Best phone I have owned',
  car: 'Best car I have owned',
  motorbike: 'Best bike I have owned',
};
const USING: Record<DemoKind, string> = { phone: 'Using', car: 'Driving', motorbike: 'Riding' };

/** How long someone has had it: '5 days', '3 weeks', '1 month', '14 months', '2 years'. */
export function ownedFor(days: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days < 14) return plural(Math.max(1, days), 'day');
  if (days < 60) return plural(Math.floor(days / 7), 'week');
  const months = Math.floor(days / 30.44);
  return months < 24 ? plural(months, 'month') : plural(Math.floor(months / 12), 'year');
}

/** A review of `s` by an owner who has had it for `days` days, in the words of its tier of rating. */
export function demoReviewText(r: Random, overall: number, s: DemoSubject, days: number) {
  const tier: Tier = overall >= 4 ? 'high' : overall >= 3 ? 'mid' : 'low';
  const pool = sentences(s, tier);
  const picked = new Set<string>();
  while (picked.size < 3) picked.add(r.pick(pool));
  return {
    summary: r.pick(tier === 'high' ? [...TITLES.high, BEST[s.kind]] : TITLES[tier]),
    description: `${USING[s.kind]} the ${s.name} for ${ownedFor(days)} now. ${[...picked].join('. ')}.`,
  };
}

/** A question buyers ask and the answers owners give; `{name}` is the product's brand and model. */
export interface DemoQuestion {
  question: string;
  answers: string[];
}

const PHONE_QUESTIONS: DemoQuestion[] = [
  {
    question: 'How long does the battery last with heavy gaming?',
    answers: [
      'About 5 hours of BGMI at medium settings for me, with some battery left at night.',
      'Gaming drains it faster than normal use, but it still gets me through the evening.',
    ],
  },
  {
    question: 'Does the {name} come with a charger in the box?',
    answers: [
      'Mine came with a charger and a USB-C cable. Check the box contents on the seller page before you buy.',
    ],
  },
  {
    question: 'Is the display easy to read in direct sunlight?',
    answers: [
      'Readable outdoors at full brightness, with auto brightness on.',
      'It is fine in sunlight, although glare is noticeable with a glossy screen guard.',
    ],
  },
  {
    question: 'How are the low-light photos from the {name}?',
    answers: [
      'Night mode helps a lot, but moving subjects get blurry.',
      'Decent for the price. Keep your hand steady for 2-3 seconds in night mode.',
    ],
  },
  {
    question: 'Does it heat up while charging?',
    answers: ['It gets warm with the fast charger, never too hot to hold.'],
  },
];
const FIVE_G: DemoQuestion = {
  question: 'Does the {name} support 5G on Jio and Airtel?',
  answers: [
    'Yes, 5G works on Jio in my city. Enable it under Settings > Mobile network > Preferred network type.',
    'Airtel 5G works for me. Speeds depend a lot on the area.',
  ],
};

const SERVICE: DemoQuestion = {
  question: 'How much does servicing the {name} cost?',
  answers: [
    'The first services were free; later ones have been reasonable at the authorised service centre.',
    'Ask for the estimate before the work starts. Mine has cost what the dealer quoted.',
  ],
};
const CAR_QUESTIONS: DemoQuestion[] = [
  SERVICE,
  {
    question: 'Is the rear seat comfortable for three adults?',
    answers: ['Fine for short trips; three adults will feel squeezed on long drives.'],
  },
  {
    question: 'Is the {name} good on the highway?',
    answers: ['Stable at highway speeds. Overtaking needs a little planning when it is fully loaded.'],
  },
];
const CAR_FUEL_QUESTION: DemoQuestion = {
  question: 'What mileage does the {name} give in city traffic?',
  answers: [
    'Close to the claimed figure on the highway, noticeably less in stop-and-go traffic.',
    'It depends a lot on how you drive. Smooth driving with the AC on still gives decent figures.',
  ],
};
const MOTORBIKE_QUESTIONS: DemoQuestion[] = [
  SERVICE,
  {
    question: 'Is the {name} comfortable for a pillion?',
    answers: ['Comfortable for an hour or so; the pillion seat is on the firmer side.'],
  },
  {
    question: 'How are the brakes in the rain?',
    answers: ['They feel confident. Keep the tyres in good shape and it stops well in the wet.'],
  },
];
const MOTORBIKE_FUEL_QUESTION: DemoQuestion = {
  question: 'What mileage does the {name} give in city riding?',
  answers: ['Close to the claimed figure if you ride smoothly; less with a pillion in heavy traffic.'],
};
const ELECTRIC_QUESTION: DemoQuestion = {
  question: 'What range does the {name} give on one charge in real use?',
  answers: [
    'Close to the claimed range in the city, noticeably less at highway speeds.',
    'It depends on how you use it. Gentle acceleration makes a big difference.',
  ],
};

/** The questions that fit `s`: no 5G question for a 4G phone, no mileage question for an electric vehicle. */
export function demoQuestions(s: DemoSubject): DemoQuestion[] {
  if (s.kind === 'phone') return s.fiveG ? [FIVE_G, ...PHONE_QUESTIONS] : PHONE_QUESTIONS;
  const fuel = s.kind === 'car' ? CAR_FUEL_QUESTION : MOTORBIKE_FUEL_QUESTION;
  return [...(s.kind === 'car' ? CAR_QUESTIONS : MOTORBIKE_QUESTIONS), s.electric ? ELECTRIC_QUESTION : fuel];
}

/** A comment on a review, and the review author's answer to it. */
export interface DemoComment {
  comment: string;
  reply: string;
}

const COMMENTS: DemoComment[] = [
  { comment: 'Thanks, this helped me decide.', reply: 'Glad it helped!' },
  { comment: 'Same experience here with mine.', reply: 'Good to know it is not just mine.' },
];
const CHARGING: DemoComment = {
  comment: 'How long does it take to charge at home?',
  reply: 'Overnight on the home charger, so it is full every morning.',
};
const SERVICING: DemoComment = {
  comment: 'How has servicing been so far?',
  reply: 'Smooth so far. The service centre near me is helpful.',
};
const KIND_COMMENTS: Record<DemoKind, DemoComment[]> = {
  phone: [
    {
      comment: 'How is the battery after a few months?',
      reply: 'Still going strong, no big change so far.',
    },
    {
      comment: 'Did you get any software updates since you bought it?',
      reply: 'Got two updates so far.',
    },
  ],
  car: [SERVICING],
  motorbike: [
    SERVICING,
    {
      comment: 'How is it with a pillion?',
      reply: 'Fine in the city; on long rides we take a break every hour.',
    },
  ],
};

/** The comments that fit a review of `s`. */
export function demoComments(s: DemoSubject): DemoComment[] {
  return [...COMMENTS, ...KIND_COMMENTS[s.kind], ...(s.kind !== 'phone' && s.electric ? [CHARGING] : [])];
}
