import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Modal, ModalBody, ModalFooter, ModalForm } from './modal';

/**
 * jsdom lays nothing out, so these check the structure the layout relies on: one scrolling body, and
 * the buttons and a refusal in the footer after it, outside what scrolls.
 */
describe('Modal', () => {
  it('puts the footer and its refusal after the scrolling body, outside it', () => {
    render(
      <Modal
        open
        onOpenChange={() => undefined}
        title="Settle debt"
        error="The debt was settled already"
        footer={<Button>Settle</Button>}
      >
        <p>A long note</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Settle debt' });
    const body = dialog.querySelector('[data-modal-body]');
    expect(body).not.toBeNull();
    expect(body).toHaveTextContent('A long note');
    const refusal = within(dialog).getByRole('alert');
    expect(refusal).toHaveTextContent('The debt was settled already');
    const settle = within(dialog).getByRole('button', { name: 'Settle' });
    expect(body?.contains(refusal)).toBe(false);
    expect(body?.contains(settle)).toBe(false);
    // The refusal comes right before the buttons, so it is seen with them.
    expect(refusal.compareDocumentPosition(settle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lets a form step lay out its own body and footer, its submit button in the footer', async () => {
    const submitted = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <Modal open onOpenChange={() => undefined} title="Withdraw">
        <ModalForm onSubmit={submitted}>
          <ModalBody>
            <label>
              Amount
              <input />
            </label>
          </ModalBody>
          <ModalFooter error="Insufficient balance">
            <Button type="submit">Continue</Button>
          </ModalFooter>
        </ModalForm>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Withdraw' });
    expect(dialog.querySelectorAll('[data-modal-body]')).toHaveLength(1);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Insufficient balance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('shows no alert without a refusal', () => {
    render(
      <Modal
        open
        onOpenChange={() => undefined}
        title="Are You Sure Want To Logout !"
        footer={<Button>YES</Button>}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog').querySelector('[data-modal-body]')).toBeNull();
  });
});
