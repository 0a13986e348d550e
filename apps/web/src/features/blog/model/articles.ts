/** Static blog cards (spec section 2: the blog is placeholder content, no server behind it). */
export interface Article {
  readonly id: number;
  readonly title: string;
  readonly date: string;
  readonly excerpt: string;
  /** A CSS gradient stands in for the picture so the app ships no external images. */
  readonly cover: string;
}

const covers = [
  'linear-gradient(135deg, #f59e0b, #7c3aed)',
  'linear-gradient(135deg, #10b981, #2563eb)',
  'linear-gradient(135deg, #ef4444, #f59e0b)',
  'linear-gradient(135deg, #6366f1, #06b6d4)',
];

const titles = [
  'What moves the price of Bitcoin',
  'A beginner guide to limit orders',
  'Keeping your account safe',
  'Understanding trading fees',
  'How deposits reach your wallet',
  'Stablecoins explained',
  'Reading an order book',
  'Diversifying with several coins',
];

export const ARTICLES: readonly Article[] = titles.map((title, index) => ({
  id: index + 1,
  title,
  date: `2024-0${(index % 9) + 1}-1${index % 10}`,
  excerpt: 'A short introduction for new traders: the ideas, the words and the risks to keep in mind.',
  cover: covers[index % covers.length] ?? covers[0] ?? '',
}));

export const ARTICLES_PER_PAGE = 4;
