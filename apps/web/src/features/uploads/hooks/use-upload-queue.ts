import { useEffect, useState, useSyncExternalStore } from 'react';

import { isInProgress, UploadQueue } from './upload-queue';

/** The upload screen's files and what can be done with them. */
export function useUploadQueue(docTypeId: string | null) {
  const [queue] = useState(() => new UploadQueue());
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  useEffect(() => {
    queue.setDocType(docTypeId);
  }, [queue, docTypeId]);

  useEffect(() => () => queue.dispose(), [queue]);

  const validFileIds = items.flatMap((item) =>
    item.status === 'valid' && item.fileId ? [item.fileId] : [],
  );

  return {
    items,
    validFileIds,
    inProgress: items.some(isInProgress),
    add: (files: File[]) => queue.add(files),
    remove: (id: string) => queue.remove(id),
    clear: () => queue.clear(),
  };
}
