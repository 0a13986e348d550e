import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BlogNewsPage } from './blog-news-page';

describe('/blog-news', () => {
  it('shows static cards linking to the article and switches pages on the client', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <BlogNewsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /What moves the price of Bitcoin/ })).toHaveAttribute(
      'href',
      '/blog-details',
    );
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.queryByText('What moves the price of Bitcoin')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /How deposits reach your wallet/ })).toBeInTheDocument();
  });
});
