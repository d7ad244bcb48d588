import { useImportQueue } from './import-queue';

/**
 * Says politely what happened to the files being added (stored, read, failed), for people who do not
 * see the progress. Stage changes only: page-by-page progress would drown everything else out.
 */
export function ImportAnnouncer() {
  const announcement = useImportQueue((queue) => queue.announcement);
  // Not role="status": the service status owns that role in the header.
  return (
    <div aria-live="polite" aria-atomic="true" data-testid="import-announcer" className="sr-only">
      {announcement}
    </div>
  );
}
