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
