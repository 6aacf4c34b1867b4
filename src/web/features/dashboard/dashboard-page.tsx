import { Activity, CalendarX, GraduationCap, Package, Store } from 'lucide-react';
import { adminStatsMessages as m } from '#domain/admin-stats/admin-stats.messages.ts';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import { formatPrice } from '#domain/products/pricing.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useCategoryStats } from './api/get-category-stats.ts';
import { useConditionStats } from './api/get-condition-stats.ts';
import { useMonthlyListings } from './api/get-monthly-listings.ts';
import { useMonthlySales } from './api/get-monthly-sales.ts';
import { useLifecycleStats } from './api/get-lifecycle-stats.ts';
import { useUserStatistics } from './api/get-user-statistics.ts';
import { ChartCard } from './components/chart-card.tsx';
import { NoListings } from './components/no-listings.tsx';
import { ModerationCards } from '#web/features/moderation/components/moderation-cards.tsx';
import { StatCards } from './components/stat-cards.tsx';

/**
 * The admin dashboard (issue 9): totals of students, sellers, active sellers, listings and expired listings (issue 24), then
 * listings per category and condition, new listings and sales per month. The Listings total and
 * both per-kind charts count the listings students can see (kept counters); the hidden ones are
 * on the moderation card "Hidden pending review". A new install, with
 * nothing listed, shows one empty state instead of four empty charts.
 */
export function DashboardPage() {
  const users = useUserStatistics();
  const lifecycle = useLifecycleStats();
  const categories = useCategoryStats();
  const conditions = useConditionStats();
  const monthlyListings = useMonthlyListings();
  const monthlySales = useMonthlySales();

  const totalListings = categories.data?.reduce((sum, row) => sum + row.count, 0);
  const loading = users.isPending || categories.isPending;

  return (
    <div className="space-y-6">
      <PageTitle>{adminMessages.dashboard}</PageTitle>
      {loading && (
        <p role="status" className="sr-only">
          {m.loading}
        </p>
      )}
      <StatCards
        loading={loading}
        stats={[
          { label: m.students, hint: m.studentsHint, icon: GraduationCap, value: users.data?.totalUsers },
          { label: m.sellers, hint: m.sellersHint, icon: Store, value: users.data?.totalSellers },
          { label: m.activeSellers, hint: m.activeSellersHint, icon: Activity, value: users.data?.activeSellers },
          { label: m.listings, hint: m.listingsHint, icon: Package, value: totalListings },
          { label: m.expiredListings, hint: m.expiredListingsHint, icon: CalendarX, value: lifecycle.data?.expired },
        ]}
      />
      <ModerationCards />
      {users.isError && (
        <p role="alert" className="text-sm text-red-700">
          {m.loadFailed}
        </p>
      )}
      {totalListings === 0 ? (
        <NoListings />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 lg:gap-6">
          <ChartCard
            title={m.categoryChart}
            description={m.shownListingsScope}
            headers={[m.category, m.listingsColumn]}
            layout="rows"
            rows={categories.data?.map((row) => ({ label: row._id, value: row.count }))}
            isPending={categories.isPending}
            isError={categories.isError}
            emptyText={m.noListings}
          />
          <ChartCard
            title={m.conditionChart}
            description={m.shownListingsScope}
            headers={[m.condition, m.listingsColumn]}
            layout="rows"
            rows={conditions.data?.map((row) => ({ label: row._id, value: row.count }))}
            isPending={conditions.isPending}
            isError={conditions.isError}
            emptyText={m.noListings}
          />
          <ChartCard
            title={m.monthlyListingsChart}
            description={m.monthlyListingsPeriod}
            headers={[m.month, m.listingsColumn]}
            layout="columns"
            rows={monthlyListings.data?.map((row) => ({ label: row.month, value: row.count }))}
            isPending={monthlyListings.isPending}
            isError={monthlyListings.isError}
            emptyText={m.noNewListings}
          />
          <ChartCard
            title={m.monthlySalesChart}
            description={salesDescription(monthlySales.data)}
            headers={[m.month, m.salesColumn]}
            layout="columns"
            rows={monthlySales.data?.map((row) => ({ label: row.month, value: row.sold }))}
            isPending={monthlySales.isPending}
            isError={monthlySales.isError}
            emptyText={m.noSales}
          />
        </div>
      )}
    </div>
  );
}

/** The sales chart's period, and what those sales fetched once there is something to say. */
function salesDescription(rows: { value?: number }[] | undefined): string {
  const total = (rows ?? []).reduce((sum, row) => sum + (row.value ?? 0), 0);
  return total > 0 ? `${m.monthlySalesPeriod}. ${m.salesValue(formatPrice(total))}` : m.monthlySalesPeriod;
}
