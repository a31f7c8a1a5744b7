import { Badge, type BadgeProps } from '@mantine/core';
import type { WebhookDelivery } from '@parser/contracts';

/** The fields of a delivery that its status needs; the list's summary has no attempt log. */
export type DeliverySummary = Pick<WebhookDelivery, 'status' | 'attempts' | 'next_attempt_at'>;

interface DeliveryLook {
  label: string;
  color: string;
}

/**
 * A delivery's label and colour. A pending delivery that has been tried is being retried in the
 * background; one not tried yet is about to be sent.
 */
export function deliveryLook(delivery: DeliverySummary): DeliveryLook {
  switch (delivery.status) {
    case 'delivered':
      return { label: 'Delivered', color: 'green' };
    case 'failed':
      return { label: 'Failed', color: 'red' };
    case 'pending':
      return delivery.attempts > 0
        ? { label: 'Retrying', color: 'orange' }
        : { label: 'Queued', color: 'blue' };
  }
}

export interface DeliveryStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** The delivery whose status to show. */
  delivery: DeliverySummary;
}

/** Where a webhook delivery stands, as a coloured badge. */
export function DeliveryStatusBadge({ delivery, ...props }: DeliveryStatusBadgeProps) {
  const { label, color } = deliveryLook(delivery);
  return (
    <Badge color={color} variant="light" data-status={delivery.status} {...props}>
      {label}
    </Badge>
  );
}
