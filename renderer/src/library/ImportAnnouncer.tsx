import { useImportQueue } from './import-queue';

/**
 * Says politely what happened to the files being added (stored, read, failed, removed), for people who
 * do not see the progress. Stage changes only: page-by-page progress would drown everything else out.
 * A log (only additions are read), so two files finishing at once are both announced.
 */
export function ImportAnnouncer() {
  const announcements = useImportQueue((queue) => queue.announcements);
  // Not role="status": the service status owns that role in the header.
  return (
    <div
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      data-testid="import-announcer"
      className="sr-only"
    >
      {announcements.map((announcement) => (
        <p key={announcement.id}>{announcement.text}</p>
      ))}
    </div>
  );
}
