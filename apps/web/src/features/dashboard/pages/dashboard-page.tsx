import { messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../lib/paths';
import { useKycStatus } from '../../kyc/api/get-my-kyc';
import { RestrictionNotice } from '../../restrictions/components/restriction-notice';
import { useSession } from '../../session/session-context';
import { AssetBalancesTable } from '../components/asset-balances-table';
import { PromoCarousel } from '../components/promo-carousel';
import { TopCurrenciesList } from '../components/top-currencies-list';
import { TotalAssetValueCard } from '../components/total-asset-value-card';

/** Spec section 2: Deposit USD (gated by KYC), the wallet's value, its assets, promos and top coins. */
export function DashboardPage() {
  const session = useSession();
  const verified = session.is_kyc_verified;
  const underReview = useKycStatus() === 'PENDING';
  const depositAction = (
    <div className="flex flex-col items-end gap-1">
      <Link
        to={verified ? paths.deposit : paths.kyc}
        className={buttonClasses('primary')}
        aria-describedby={verified ? undefined : 'deposit-kyc-note'}
      >
        Deposit USD
      </Link>
      {verified ? null : (
        <p id="deposit-kyc-note" className="text-xs text-muted">
          {underReview ? messages.kycUnderReviewNote : `${messages.completeKyc} to deposit.`}
        </p>
      )}
    </div>
  );

  return (
    <div>
      <PageHeader title="Dashboard" actions={depositAction} />
      <RestrictionNotice />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <TotalAssetValueCard />
          <PromoCarousel />
          <Card title="Assets">
            <AssetBalancesTable />
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card title="Top currencies" className="min-w-0">
            <TopCurrenciesList />
          </Card>
          <Card title="Investment baskets">
            <p className="mb-3 text-sm text-muted">Invest in several coins at once.</p>
            <Link to={paths.basketSip} className={buttonClasses('secondary')}>
              Explore baskets
            </Link>
          </Card>
        </div>
      </div>
    </div>
  );
}
