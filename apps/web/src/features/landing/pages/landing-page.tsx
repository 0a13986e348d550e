import { NotBuiltYet } from '../../../components/ui/not-built-yet';

/** Placeholder until the landing feature lands; the header, footer and anchors around it are real. */
export function LandingPage() {
  return (
    <div id="home" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <NotBuiltYet title="Exchange">
        The landing page (exchange calculator, Top Cryptocurrency table, marketing sections and newsletter)
        will appear here.
      </NotBuiltYet>
    </div>
  );
}
