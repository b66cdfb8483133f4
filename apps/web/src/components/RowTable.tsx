import classes from './RowTable.module.css';

/**
 * A two-column table of labelled rows (a row header and its value). Plain HTML rather than
 * Mantine's Table, whose static ScrollContainer drags a scroll area and floating-ui (about 15 KB
 * gzipped) into every page that shows one; the home page's key dates are one of those.
 */
export function RowTable({ rows, label }: { rows: [string, string][]; label?: string }) {
  return (
    <table className={classes.table} aria-label={label}>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
