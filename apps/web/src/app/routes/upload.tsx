import { ComingSoon } from '@/components/coming-soon';

export function UploadRoute() {
  return (
    <ComingSoon
      title="Upload Documents"
      subtitle="You must select a document type before uploading files"
    />
  );
}
