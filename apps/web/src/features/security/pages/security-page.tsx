import { messages } from '@exchange/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { AddressBookSection } from '../../withdrawals/components/address-book-section';
import { AntiPhishingSection } from '../components/anti-phishing-section';
import { ApiKeysSection } from '../components/api-keys-section';
import { SessionsSection } from '../components/sessions-section';
import { SignInHistorySection } from '../components/sign-in-history-section';
import { TwoFactorSection } from '../components/two-factor-section';

/**
 * /security, under the account menu: two-factor sign-in, the sessions signed in to the account, the
 * sign-in history, the anti-phishing phrase of our mails, the API keys of the account's programs and
 * the withdrawal address book (issue 38).
 */
export function SecurityPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={messages.securityTitle} description={messages.securityIntro} />
      <TwoFactorSection />
      <SessionsSection />
      <SignInHistorySection />
      <AntiPhishingSection />
      <ApiKeysSection />
      <AddressBookSection />
    </div>
  );
}
