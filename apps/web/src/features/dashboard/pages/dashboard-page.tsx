import { isStaff, type BackupRun } from '@queuecast/contract';
import { RoleGate } from '../../../components/role-gate';
import { QueryView } from '../../../components/query-view';
import { Table } from '../../../components/ui/table';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDateTime, isoTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useBackups } from '../api/get-backups';
import { backupSize, scheduleText } from '../backup-text';
import styles from '../dashboard.module.css';

/** Staff only: how the station is doing. Its backups: the schedule and the latest runs. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useSession();
  return (
    <RoleGate allowed={isStaff(session?.user.role)}>
      <section className={styles.dashboard}>
        <h1>Dashboard</h1>
        <Backups />
      </section>
    </RoleGate>
  );
}

function Backups() {
  const backups = useBackups();
  return (
    <section aria-labelledby="backups-heading">
      <h2 id="backups-heading">Backups</h2>
      <QueryView
        query={backups}
        failedToast="Failed to load the backups"
        failed="The backups could not be loaded."
      >
        {(overview) => (
          <>
            <p>
              {scheduleText(overview)}
              {overview.next_at !== null && (
                <>
                  {' '}
                  Next:{' '}
                  <time dateTime={isoTime(overview.next_at)}>
                    {formatDateTime(overview.next_at)}
                  </time>
                  .
                </>
              )}
            </p>
            {overview.runs.length === 0 ? (
              <p className="muted">No backup has been made yet.</p>
            ) : (
              <Table label="Latest backups" className={styles.runs}>
                <thead>
                  <tr>
                    <th scope="col">Made</th>
                    <th scope="col">By</th>
                    <th scope="col">Result</th>
                    <th scope="col">Size</th>
                    <th scope="col">Files</th>
                    <th scope="col">Name</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.runs.map((run) => (
                    <RunRow key={run.id} run={run} />
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function RunRow({ run }: { run: BackupRun }) {
  return (
    <tr>
      <td>
        <time dateTime={isoTime(run.started_at)}>{formatDateTime(run.started_at)}</time>
      </td>
      <td>{run.trigger === 'schedule' ? 'Schedule' : 'Command'}</td>
      <td>
        {run.ok ? (
          <span className={styles.ok}>OK</span>
        ) : (
          <span className={styles.failed}>Failed: {run.error ?? 'no reason given'}</span>
        )}
      </td>
      <td className={styles.size}>{backupSize(run)}</td>
      <td>{run.ok ? run.files : '—'}</td>
      <td className={styles.name}>{run.name}</td>
    </tr>
  );
}
