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

const PRAISE: Record<string, string[]> = {
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

const TITLES: Record<string, string[]> = {
  high: [
    'Excellent all-rounder',
    'Worth every rupee',
    'Very happy with it',
    'Best phone I have owned',
    'Great buy',
  ],
  mid: ['Good, not great', 'Does the job', 'Fair for the price', 'Mixed feelings', 'Average experience'],
  low: ['Disappointed', 'Expected more', 'Not worth the price', 'Would not buy again', 'Too many issues'],
};

export function demoReviewText(r: Random, overall: number, productName: string) {
  const tier = overall >= 4 ? 'high' : overall >= 3 ? 'mid' : 'low';
  const sentences = new Set<string>();
  while (sentences.size < 3) sentences.add(r.pick(PRAISE[tier]!));
  const months = r.int(1, 14);
  return {
    summary: r.pick(TITLES[tier]!),
    description: `Using the ${productName} for ${months} month${months === 1 ? '' : 's'} now. ${[...sentences].join('. ')}.`,
  };
}

/** Questions buyers ask about a phone, and answers owners give; `{name}` is the product. */
export const DEMO_QUESTIONS: { question: string; answers: string[] }[] = [
  {
    question: 'Does the {name} support 5G on Jio and Airtel?',
    answers: [
      'Yes, 5G works on Jio in my city. Enable it under Settings > Mobile network > Preferred network type.',
      'Airtel 5G works for me. Speeds depend a lot on the area.',
    ],
  },
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

export const DEMO_COMMENTS = [
  'Thanks, this helped me decide.',
  'How is the battery after a few months?',
  'Same experience here with mine.',
  'Did you get any software updates since you bought it?',
  'Useful review, especially the part about the camera.',
  'Which variant did you buy?',
];

export const DEMO_REPLIES = [
  'Still going strong, no big change so far.',
  'I bought the 8 GB one, and it is smooth.',
  'Got two updates so far.',
  'Glad it helped!',
];
