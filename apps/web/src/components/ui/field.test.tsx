import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Input } from './input';
import { Select } from './select';
import { Textarea } from './textarea';

/**
 * jsdom applies no Tailwind, so these read the border colour classes a control carries under every
 * state (plain, `hover:`, `focus-visible:`). Tailwind writes the state rules after the plain ones, so
 * any colour other than red on an invalid control wins while it has focus (issue 47's withdraw address
 * was gold while its message said it was wrong).
 */
const COLOUR = /^(?:[a-z-]+:)*border-(line|muted|accent|danger|success|warning|ink|info|transparent)$/;

function borderColours(element: HTMLElement): string[] {
  return element.className.split(/\s+/).filter((name) => COLOUR.test(name));
}

const controls: ReadonlyArray<[string, (error?: string) => ReactElement]> = [
  ['Input', (error) => <Input label="Address" error={error} />],
  ['Select', (error) => <Select label="Address" error={error} options={[{ value: 'a', label: 'A' }]} />],
  ['Textarea', (error) => <Textarea label="Address" error={error} />],
];

describe.each(controls)('%s border', (_name, control) => {
  it('is red in every state while the message is shown, and never red once it is gone', () => {
    const { rerender } = render(control('This is not an address of this network'));
    const field = screen.getByLabelText('Address');
    expect(screen.getByRole('alert')).toHaveTextContent('This is not an address of this network');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const invalid = borderColours(field);
    expect(invalid).toContain('border-danger');
    expect(invalid.filter((name) => !name.endsWith('border-danger'))).toEqual([]);

    // The customer fixes the value: the message and every red goes, the focus colour comes back.
    rerender(control(undefined));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).not.toHaveAttribute('aria-invalid');
    const valid = borderColours(field);
    expect(valid.filter((name) => name.endsWith('border-danger'))).toEqual([]);
    expect(valid).toContain('border-line');
    expect(valid).toContain('focus-visible:border-accent');
  });
});
