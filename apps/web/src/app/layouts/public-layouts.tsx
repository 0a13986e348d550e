import { Island } from '../../components/island';
import { ToastRoom } from '../../components/ui/toast-room';
import { Footer } from './footer';
import { LandingHeader } from './landing-header';
import { PageOutlet } from './page-outlet';
import { UserHeader } from './user-header';

/** The landing page: public header, full-width sections, footer. */
export function LandingLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Island name="header">
        <LandingHeader />
      </Island>
      <ToastRoom />
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <Footer />
    </div>
  );
}

/** Sign-in, registration and password screens: public header and a centred form. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <ToastRoom />
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
        <PageOutlet />
      </main>
      <Footer />
    </div>
  );
}

/** Customer screens: the signed-in header, the page, footer. */
export function UserLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <UserHeader />
      <ToastRoom />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
        <PageOutlet />
      </main>
      <Footer />
    </div>
  );
}
