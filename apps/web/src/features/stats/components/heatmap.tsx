import { Table } from '../../../components/ui/table';
import styles from '../stats.module.css';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Average listeners by weekday and hour: a table whose cells are shaded by their value. */
export function Heatmap({ cells, tz }: { cells: (number | null)[][]; tz: string }) {
  const top = Math.max(1, ...cells.flat().map((v) => v ?? 0));
  return (
    <Table label={`Average listeners by weekday and hour (${tz})`} className={styles.heatmap}>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Day</span>
          </th>
          {HOURS.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cells.map((row, d) => (
          <tr key={DAYS[d]}>
            <th scope="row">{DAYS[d]}</th>
            {row.map((value, h) => (
              <td
                key={h}
                title={`${DAYS[d]} ${h}:00: ${value === null ? 'no data' : `${value} listening`}`}
                style={{ '--heat': value === null ? 0 : value / top } as React.CSSProperties}
                className={value === null ? styles.noHeat : undefined}
              >
                {value === null ? '' : Math.round(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
