import type { WidgetView } from "../../server/charts/dashboard.server.ts";

/**
 * One dashboard widget: its title and one-sentence summary, the chart drawn on the server (hidden
 * from assistive technology, which reads the table instead), the table, and its CSV download.
 */
export function ChartFigure({ widget }: { widget: WidgetView }) {
  const id = `widget-${widget.key}`;
  return (
    <figure aria-labelledby={id} className="min-w-0 rounded-lg border border-stone-200 p-3">
      <h2 id={id} className="text-lg font-semibold">
        {widget.title}
      </h2>
      <figcaption className="mt-1 text-sm text-stone-700">{widget.summary}</figcaption>
      {/* Vega escapes every text it draws (chart.server.ts): the markup is the server's own. */}
      {widget.svg && <div aria-hidden="true" className="mt-2" dangerouslySetInnerHTML={{ __html: widget.svg }} />}
      {widget.table.rows.length > 0 && (
        // In a box of its own: a table is never narrower than its cells, so the class on the table
        // itself would leave a box wider than a phone's screen.
        <div className="sr-only">
          <table>
            <caption>{widget.title}</caption>
            <thead>
              <tr>
                {widget.table.header.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {widget.table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-2 text-sm">
        <a href={`/staff/dashboard.csv?widget=${widget.key}`} download className="font-medium text-brand-800 underline">
          Download {widget.title} (CSV)
        </a>
      </p>
    </figure>
  );
}
