import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BasketSipPage } from './basket-sip-page';

describe('/basket-sip', () => {
  it('hides every basket and shows Coming Soon', () => {
    render(<BasketSipPage />);
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
