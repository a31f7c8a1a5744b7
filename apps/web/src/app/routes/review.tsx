import { ComingSoon } from '@/components/coming-soon';

export function ReviewRoute() {
  return <ComingSoon title="Review Document" subtitle="Check and correct the extracted data" />;
}
