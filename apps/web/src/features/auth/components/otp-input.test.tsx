import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OtpInput } from './otp-input';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output aria-label="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByLabelText('value').textContent ?? '""') as string;
const box = (index: number) => screen.getByLabelText(`Digit ${index} of 6`);

describe('OTP input', () => {
  it('is six masked numeric boxes; typing moves on, letters are ignored, Backspace moves back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(box(1)).toHaveAttribute('type', 'password');
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');

    await user.click(box(1));
    await user.keyboard('12a3');
    expect(value()).toBe('123');
    expect(box(4)).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(box(3)).toHaveFocus();
  });

  it('spreads a pasted code over the boxes', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 654 321 ' } });
    expect(value()).toBe('654321');
    expect(box(6)).toHaveFocus();
  });

  it('keeps a gap visible to validation instead of closing it up', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123456');
    await user.click(box(3));
    await user.keyboard('{Delete}');
    fireEvent.change(box(3), { target: { value: '' } });
    expect(value()).toBe('12 456');
  });
});
