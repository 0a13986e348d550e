import { afterEach, describe, expect, it } from 'vitest';
import { themeColour } from './theme-colour';

afterEach(() => {
  document.documentElement.style.removeProperty('--color-accent');
});

describe('themeColour', () => {
  it("reads the theme's custom property from the page, so a new theme needs no code change", () => {
    document.documentElement.style.setProperty('--color-accent', ' #123456 ');
    expect(themeColour('accent')).toBe('#123456');
    document.documentElement.style.setProperty('--color-accent', 'rgb(1, 2, 3)');
    expect(themeColour('accent')).toBe('rgb(1, 2, 3)');
  });

  it('gives a plain colour a chart accepts while the page has no stylesheet', () => {
    expect(themeColour('accent')).toBe('gray');
  });
});
