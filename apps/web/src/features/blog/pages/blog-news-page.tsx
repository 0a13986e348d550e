import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { ARTICLES, ARTICLES_PER_PAGE } from '../model/articles';

/** /blog-news (spec section 2): static article cards linking to /blog-details, paged on the client. */
export function BlogNewsPage() {
  const [page, setPage] = useState(1);
  const pageCount = Math.ceil(ARTICLES.length / ARTICLES_PER_PAGE);
  const shown = ARTICLES.slice((page - 1) * ARTICLES_PER_PAGE, page * ARTICLES_PER_PAGE);

  return (
    <div>
      <PageHeader title="Blogs and News" description="Guides and news for crypto traders." />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {shown.map((article) => (
          <li key={article.id}>
            <Link
              to={paths.blogDetails}
              className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
            >
              <div className="h-32" style={{ background: article.cover }} aria-hidden="true" />
              <div className="flex flex-col gap-2 p-4">
                <h2 className="font-semibold text-ink">{article.title}</h2>
                <time dateTime={article.date} className="text-xs text-muted tabular-nums">
                  {article.date}
                </time>
                <p className="text-sm text-muted">{article.excerpt}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <nav aria-label="Pages" className="mt-6 flex justify-center gap-2">
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((n) => (
          <button
            key={n}
            type="button"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => setPage(n)}
            className={cn(
              'size-10 rounded-md border text-sm font-medium tabular-nums',
              n === page
                ? 'border-accent bg-accent text-on-accent'
                : 'border-line text-ink hover:border-accent',
            )}
          >
            {n}
          </button>
        ))}
      </nav>
    </div>
  );
}
