import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** Spec section 2: copyright 2023, generic contact addresses and a company address. */
export function Footer() {
  return (
    <footer className="below-first-screen mt-auto border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <div>
          <p className="text-base font-semibold text-ink">Exchange</p>
          <p className="mt-2 max-w-xs text-sm text-muted">
            Buy, sell, swap and stake crypto with a wallet that keeps fiat and coins side by side.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-ink">Contact</h2>
          <ul className="mt-2 space-y-1 text-sm text-muted">
            <li>
              <a className="rounded hover:text-ink" href="mailto:support@example.com">
                support@example.com
              </a>
            </li>
            <li>
              <a className="rounded hover:text-ink" href="mailto:info@example.com">
                info@example.com
              </a>
            </li>
            <li>
              <Link className="rounded hover:text-ink" to={paths.support}>
                Help and Support
              </Link>
            </li>
            <li>
              <Link className="rounded hover:text-ink" to={paths.reserves}>
                Proof of reserves
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-ink">Office</h2>
          <address className="mt-2 text-sm text-muted not-italic">
            Exchange Technologies Ltd.
            <br />
            Office 1204, Harbour Tower
            <br />
            21 Marina Walk, Dubai
            <br />
            United Arab Emirates
          </address>
        </div>
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-xs text-muted">
        Copyright © 2023 Exchange. All rights reserved.
      </p>
    </footer>
  );
}
