import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoinIcon } from './coin-icon';

const COINS = path.resolve(__dirname, '../../../public/coins');

describe('CoinIcon', () => {
  it('draws every icon the app serves under /coins/ inline, the same circle and glyph as the file', () => {
    const files = readdirSync(COINS).filter((file) => file.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const code = file.slice(0, -'.svg'.length).toUpperCase();
      const source = readFileSync(path.join(COINS, file), 'utf8');
      const { container, unmount } = render(<CoinIcon code={code} src={`/coins/${file}`} />);
      expect(container.querySelector('img')).toBeNull();
      const drawn = container.firstElementChild as HTMLElement;
      expect(drawn.getAttribute('aria-hidden')).toBe('true');
      const svg = drawn.querySelector('svg') as SVGSVGElement;
      expect(source).toContain(`fill="${svg.querySelector('circle')?.getAttribute('fill')}"`);
      expect(source).toContain(`>${svg.querySelector('text')?.textContent}</text>`);
      // Decorative: the file's own label is not read out beside the written name.
      expect(svg.getAttribute('aria-label')).toBeNull();
      unmount();
    }
  });

  it('shows an icon the app does not ship, or one the API names elsewhere, as an image', () => {
    const unknown = render(<CoinIcon code="ZZZ" />);
    expect(unknown.container.querySelector('img')?.getAttribute('src')).toBe('/coins/zzz.svg');
    unknown.unmount();
    const elsewhere = render(<CoinIcon code="BTC" src="/uploads/btc.png" />);
    expect(elsewhere.container.querySelector('img')?.getAttribute('src')).toBe('/uploads/btc.png');
    expect(elsewhere.container.querySelector('svg')).toBeNull();
  });
});
