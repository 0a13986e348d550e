import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BlogDetailsPage } from './blog-details-page';

describe('/blog-details', () => {
  it('shows the placeholder article and a Go Back link to the blog', () => {
    render(
      <MemoryRouter>
        <BlogDetailsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/blog-news');
  });
});
