import { MIN_REVIEWS_FOR_RATING } from './constants.ts';

/**
 * Summaries with receipts (issue 22): what reviewers of a phone most often praise and criticise under each of
 * the four aspects ("Battery life: praised in 23 of 41 reviews"), each point a link to the reviews that say it.
 * The topics, by aspect; the words that name them and the method are the server's (review-points.ts).
 */
export const POINT_TOPICS = [
  { key: 'build', aspect: 'build_quality', label: 'Build' },
  { key: 'water', aspect: 'build_quality', label: 'Water and dust resistance' },
  { key: 'unlock', aspect: 'build_quality', label: 'Fingerprint and face unlock' },
  { key: 'camera', aspect: 'features', label: 'Camera' },
  { key: 'display', aspect: 'features', label: 'Display' },
  { key: 'software', aspect: 'features', label: 'Software and updates' },
  { key: 'sound', aspect: 'features', label: 'Speakers and sound' },
  { key: 'network', aspect: 'features', label: 'Network and calls' },
  { key: 'design', aspect: 'look_and_feel', label: 'Design' },
  { key: 'size', aspect: 'look_and_feel', label: 'Size and weight' },
  { key: 'battery', aspect: 'performance', label: 'Battery life' },
  { key: 'charging', aspect: 'performance', label: 'Charging' },
  { key: 'speed', aspect: 'performance', label: 'Speed' },
  { key: 'gaming', aspect: 'performance', label: 'Gaming' },
  { key: 'heating', aspect: 'performance', label: 'Heating' },
] as const satisfies readonly {
  key: string;
  aspect: 'build_quality' | 'features' | 'look_and_feel' | 'performance';
  label: string;
}[];
export type PointTopic = (typeof POINT_TOPICS)[number]['key'];

export const POINT_TONES = ['praised', 'criticised'] as const;
export type PointTone = (typeof POINT_TONES)[number];

/** A point a review makes: a topic it praises or criticises. */
export interface ReviewPoint {
  topic: PointTopic;
  tone: PointTone;
}

/** A product shows its points from this many visible reviews, as its ratings. */
export const MIN_REVIEWS_FOR_POINTS = MIN_REVIEWS_FOR_RATING;
/** A point shows when at least this many reviews make it, and each aspect shows its most made points. */
export const POINT_MIN_REVIEWS = 2;
export const POINTS_PER_TONE = 3;

const TOPIC_KEYS: readonly string[] = POINT_TOPICS.map((t) => t.key);

/** 'battery.praised' (the reviews filter's `point` parameter) as a point; null when it names none. */
export function parsePoint(value: string): ReviewPoint | null {
  const [topic, tone, ...rest] = value.split('.');
  if (rest.length || !topic || !TOPIC_KEYS.includes(topic)) return null;
  if (!(POINT_TONES as readonly string[]).includes(tone ?? '')) return null;
  return { topic: topic as PointTopic, tone: tone as PointTone };
}

export const pointParam = (p: ReviewPoint) => `${p.topic}.${p.tone}`;

export const topicLabel = (topic: PointTopic): string => POINT_TOPICS.find((t) => t.key === topic)!.label;
