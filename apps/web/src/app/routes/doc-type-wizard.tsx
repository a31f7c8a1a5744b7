import { ComingSoon } from '@/components/coming-soon';

export function DocTypeNewRoute() {
  return (
    <ComingSoon title="Create Document Type" subtitle="Set up a new document processing workflow" />
  );
}

export function DocTypeEditRoute() {
  return (
    <ComingSoon
      title="Edit Document Type"
      subtitle="Modify your document processing configuration"
    />
  );
}
