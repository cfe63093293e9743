import { Badge, Card, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatBillingDate, formatCents, plans, type InvoiceResponse } from '@mindledger/domain';
import { ErrorState, LoadingState } from '../../ui/states';
import { subscriptionApi, subscriptionKeys } from './api';
import classes from './subscription.module.css';

const reasons: Record<InvoiceResponse['reason'], string> = {
  subscription_create: 'New subscription',
  subscription_cycle: 'Renewal',
  subscription_update: 'Plan change',
};

const statusTone: Record<InvoiceResponse['status'], string> = {
  paid: 'green',
  open: 'yellow',
  void: 'gray',
  uncollectible: 'red',
};

const statusLabel: Record<InvoiceResponse['status'], string> = {
  paid: 'Paid',
  open: 'Open',
  void: 'Void',
  uncollectible: 'Unpaid',
};

/** The billing history: the client's invoices, amounts in dollars (Part 2 §5, §9). */
export function BillingHistory() {
  const invoices = useQuery({
    queryKey: subscriptionKeys.invoices(),
    queryFn: ({ signal }) => subscriptionApi.invoices(signal),
  });

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="billing-history-title"
      mt="xl"
    >
      <Title order={2} fz="lg" id="billing-history-title" mb="sm">
        Billing history
      </Title>
      {invoices.isPending ? (
        <LoadingState label="Loading billing history..." />
      ) : invoices.isError ? (
        <ErrorState message="Unable to load billing history" onRetry={() => void invoices.refetch()} />
      ) : invoices.data.invoices.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No invoices yet.
        </Text>
      ) : (
        <ul className={classes.invoices} aria-label="Invoices">
          {invoices.data.invoices.map((invoice) => (
            <li key={invoice.id} className={classes.invoice}>
              <div className={classes.invoiceMain}>
                <Text fz="sm" fw={500}>
                  {plans[invoice.planType]?.name ?? invoice.planType}: {reasons[invoice.reason]}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatBillingDate(invoice.createdAt)} · {invoice.number}
                  {invoice.periodEnd
                    ? ` · ${formatBillingDate(invoice.periodStart)} to ${formatBillingDate(invoice.periodEnd)}`
                    : ''}
                  {invoice.promoCode ? ` · Promo ${invoice.promoCode}` : ''}
                </Text>
              </div>
              <div className={classes.invoiceAmount}>
                <Text fz="sm" fw={600}>
                  {formatCents(invoice.total)}
                </Text>
                {invoice.discount > 0 && (
                  <Text fz="xs" c="dimmed">
                    {formatCents(invoice.discount)} off
                  </Text>
                )}
                <Badge color={statusTone[invoice.status]} variant="light" size="sm">
                  {statusLabel[invoice.status]}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
